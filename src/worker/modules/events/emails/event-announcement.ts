import type { EventRow } from '../../../db/schema/events';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/** The host's message to the participants; `safeBodyHtml` is already sanitized. */
export function eventAnnouncementEmail(opts: { event: EventRow; subject: string; safeBodyHtml: string; link: string }) {
  return {
    subject: opts.subject,
    bodyHtml: `<p style="font-size:13px;color:#6b5d57">About <strong>${escapeHtml(opts.event.title)}</strong></p>
${opts.safeBodyHtml}
${buttonHtml(opts.link, 'View the event')}`,
  };
}
