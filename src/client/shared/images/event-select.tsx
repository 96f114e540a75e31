import type { EventOption } from '../../../shared/schemas/images';
import { SelectField } from '../../components/field';
import { i18n } from '../i18n';

/** The associated-event select: 'No event associated' plus every event. */
export function EventSelect({
  events,
  value,
  onChange,
}: {
  events: EventOption[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <SelectField
      label={i18n.t('Associated event')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
    >
      <option value="">{i18n.t('No event associated')}</option>
      {events.map((ev) => (
        <option key={ev.id} value={ev.id}>
          {ev.title}
        </option>
      ))}
    </SelectField>
  );
}
