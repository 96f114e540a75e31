import { CLUB_NAME } from '../../../../shared/constants';
import { formatDate } from '../../../../shared/date-format';
import { lapsesOn } from '../../../../shared/membership-term';
import { NAME_PLACEHOLDER } from '../../../../shared/schemas/mail';
import { i18n } from '../../../platform/i18n';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/**
 * The reminder 30 and 7 days before her renews_on (issue 24): an account email about her own
 * membership, so it is always sent (no unsubscribe); greeted by name when sent.
 */
export function renewalReminderEmail(opts: { renewsOn: string; settingsLink: string }): { subject: string; bodyHtml: string } {
  const date = formatDate(opts.renewsOn);
  return {
    subject: i18n._('Your membership renews on {date}', { date }),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: NAME_PLACEHOLDER })}</p>
<p>${i18n._('Your membership of {club} renews on <strong>{date}</strong>. Please arrange your renewal with the club before then.', { club: escapeHtml(CLUB_NAME), date: escapeHtml(date) })}</p>
<p>${i18n._('After that day you keep everything for 30 days of grace; from {date} a membership that was not renewed lapses.', { date: escapeHtml(formatDate(lapsesOn(opts.renewsOn))) })}</p>
${buttonHtml(opts.settingsLink, i18n._('Your membership in Settings'))}
<p>${i18n._('Thank you for being part of the club.')}</p>`,
  };
}
