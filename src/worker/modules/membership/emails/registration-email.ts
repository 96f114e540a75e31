import { CLUB_NAME } from '../../../../shared/constants';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/** The invitation to register, sent when an admin accepts an application. */
export function registrationEmail(opts: { name: string; link: string; expiresAt: number }): { subject: string; bodyHtml: string } {
  const expires = new Date(opts.expiresAt).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
  return {
    subject: `Welcome to ${CLUB_NAME}: create your account`,
    bodyHtml: `<p>Dear ${escapeHtml(opts.name)},</p>
<p>We are delighted to tell you that your application to ${escapeHtml(CLUB_NAME)} has been accepted.</p>
<p>Please create your account with the link below. It can be used once and is valid for 7 days (until ${escapeHtml(expires)}).</p>
${buttonHtml(opts.link, 'Create your account')}
<p>We look forward to meeting you.</p>`,
  };
}
