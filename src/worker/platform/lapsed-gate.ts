import type { Actor } from './actor';

/*
 * DECISIONS "Membership terms": a lapsed member can still sign in, open Settings, download her
 * data and delete her account; every other call that needs a member answers 403
 * MEMBERSHIP_LAPSED (guards.ts requireMember). This is the one list of what she keeps, for both
 * transports: a route or procedure not named here is refused to her, so whatever is added later
 * is closed to lapsed members unless it is added here. Calls that need no member (auth status,
 * logout, the public forms) are open to her as to anyone. The client's twin is
 * src/client/shell/guards.tsx (the pages she keeps).
 */

/** REST calls, as `METHOD /path` with Hono's `:param` segments. */
const KEPT_ROUTES = [
  'GET /user-details',
  'POST /update-user',
  'POST /update-password',
  'GET /api/account/sessions',
  'DELETE /api/account/sessions/:id',
  'POST /api/account/sessions/end-others',
  'GET /api/account/2fa',
  'POST /api/account/2fa/setup',
  'POST /api/account/2fa/enable',
  'POST /api/account/2fa/disable',
  'GET /api/account/email-preferences',
  'PUT /api/account/email-preferences',
  // Issue 41: her language and appearance.
  'GET /api/preferences',
  'PUT /api/preferences',
  'GET /api/account/export',
  'DELETE /api/account',
  // Issue 25: her passkeys (Settings > Passkeys).
  'GET /api/passkeys',
  'POST /api/passkeys/registration/options',
  'POST /api/passkeys/registration',
  'PATCH /api/passkeys/:id',
  'DELETE /api/passkeys/:id',
  // Issue 22: her profile and photo (Settings > Profile); the photo's bytes only her own (photos.ts).
  'GET /api/profile',
  'PUT /api/profile',
  'POST /api/profile/photo',
  'DELETE /api/profile/photo',
  'GET /images/members/:key',
  // Issue 23: her email choice per notification kind and her time zone, in the same Settings >
  // Email table as the categories above (the bell, the list and the live socket are not hers).
  'GET /api/notification-preferences',
  'PUT /api/notification-preferences',
  // Issue 38: she reads her conversations (reading marks them read) and keeps Settings > Privacy.
  'GET /api/conversations',
  'GET /api/conversations/:id/messages',
  'POST /api/conversations/:id/read',
  'GET /api/privacy',
  'PUT /api/privacy',
  'GET /api/blocks',
  'POST /api/blocks',
  'DELETE /api/blocks/:member_id',
  // Issue 40: her devices that receive push are her own data (she is sent no push while lapsed).
  'GET /api/push/subscriptions',
  'DELETE /api/push/subscriptions/:id',
  // Issue 46: her one way to reach the club about renewing.
  'POST /api/membership/contact',
] as const;

/** tRPC procedures by path. */
const KEPT_PROCEDURES: ReadonlySet<string> = new Set([
  'auth.details',
  'auth.updateUser',
  'auth.updatePassword',
  'auth.sessions.list',
  'auth.sessions.end',
  'auth.sessions.endOthers',
  'auth.twoFactor.status',
  'auth.twoFactor.setup',
  'auth.twoFactor.enable',
  'auth.twoFactor.disable',
  'account.emailPreferences',
  'account.updateEmailPreferences',
  'account.preferences',
  'account.updatePreferences',
  'account.delete',
  'auth.passkeys.list',
  'auth.passkeys.registrationOptions',
  'auth.passkeys.register',
  'auth.passkeys.rename',
  'auth.passkeys.remove',
  'profile.mine',
  'profile.update',
  'profile.deletePhoto',
  'notifications.preferences',
  'notifications.updatePreferences',
  'notifications.settings',
  'notifications.updateSettings',
  'push.subscriptions',
  'push.unsubscribe',
  // Issue 38: she reads her conversations (and reading marks them read) but sends nothing; who may
  // write to her and whom she blocks are her own settings (Settings > Privacy).
  'messages.conversations',
  'messages.conversation',
  'messages.list',
  'messages.markRead',
  'messages.unread',
  'messages.privacy',
  'messages.setPrivacy',
  'messages.blocks',
  'messages.block',
  'messages.unblock',
  'membership.contactClub',
]);

const keptRoutePatterns = KEPT_ROUTES.map((route) => {
  const [method, path] = route.split(' ') as [string, string];
  const pattern = path.replace(/:[A-Za-z_]+/g, '[^/]+');
  return { method, path: new RegExp(`^${pattern}/?$`) };
});

export const LAPSED_MEMBER_KEEPS = { routes: KEPT_ROUTES, procedures: KEPT_PROCEDURES };

export function routeKeptWhileLapsed(method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return keptRoutePatterns.some((r) => r.method === m && r.path.test(path));
}

export function procedureKeptWhileLapsed(path: string): boolean {
  return KEPT_PROCEDURES.has(path);
}

/** The actor of a call she keeps while lapsed: requireMember then lets her through. */
export function keepingLapsedAccess(actor: Actor, kept: boolean): Actor {
  return kept && actor.kind === 'member' && actor.membership.status === 'lapsed' ? { ...actor, keepsLapsedAccess: true } : actor;
}
