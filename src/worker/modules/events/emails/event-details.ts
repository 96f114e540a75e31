import { formatEventWhen } from '../../../../shared/date-format';
import { eventTypeLabel } from '../../../../shared/event-format';
import type { EventRow } from '../../../db/schema/events';
import { eventPlace } from '../ics';
import { escapeHtml } from '../../mail/layout';
import { i18n, translate } from '../../../platform/i18n';

/** The when / where / what table shared by the event emails; every value escaped. */
export function eventDetailsHtml(e: EventRow): string {
  const when = formatEventWhen(e.startsAt, e.endsAt, e.timeZone);
  const place = e.isPhysical ? eventPlace(e) || i18n._('Unset') : e.virtualLink || i18n._('No link provided');
  const rows: [string, string][] = [
    [i18n._('Date'), when.date],
    [i18n._('Time'), `${when.time} (${e.timeZone.replace(/_/g, ' ')})`],
    [e.isPhysical ? i18n._('Location') : i18n._('Virtual link'), place],
    [i18n._('Category'), translate(eventTypeLabel(e.type))],
  ];
  const cells = rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding-block:4px;padding-inline:0 16px;color:#6b5d57;vertical-align:top">${escapeHtml(k)}</td><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:15px">${cells}</table>`;
}
