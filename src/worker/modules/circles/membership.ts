import { and, asc, eq, sql } from 'drizzle-orm';
import type { MemberCard } from '../../../shared/members';
import type { AnswerRequestInput, CirclePageQuery, CircleRequestDto, CircleSlugInput } from '../../../shared/schemas/circles';
import type { Page } from '../../../shared/schemas/page';
import { circleMembers, circles } from '../../db/schema/circles';
import { memberProfiles } from '../../db/schema/members';
import { users } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { ensure, requireMember } from '../../platform/guards';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { cardColumns, toCard } from '../members/directory';
import { canMessageSql } from '../messages/privacy';
import { columnRef } from '../../db/column-ref';
import { memberPhotoSql } from '../members/member-refs';
import { profileUserColumns } from '../members/profiles';
import { notify } from '../notifications/record';
import {
  circleArchived,
  circleIdBySlug,
  circleNotFound,
  findCircle,
  limitCircleWrites,
  personOf,
  refreshMemberCount,
  slugOrNotFound,
} from './circle-rows';
import { circlePolicy } from './policies';

/*
 * Joining and leaving (issue 39): an open circle takes any member at once; a `request` circle
 * keeps her request (status 'pending') until one of its hosts accepts or declines it. Every change
 * refreshes the circle's member count in its own batch.
 */

export type JoinAnswer = { joined: true } | { requested: true };

/** POST /api/circles/{slug}/join: 200 {joined: true}, or 202 {requested: true} for a `request` circle. */
export async function joinCircle(deps: Deps, actor: Actor, input: CircleSlugInput): Promise<JoinAnswer> {
  const me = requireMember(actor);
  const { circle, membership } = await findCircle(deps, me, input.slug);
  if (membership.status === 'member') return { joined: true };
  if (membership.status === 'pending') return { requested: true };
  if (circle.archived) throw circleArchived();
  await limitCircleWrites(deps, me);
  const status = circle.join === 'open' ? 'member' : 'pending';
  const [inserted] = await deps.db.batch([
    deps.db
      .insert(circleMembers)
      .values({ circleId: circle.id, userId: me.id, role: 'member', status, joinedAt: deps.now() })
      .onConflictDoNothing()
      .returning({ status: circleMembers.status }),
    refreshMemberCount(deps, circle.id),
  ]);
  if (status === 'member') return { joined: true };
  // Her hosts hear of it (circle_request), once per request.
  if (inserted.length > 0) await notify(deps, me.id, { kind: 'circle_request', circleId: circle.id });
  return { requested: true };
}

export const ONLY_HOST = /*i18n*/ 'You are this circle’s only host: an administrator names another host first.';

/** POST /api/circles/{slug}/leave (204): her membership, or her request, goes. Its only host stays. */
export async function leaveCircle(deps: Deps, actor: Actor, input: CircleSlugInput): Promise<void> {
  const me = requireMember(actor);
  const { circle, membership } = await findCircle(deps, me, input.slug);
  if (membership.status === null) return;
  if (membership.role === 'host') {
    const [others] = await deps.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(circleMembers)
      .where(
        and(
          eq(circleMembers.circleId, circle.id),
          eq(circleMembers.role, 'host'),
          eq(circleMembers.status, 'member'),
          sql`${circleMembers.userId} <> ${me.id}`,
        ),
      );
    if (!others?.n) throw new AppError('CONFLICT', ONLY_HOST);
  }
  await limitCircleWrites(deps, me);
  await deps.db.batch([
    deps.db.delete(circleMembers).where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, me.id))),
    refreshMemberCount(deps, circle.id),
  ]);
}

/** POST /api/circles/{slug}/mute: her circle_post notifications of this circle stop (or start again). */
export async function muteCircle(deps: Deps, actor: Actor, input: CircleSlugInput & { muted: boolean }): Promise<{ muted: boolean }> {
  const me = requireMember(actor);
  const { circle, membership } = await findCircle(deps, me, input.slug);
  if (membership.status !== 'member')
    throw new AppError('CONFLICT', /*i18n*/ 'Join the circle first: only its members are told of its posts.');
  await deps.db
    .update(circleMembers)
    .set({ muted: input.muted })
    .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, me.id)));
  return { muted: input.muted };
}

