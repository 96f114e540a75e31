import { CLUB_NAME } from '../../../../shared/constants';
import { escapeHtml } from '../../mail/layout';

/** Issue 46: the applicant hears at once that her application arrived, and what happens next. */
export function applicationReceivedEmail(opts: { name: string }): { subject: string; bodyHtml: string } {
  return {
    subject: 'We received your application',
    bodyHtml: `<p>Dear ${escapeHtml(opts.name)},</p>
<p>Thank you for applying to ${escapeHtml(CLUB_NAME)}. Your application has reached us.</p>
<p>What happens next:</p>
<ul>
<li>An administrator of the club reads it, usually within a week.</li>
<li>If it is accepted, you receive an email with a link to create your account (valid for 7 days). You then choose your password and you are in.</li>
<li>If it is not, you may hear from us by email.</li>
</ul>
<p>There is nothing more to do meanwhile.</p>`,
  };
}
