import { formatEventWhen } from '../../../../shared/date-format';
import { eventTypeLabel } from '../../../../shared/event-format';
import type { EventRow } from '../../../db/schema/events';
import { eventPlace } from '../ics';
import { escapeHtml } from '../../mail/layout';

/** The when / where / what table shared by the event emails; every value escaped. */
export function eventDetailsHtml(e: EventRow): string {
  const when = formatEventWhen(e.startsAt, e.endsAt, e.timeZone);
  const place = e.isPhysical ? eventPlace(e) || 'Unset' : e.virtualLink || 'No link provided';
  const rows: [string, string][] = [
    ['Date', when.date],
    ['Time', `${when.time} (${e.timeZone.replace(/_/g, ' ')})`],
    [e.isPhysical ? 'Location' : 'Virtual link', place],
    ['Category', eventTypeLabel(e.type)],
  ];
  const cells = rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#6b5d57;vertical-align:top">${k}</td><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:15px">${cells}</table>`;
}