/** GET /api/circles/{slug}/requests (its hosts and admins): who asked, oldest first. */
export async function listRequests(deps: Deps, actor: Actor, input: CircleSlugInput): Promise<CircleRequestDto[]> {
  const me = requireMember(actor);
  const { circle, membership } = await findCircle(deps, me, input.slug);
  ensure(circlePolicy.host(me, membership), /*i18n*/ 'Only its hosts answer requests to join this circle.');
  const rows = await deps.db
    .select({ id: users.id, name: users.name, photo: memberPhotoSql(me, users.id), at: circleMembers.joinedAt })
    .from(circleMembers)
    .innerJoin(users, eq(users.id, circleMembers.userId))
    .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.status, 'pending')))
    .orderBy(asc(circleMembers.joinedAt), asc(circleMembers.userId));
  return rows.map((r) => ({ ...personOf(r.id, r.name, r.photo), id: r.id, requested_at: new Date(r.at).toISOString() }));
}

/**
 * POST /api/circles/{slug}/requests/{member_id} (its hosts and admins): accepted, she is a
 * member (and told: circle_accepted); declined, her request goes. 404 when she has none waiting.
 */
export async function answerRequest(
  deps: Deps,
  actor: Actor,
  input: AnswerRequestInput,
): Promise<{ member_id: number; accepted: boolean }> {
  const me = requireMember(actor);
  const { circle, membership } = await findCircle(deps, me, input.slug);
  ensure(circlePolicy.host(me, membership), /*i18n*/ 'Only its hosts answer requests to join this circle.');
  await limitCircleWrites(deps, me);
  const theirs = and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, input.member_id), eq(circleMembers.status, 'pending'));
  const [changed] = await deps.db.batch([
    input.accept
      ? deps.db.update(circleMembers).set({ status: 'member', joinedAt: deps.now() }).where(theirs).returning({ id: circleMembers.userId })
      : deps.db.delete(circleMembers).where(theirs).returning({ id: circleMembers.userId }),
    refreshMemberCount(deps, circle.id),
  ]);
  if (changed.length === 0) throw new AppError('NOT_FOUND', /*i18n*/ 'She has no request waiting to join this circle.');
  if (input.accept) await notify(deps, me.id, { kind: 'circle_accepted', circleId: circle.id, memberId: input.member_id });
  return { member_id: input.member_id, accepted: input.accept };
}

type MembersCursor = [joinedAt: number, userId: number];

/**
 * GET /api/circles/{slug}/members: its members' cards (as the directory shows each to the
 * viewer), in the order they joined, keyset over circle_members_list_idx, so a circle of 2,000
 * pages as fast as a small one. Circles are never secret within the club: every member may look.
 */
export async function listCircleMembers(deps: Deps, actor: Actor, input: CirclePageQuery): Promise<Page<MemberCard>> {
  const me = requireMember(actor);
  const slug = slugOrNotFound(input.slug);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n', 'n']) as MembersCursor | undefined;
  // The circle and the page in one batch: the page reads by the slug's id.
  const [found, rows] = await deps.db.batch([
    deps.db.select({ id: circles.id }).from(circles).where(eq(circles.slug, slug)).limit(1),
    deps.db
      .select({
        user: profileUserColumns,
        profile: cardColumns,
        joinedAt: circleMembers.joinedAt,
        // Issue 38: the card's Message button.
        canMessage: canMessageSql(me, columnRef(users.id), deps.now()).mapWith(Boolean),
      })
      .from(circleMembers)
      .innerJoin(users, eq(users.id, circleMembers.userId))
      .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
      .where(
        and(
          eq(circleMembers.circleId, circleIdBySlug(slug)),
          eq(circleMembers.status, 'member'),
          after ? sql`(${circleMembers.joinedAt}, ${circleMembers.userId}) > (${after[0]}, ${after[1]})` : undefined,
        ),
      )
      .orderBy(asc(circleMembers.joinedAt), asc(circleMembers.userId))
      .limit(size + 1),
  ]);
  if (!found[0]) throw circleNotFound();
  return toPage(
    rows,
    size,
    (r) => [r.joinedAt, r.user.id],
    (r) => toCard(me, r.user, r.profile, r.canMessage),
  );
}

/** Her circles, for the event form's Circle field: the ones she belongs to that are not archived. */
export async function myCircles(deps: Deps, actor: Actor): Promise<{ id: number; slug: string; name: string }[]> {
  const me = requireMember(actor);
  return deps.db
    .select({ id: circles.id, slug: circles.slug, name: circles.name })
    .from(circleMembers)
    .innerJoin(circles, eq(circles.id, circleMembers.circleId))
    .where(and(eq(circleMembers.userId, me.id), eq(circleMembers.status, 'member'), eq(circles.archived, false)))
    .orderBy(asc(sql`lower(${circles.name})`));
}
