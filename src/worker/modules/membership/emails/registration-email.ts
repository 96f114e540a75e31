import { CLUB_NAME } from '../../../../shared/constants';
import { formatDateTime } from '../../../../shared/date-format';
import { buttonHtml, escapeHtml } from '../../mail/layout';

/** The invitation to register, sent when an admin accepts an application. */
export function registrationEmail(opts: { name: string; link: string; expiresAt: number }): { subject: string; bodyHtml: string } {
  // The applicant's zone is unknown: the moment the link stops working, in UTC and saying so.
  const expires = formatDateTime(opts.expiresAt, 'UTC');
  return {
    subject: `Welcome to ${CLUB_NAME}: create your account`,
    bodyHtml: `<p>Dear ${escapeHtml(opts.name)},</p>
<p>We are delighted to tell you that your application to ${escapeHtml(CLUB_NAME)} has been accepted.</p>
<p>Please create your account with the link below. It can be used once and is valid for 7 days (until ${escapeHtml(expires)}).</p>
${buttonHtml(opts.link, 'Create your account')}
<p>We look forward to meeting you.</p>`,
  };
}

/**
 * The invitation of a member brought in by a roster import (issue 24): the same link and lifetime
 * as an accepted applicant's, worded for someone who is a member already.
 */
export function importInvitationEmail(opts: { name: string; link: string; expiresAt: number }): { subject: string; bodyHtml: string } {
  const expires = formatDateTime(opts.expiresAt, 'UTC');
  return {
    subject: `Welcome to ${CLUB_NAME}: create your account`,
    bodyHtml: `<p>Dear ${escapeHtml(opts.name)},</p>
<p>${escapeHtml(CLUB_NAME)} now has its own members’ site, and your membership has been carried over to it.</p>
<p>Please create your account with the link below: choose your password and you are in. It can be used once and is valid for 7 days (until ${escapeHtml(expires)}).</p>
${buttonHtml(opts.link, 'Create your account')}
<p>We look forward to seeing you there.</p>`,
  };
}
