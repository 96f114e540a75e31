import { CLUB_NAME } from '../../../../shared/constants';
import { formatDate } from '../../../../shared/date-format';
import { lapsesOn } from '../../../../shared/membership-term';
import { NAME_PLACEHOLDER } from '../../../../shared/schemas/mail';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/**
 * The reminder 30 and 7 days before her renews_on (issue 24): an account email about her own
 * membership, so it is always sent (no unsubscribe); greeted by name when sent.
 */
export function renewalReminderEmail(opts: { renewsOn: string; settingsLink: string }): { subject: string; bodyHtml: string } {
  const date = formatDate(opts.renewsOn);
  return {
    subject: `Your membership renews on ${date}`,
    bodyHtml: `<p>Dear ${NAME_PLACEHOLDER},</p>
<p>Your membership of ${escapeHtml(CLUB_NAME)} renews on <strong>${escapeHtml(date)}</strong>. Please arrange your renewal with the club before then.</p>
<p>After that day you keep everything for 30 days of grace; from ${escapeHtml(formatDate(lapsesOn(opts.renewsOn)))} a membership that was not renewed lapses.</p>
${buttonHtml(opts.settingsLink, 'Your membership in Settings')}
<p>Thank you for being part of the club.</p>`,
  };
}
