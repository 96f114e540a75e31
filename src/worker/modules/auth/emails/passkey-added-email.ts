import { CLUB_NAME } from '../../../../shared/constants';
import { formatDateTime } from '../../../../shared/date-format';
import { i18n } from '../../../platform/i18n';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/**
 * "A passkey was added to your account" (issue 45): a security email about her own account, so
 * it is always sent (no unsubscribe), to her account's address, whoever added the passkey. It
 * names the device it was added from, the passkey's name and the time, and links to
 * Settings > Passkeys, where she removes one she does not know.
 */
export function passkeyAddedEmail(opts: { name: string; passkeyName: string; device: string; at: number; link: string }): {
  subject: string;
  bodyHtml: string;
} {
  return {
    subject: i18n._('A passkey was added to your account'),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: escapeHtml(opts.name) })}</p>
<p>${i18n._('A passkey was added to your {club} account from <strong>{device}</strong> on {date}. It is listed as “{passkey}” in Settings &gt; Passkeys, and it can now sign in to your account.', { club: escapeHtml(CLUB_NAME), device: escapeHtml(opts.device), date: escapeHtml(formatDateTime(opts.at, 'UTC')), passkey: escapeHtml(opts.passkeyName) })}</p>
<p>${i18n._('If you added it, there is nothing to do.')}</p>
<p>${i18n._('If you did not, someone else may be using your account: remove the passkey in Settings &gt; Passkeys, then change your password there and keep “Also remove my passkeys” checked.')}</p>
${buttonHtml(opts.link, i18n._('Open Settings > Passkeys'))}`,
  };
}
