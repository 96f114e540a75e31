import { CLUB_NAME } from '../../../../shared/constants';
import { formatDateTime } from '../../../../shared/date-format';
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
    subject: 'A passkey was added to your account',
    bodyHtml: `<p>Dear ${escapeHtml(opts.name)},</p>
<p>A passkey was added to your ${escapeHtml(CLUB_NAME)} account from <strong>${escapeHtml(opts.device)}</strong> on ${escapeHtml(formatDateTime(opts.at, 'UTC'))}. It is listed as “${escapeHtml(opts.passkeyName)}” in Settings &gt; Passkeys, and it can now sign in to your account.</p>
<p>If you added it, there is nothing to do.</p>
<p>If you did not, someone else may be using your account: remove the passkey in Settings &gt; Passkeys, then change your password there and keep “Also remove my passkeys” checked.</p>
${buttonHtml(opts.link, 'Open Settings > Passkeys')}`,
  };
}
