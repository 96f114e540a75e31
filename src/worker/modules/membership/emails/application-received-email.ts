import { CLUB_NAME } from '../../../../shared/constants';
import { i18n } from '../../../platform/i18n';
import { escapeHtml } from '../../mail/layout';

/** Issue 46: the applicant hears at once that her application arrived, and what happens next. */
export function applicationReceivedEmail(opts: { name: string }): { subject: string; bodyHtml: string } {
  return {
    subject: i18n._('We received your application'),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: escapeHtml(opts.name) })}</p>
<p>${i18n._('Thank you for applying to {club}. Your application has reached us.', { club: escapeHtml(CLUB_NAME) })}</p>
<p>${i18n._('What happens next:')}</p>
<ul>
<li>${i18n._('An administrator of the club reads it, usually within a week.')}</li>
<li>${i18n._('If it is accepted, you receive an email with a link to create your account (valid for 7 days). You then choose your password and you are in.')}</li>
<li>${i18n._('If it is not, you may hear from us by email.')}</li>
</ul>
<p>${i18n._('There is nothing more to do meanwhile.')}</p>`,
  };
}
