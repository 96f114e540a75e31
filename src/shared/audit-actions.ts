/**
 * Every action the audit log records (platform/audit.ts takes only these names), with the label
 * the Audit log screen shows for it. A new kind of entry is added here first: the type then
 * makes sure the screen can say what it was. Labels read after the admin's name ("Ana · Reset a
 * password"), so they are short past-tense phrases.
 */
export const AUDIT_ACTION_LABELS = {
  // Accounts and sign-in (the member herself, or an admin for someone else)
  'auth.sign_in_two_factor': 'Signed in with two-factor',
  'two_factor.enable': 'Turned on two-factor sign-in',
  'two_factor.disable': 'Turned off two-factor sign-in',
  'auth.sign_in_passkey': 'Signed in with a passkey',
  'passkey.add': 'Added a passkey',
  'passkey.rename': 'Renamed a passkey',
  'passkey.remove': 'Removed a passkey',
  'passkey.counter_rejected': 'Passkey refused: its signature counter went back (a cloned authenticator?)',
  'session.end': 'Ended a session',
  'session.end_others': 'Signed out all other devices',
  'user.update_self': 'Changed own account type',
  'account.delete': 'Deleted own account',
  'account.export': 'Downloaded own data',
  // User management
  'user.privilege': 'Changed a membership type',
  'user.grant_admin': 'Granted admin rights',
  'user.revoke_admin': 'Removed admin rights',
  'user.reset_password': 'Reset a password',
  'user.delete': 'Deleted a member’s account',
  'user.renew': 'Recorded a renewal',
  // Membership
  'application.accept': 'Accepted an application',
  'application.reject': 'Rejected an application',
  'application.resend_invitation': 'Resent a registration invitation',
  'invitation_code.create': 'Created an invitation code',
  'invitation_code.revoke': 'Revoked an invitation code',
  'roster.import': 'Imported a roster',
  'roster.resend_invitation': 'Resent an import invitation',
  'roster.export': 'Downloaded the roster',
  // Mail
  'mail.send': 'Sent group mail',
  'mail.retry_failed': 'Retried failed deliveries',
  // Events, images, comments (an admin acting on someone else's)
  'event.update': 'Edited an event',
  'event.delete': 'Deleted an event',
  'event.announce': 'Announced an event',
  'image.update': 'Edited an image',
  'image.delete': 'Deleted an image',
  'comment.delete': 'Deleted a comment',
  // Homes (an admin acting on someone else's)
  'home.update': 'Edited a home',
  'home.delete': 'Deleted a home',
  'home.hide': 'Hid a home',
  'home.unhide': 'Listed a hidden home again',
  // Messages between members (issue 38): a member's report, and the admins' decisions on it
  'message.report': 'Reported a message',
  'message_report.dismiss': 'Dismissed a message report',
  'message_report.remove': 'Removed a reported message',
  'messaging.suspend': 'Suspended a member’s messages',
  // Circles (issue 39): admins, and hosts in their circle
  'circle.create': 'Created a circle',
  'circle.update': 'Edited a circle',
  'circle.delete': 'Deleted a circle',
  'circle.host': 'Changed a circle’s hosts',
  'circle_post.remove': 'Removed a post from a circle',
  'comment.remove': 'Removed a comment from a circle',
  'circle_proposal.accept': 'Accepted a circle proposal',
  'circle_proposal.decline': 'Declined a circle proposal',
  // Operations (issue 44): queue messages that used up their retries
  'dead_letter.retry': 'Retried a failed queue message',
  'dead_letter.discard': 'Discarded a failed queue message',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, action);

/** The label of an action; an unknown one (an old entry, a renamed action) reads as its name. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}
