import { sql, type SQL } from 'drizzle-orm';
import type { MemberActor } from '../../platform/actor';
import type { HomeState } from '../../../shared/schemas/homes';

interface HomeLike {
  hostId: number;
  state: HomeState;
}

/**
 * Who may do what with homes (DECISIONS "Travel Host homes"): Travel Hosts and admins create;
 * the host or an admin edits and deletes; admins hide; any other member requests a stay at a
 * listed home. Drafts and hidden homes exist only for their host and admins.
 */
export const homePolicy = {
  create: (a: MemberActor) => a.isAdmin || a.type === 'Travel Host',
  see: (a: MemberActor, home: HomeLike) => home.state === 'listed' || a.isAdmin || home.hostId === a.id,
  edit: (a: MemberActor, home: HomeLike) => a.isAdmin || home.hostId === a.id,
  delete: (a: MemberActor, home: HomeLike) => a.isAdmin || home.hostId === a.id,
  hide: (a: MemberActor) => a.isAdmin,
  request: (a: MemberActor, home: HomeLike) => home.state === 'listed' && home.hostId !== a.id,
};

/**
 * The exact address is the host's, admins' and a guest's whose stay was accepted (a condition on
 * the outer `homes` row, by its table name).
 */
export function addressVisibleSql(a: MemberActor): SQL {
  // Not a bare 1: D1's batch answers rows as objects keyed by column name, and an integer-like
  // name would be ordered first.
  if (a.isAdmin) return sql`(1 = 1)`;
  return sql`("homes"."host_id" = ${a.id} OR EXISTS (SELECT 1 FROM "home_stays" AS "v" WHERE "v"."home_id" = "homes"."id" AND "v"."guest_id" = ${a.id} AND "v"."status" = 'accepted'))`;
}

interface StayLike {
  guestId: number;
  hostId: number;
  status: string;
  startDate: string;
  endDate: string;
}

/** A stay is over from its check-out day (`today`: the club's YYYY-MM-DD, todayOf(deps)). */
export const stayIsOver = (stay: Pick<StayLike, 'endDate'>, today: string) => stay.endDate <= today;

/**
 * The host answers a pending request (accepts it only before its check-in day); the guest cancels
 * hers, the host or an admin an accepted one, while it is not over (issue 46, point 13).
 */
export const stayPolicy = {
  answer: (a: MemberActor, stay: StayLike) => stay.hostId === a.id && stay.status === 'pending',
  accept: (a: MemberActor, stay: StayLike, today: string) => stayPolicy.answer(a, stay) && stay.startDate >= today,
  cancel: (a: MemberActor, stay: StayLike, today: string) =>
    !stayIsOver(stay, today) &&
    (stay.guestId === a.id
      ? stay.status === 'pending' || stay.status === 'accepted'
      : // The host declines a pending request; she (or an admin) cancels an accepted stay.
        stay.status === 'accepted' && (stay.hostId === a.id || a.isAdmin)),
  see: (a: MemberActor, stay: StayLike) => a.isAdmin || stay.guestId === a.id || stay.hostId === a.id,
};
