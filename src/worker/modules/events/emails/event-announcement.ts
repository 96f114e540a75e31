import type { EventRow } from '../../../db/schema/events';
import { i18n } from '../../../platform/i18n';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/** The host's message to the participants (as she wrote it); `safeBodyHtml` is already sanitized. */
export function eventAnnouncementEmail(opts: { event: EventRow; subject: string; safeBodyHtml: string; link: string }) {
  return {
    subject: opts.subject,
    bodyHtml: `<p style="font-size:13px;color:#6b5d57">${i18n._('About <strong>{title}</strong>', { title: escapeHtml(opts.event.title) })}</p>
${opts.safeBodyHtml}
${buttonHtml(opts.link, i18n._('View the event'))}`,
  };
}
