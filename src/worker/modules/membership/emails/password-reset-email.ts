import { CLUB_NAME } from '../../../../shared/constants';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/** The forgot-password link: single use, valid for one hour. */
export function passwordResetEmail(opts: { name: string; link: string }): { subject: string; bodyHtml: string } {
  return {
    subject: `Reset your ${CLUB_NAME} password`,
    bodyHtml: `<p>Dear ${escapeHtml(opts.name)},</p>
<p>We received a request to reset the password of your account. Choose a new password with the link below. It can be used once and is valid for one hour.</p>
${buttonHtml(opts.link, 'Choose a new password')}
<p>If you did not ask for this, you can ignore this email: your password stays as it is.</p>`,
  };
}
