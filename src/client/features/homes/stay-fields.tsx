import type { ComponentProps } from 'react';
import { TextField } from '../../components/field';
import { i18n } from './locales/i18n';

/**
 * Check-in and check-out, as both the homes' search and Request a stay ask for them: check-out
 * cannot be set before check-in. `names` are the fields' names where the form's errors name them.
 */
export function StayDateFields({
  start,
  end,
  onStart,
  onEnd,
  errors,
  names,
  required,
}: {
  start: string;
  end: string;
  onStart: (day: string) => void;
  onEnd: (day: string) => void;
  errors: { start?: string; end?: string };
  names?: { start: string; end: string };
  required?: boolean;
}) {
  return (
    <>
      <TextField
        label={i18n.t('Check-in')}
        type="date"
        name={names?.start}
        required={required}
        value={start}
        onChange={(e) => onStart(e.target.value)}
        error={errors.start}
      />
      <TextField
        label={i18n.t('Check-out')}
        type="date"
        name={names?.end}
        required={required}
        min={start || undefined}
        value={end}
        onChange={(e) => onEnd(e.target.value)}
        error={errors.end}
      />
    </>
  );
}

/** How many guests: from 1 to the home's (or the search's) most. */
export function GuestsField({ max, ...input }: Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'min'> & { max: number }) {
  return <TextField label={i18n.t('Guests')} type="number" min={1} max={max} {...input} />;
}
