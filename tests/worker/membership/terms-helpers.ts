import { eq } from 'drizzle-orm';
import { addDays, utcDate } from '../../../src/shared/membership-term';
import { users } from '../../../src/worker/db/schema/users';
import { createUser, deps, type TestUser } from '../helpers';

export const today = () => utcDate(Date.now());

/** Sets a member's term directly (the dates an import or the years would have given her). */
export async function setTerm(u: { id: number }, term: { member_since?: string; renews_on: string }) {
  await deps()
    .db.update(users)
    .set({ renewsOn: term.renews_on, ...(term.member_since ? { memberSince: term.member_since } : {}) })
    .where(eq(users.id, u.id));
}

/** A member whose renews_on passed `daysAgo` days ago (31 or more: lapsed; 0 to 29: in grace). */
export async function memberRenewedDaysAgo(daysAgo: number, opts: Parameters<typeof createUser>[0] = {}): Promise<TestUser> {
  const u = await createUser(opts);
  const renewsOn = addDays(today(), -daysAgo);
  await setTerm(u, { member_since: addDays(renewsOn, -365), renews_on: renewsOn });
  return u;
}

export const lapsedMember = (opts: Parameters<typeof createUser>[0] = {}) => memberRenewedDaysAgo(45, opts);
