import { CLUB_NAME } from '../../../../shared/constants';
import { i18n } from '../../../platform/i18n';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/** The forgot-password link: single use, valid for one hour. In the active language (platform/i18n.ts). */
export function passwordResetEmail(opts: { name: string; link: string }): { subject: string; bodyHtml: string } {
  return {
    subject: i18n._('Reset your {club} password', { club: CLUB_NAME }),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: escapeHtml(opts.name) })}</p>
<p>${i18n._('We received a request to reset the password of your account. Choose a new password with the link below. It can be used once and is valid for one hour.')}</p>
${buttonHtml(opts.link, i18n._('Choose a new password'))}
<p>${i18n._('If you did not ask for this, you can ignore this email: your password stays as it is.')}</p>`,
  };
}
