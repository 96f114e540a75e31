import { CLUB_NAME } from '../../../../shared/constants';
import { formatDateTime } from '../../../../shared/date-format';
import { i18n } from '../../../platform/i18n';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/** The invitation to register, sent when an admin accepts an application. In the active language. */
export function registrationEmail(opts: { name: string; link: string; expiresAt: number }): { subject: string; bodyHtml: string } {
  // The applicant's zone is unknown: the moment the link stops working, in UTC and saying so.
  const expires = formatDateTime(opts.expiresAt, 'UTC');
  return {
    subject: i18n._('Welcome to {club}: create your account', { club: CLUB_NAME }),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: escapeHtml(opts.name) })}</p>
<p>${i18n._('We are delighted to tell you that your application to {club} has been accepted.', { club: escapeHtml(CLUB_NAME) })}</p>
<p>${i18n._('Please create your account with the link below. It can be used once and is valid for 7 days (until {expires}).', { expires: escapeHtml(expires) })}</p>
${buttonHtml(opts.link, i18n._('Create your account'))}
<p>${i18n._('We look forward to meeting you.')}</p>`,
  };
}

/**
 * The invitation of a member brought in by a roster import (issue 24): the same link and lifetime
 * as an accepted applicant's, worded for someone who is a member already.
 */
export function importInvitationEmail(opts: { name: string; link: string; expiresAt: number }): { subject: string; bodyHtml: string } {
  const expires = formatDateTime(opts.expiresAt, 'UTC');
  return {
    subject: i18n._('Welcome to {club}: create your account', { club: CLUB_NAME }),
    bodyHtml: `<p>${i18n._('Dear {name},', { name: escapeHtml(opts.name) })}</p>
<p>${i18n._('{club} now has its own members’ site, and your membership has been carried over to it.', { club: escapeHtml(CLUB_NAME) })}</p>
<p>${i18n._('Please create your account with the link below: choose your password and you are in. It can be used once and is valid for 7 days (until {expires}).', { expires: escapeHtml(expires) })}</p>
${buttonHtml(opts.link, i18n._('Create your account'))}
<p>${i18n._('We look forward to seeing you there.')}</p>`,
  };
}
