/**
 * Every action the audit log records (platform/audit.ts takes only these names), with the label
 * the Audit log screen shows for it. A new kind of entry is added here first: the type then
 * makes sure the screen can say what it was. Labels read after the admin's name ("Ana · Reset a
 * password"), so they are short past-tense phrases. Marked for the Worker's catalog: the audit log
 * answers them in the admin's language (issue 41).
 */
export const AUDIT_ACTION_LABELS = {
  // Accounts and sign-in (the member herself, or an admin for someone else)
  'auth.sign_in_two_factor': /*i18n*/ 'Signed in with two-factor',
  'two_factor.enable': /*i18n*/ 'Turned on two-factor sign-in',
  'two_factor.disable': /*i18n*/ 'Turned off two-factor sign-in',
  'auth.sign_in_passkey': /*i18n*/ 'Signed in with a passkey',
  'passkey.add': /*i18n*/ 'Added a passkey',
  'passkey.rename': /*i18n*/ 'Renamed a passkey',
  'passkey.remove': /*i18n*/ 'Removed a passkey',
  'passkey.counter_rejected': /*i18n*/ 'Passkey refused: its signature counter went back (a cloned authenticator?)',
  'session.end': /*i18n*/ 'Ended a session',
  'session.end_others': /*i18n*/ 'Signed out all other devices',
  'user.update_self': /*i18n*/ 'Changed own account type',
  'account.delete': /*i18n*/ 'Deleted own account',
  'account.export': /*i18n*/ 'Downloaded own data',
  // User management
  'user.privilege': /*i18n*/ 'Changed a membership type',
  'user.grant_admin': /*i18n*/ 'Granted admin rights',
  'user.revoke_admin': /*i18n*/ 'Removed admin rights',
  'user.reset_password': /*i18n*/ 'Reset a password',
  'user.delete': /*i18n*/ 'Deleted a member’s account',
  'user.renew': /*i18n*/ 'Recorded a renewal',
  // Membership
  'application.accept': /*i18n*/ 'Accepted an application',
  'application.reject': /*i18n*/ 'Rejected an application',
  'application.resend_invitation': /*i18n*/ 'Resent a registration invitation',
  'invitation_code.create': /*i18n*/ 'Created an invitation code',
  'invitation_code.revoke': /*i18n*/ 'Revoked an invitation code',
  'roster.import': /*i18n*/ 'Imported a roster',
  'roster.resend_invitation': /*i18n*/ 'Resent an import invitation',
  'roster.export': /*i18n*/ 'Downloaded the roster',
  // Mail
  'mail.send': /*i18n*/ 'Sent group mail',
  'mail.retry_failed': /*i18n*/ 'Retried failed deliveries',
  // Events, images, comments (an admin acting on someone else's)
  'event.update': /*i18n*/ 'Edited an event',
  'event.delete': /*i18n*/ 'Deleted an event',
  'event.announce': /*i18n*/ 'Announced an event',
  'image.update': /*i18n*/ 'Edited an image',
  'image.delete': /*i18n*/ 'Deleted an image',
  'comment.delete': /*i18n*/ 'Deleted a comment',
  // Homes (an admin acting on someone else's)
  'home.update': /*i18n*/ 'Edited a home',
  'home.delete': /*i18n*/ 'Deleted a home',
  'home.hide': /*i18n*/ 'Hid a home',
  'home.unhide': /*i18n*/ 'Listed a hidden home again',
  // Messages between members (issue 38): a member's report, and the admins' decisions on it
  'message.report': /*i18n*/ 'Reported a message',
  'message_report.dismiss': /*i18n*/ 'Dismissed a message report',
  'message_report.remove': /*i18n*/ 'Removed a reported message',
  'messaging.suspend': /*i18n*/ 'Suspended a member’s messages',
  // Circles (issue 39): admins, and hosts in their circle
  'circle.create': /*i18n*/ 'Created a circle',
  'circle.update': /*i18n*/ 'Edited a circle',
  'circle.delete': /*i18n*/ 'Deleted a circle',
  'circle.host': /*i18n*/ 'Changed a circle’s hosts',
  'circle_post.remove': /*i18n*/ 'Removed a post from a circle',
  'comment.remove': /*i18n*/ 'Removed a comment from a circle',
  'circle_proposal.accept': /*i18n*/ 'Accepted a circle proposal',
  'circle_proposal.decline': /*i18n*/ 'Declined a circle proposal',
  // Operations (issue 44): queue messages that used up their retries
  'dead_letter.retry': /*i18n*/ 'Retried a failed queue message',
  'dead_letter.discard': /*i18n*/ 'Discarded a failed queue message',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, action);

/** The label of an action; an unknown one (an old entry, a renamed action) reads as its name. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}
