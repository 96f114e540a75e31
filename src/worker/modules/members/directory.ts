import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  MEMBER_NOT_FOUND,
  PROFILE_FIELDS,
  viewProfile,
  visibilityOf,
  type MemberCard,
  type MemberEventRef,
  type MemberHomeRef,
  type MemberProfileDto,
  type ProfileViewer,
} from '../../../shared/members';
import { membershipStatus } from '../../../shared/membership-term';
import type { ListMembersQuery } from '../../../shared/schemas/members';
import type { Page } from '../../../shared/schemas/page';
import { columnRef } from '../../db/column-ref';
import { eventParticipants, events } from '../../db/schema/events';
import { homes } from '../../db/schema/homes';
import { memberProfiles, type MemberProfileRow } from '../../db/schema/members';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { eventDetailsVisibleSql } from '../events/policies';
import { memberStatusCondition, todayOf } from '../membership/terms';
import { memberPhotoUrl, shownToMembersSql } from './member-refs';
import { memberSinceOf, profileContentOf, profileUserColumns, profileViewerOf, type ProfileUser } from './profiles';
import { ftsQuery, memberSearchSql } from './search';
import { circleMembersSql, memberCirclesQuery } from '../circles/circle-members';
import { blockedByViewerSql, blocksViewerSql, canMessageSql } from '../messages/privacy';

/*
 * The members directory and a member's page (issue 22). Admins see every member and every field;
 * another member sees the members listed in the directory, each field only as its owner shows it
 * to members (shared/members.ts viewProfile), and a search or a filter never matches a field kept
 * to admins: the search reads only the members' columns of the index (search.ts), the filters
 * test the field's visibility in the same condition. A lapsed member (she keeps her own data and
 * nothing else, DECISIONS "Membership terms") is out of the directory for other members, as an
 * unlisted one is, and her page shows them her name and photo only; in grace she is still listed,
 * and an admin never lapses.
 */

type DirectoryCursor = [name: string, id: number];

/** What a card needs of the profile row: not her bio, phone or links. */
export const cardColumns = {
  userId: memberProfiles.userId,
  title: memberProfiles.title,
  company: memberProfiles.company,
  city: memberProfiles.city,
  country: memberProfiles.country,
  industry: memberProfiles.industry,
  interests: memberProfiles.interests,
  visibility: memberProfiles.visibility,
  directory: memberProfiles.directory,
  photoKey: memberProfiles.photoKey,
  photoSmallKey: memberProfiles.photoSmallKey,
};
type CardProfile = Pick<MemberProfileRow, keyof typeof cardColumns>;

const P = 'member_profiles';
const profileCol = (c: Parameters<typeof columnRef>[0]) => columnRef(c, P);

/**
 * A filter on one field: its value, and for another member also its visibility, so a country she
 * keeps to admins is no answer to "who lives in HK?".
 */
function filterOn(viewer: ProfileViewer, field: 'country' | 'industry' | 'interests', value: string): SQL {
  const test =
    field === 'interests'
      ? sql`EXISTS (SELECT 1 FROM json_each(${profileCol(memberProfiles.interests)}) WHERE json_each.value = ${value})`
      : sql`${profileCol(field === 'country' ? memberProfiles.country : memberProfiles.industry)} = ${value}`;
  return viewer === 'admin' ? test : sql`(${test} AND ${shownToMembersSql(P, field)})`;
}

/**
 * One page (size + 1 rows) of the directory by name as it is shown (case-insensitively), then by
 * id, after the cursor's [name, id]: a walk of users_name_idx with each member's profile by its
 * primary key, the search's matches (one FTS5 lookup, member_search) and the filters tested in
 * the same statement, so a page is one D1 round trip however the search and filters combine.
 */
export function directoryPageQuery(deps: Deps, me: MemberActor, input: ListMembersQuery, after: DirectoryCursor | undefined, size: number) {
  const viewer: ProfileViewer = me.isAdmin ? 'admin' : 'member';
  const name = columnRef(users.name);
  const match = input.q ? ftsQuery(input.q, viewer) : null;
  const member = columnRef(users.id);
  return deps.db
    .select({ user: profileUserColumns, profile: cardColumns, canMessage: canMessageSql(me, member, deps.now()).mapWith(Boolean) })
    .from(users)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .where(
      and(
        // Out of the directory: not listed, not found, for everyone but admins.
        viewer === 'admin' ? undefined : sql`coalesce(${profileCol(memberProfiles.directory)}, 1) = 1`,
        // Nor is a lapsed member (tested on each row of the walk: +renews_on keeps it on users_name_idx).
        viewer === 'admin' ? undefined : sql`NOT ${memberStatusCondition('lapsed', todayOf(deps), { indexed: false })}`,
        // Nor a member who blocked the viewer (issue 38: her page is hidden from the member she blocks).
        sql`NOT ${blocksViewerSql(me, member)}`,
        match ? memberSearchSql(match) : undefined,
        input.country ? filterOn(viewer, 'country', input.country) : undefined,
        input.industry ? filterOn(viewer, 'industry', input.industry) : undefined,
        input.interest ? filterOn(viewer, 'interests', input.interest) : undefined,
        circleMembersSql(input.circle),
        after ? sql`(${name}, ${columnRef(users.id)}) > (${after[0]} COLLATE NOCASE, ${after[1]})` : undefined,
      ),
    )
    .orderBy(asc(sql`${name} COLLATE NOCASE`), asc(users.id))
    .limit(size + 1);
}

export function toCard(me: MemberActor, user: ProfileUser, profile: CardProfile | null, canMessage: boolean): MemberCard {
  const directory = profile?.directory ?? true;
  const seen = viewProfile(profileContentOf(profile, user, 'small'), visibilityOf(profile?.visibility), {
    viewer: profileViewerOf(me, user.id),
    directory,
  });
  return {
    id: user.id,
    name: user.name,
    can_message: canMessage,
    photo_url: seen.photo_url,
    title: seen.title,
    company: seen.company,
    city: seen.city,
    country: seen.country,
    industry: seen.industry,
    interests: seen.interests,
  };
}

/**
 * GET /api/members and members.list: the directory, 30 cards a page by name (keyset over
 * [name, id]), with the search and filters that combine. One D1 statement.
 */
export async function listMembers(deps: Deps, actor: Actor, input: ListMembersQuery): Promise<Page<MemberCard>> {
  const me = requireMember(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['s', 'n']) as DirectoryCursor | undefined;
  const rows = await directoryPageQuery(deps, me, input, after, size);
  return toPage(
    rows,
    size,
    (r) => [r.user.name, r.user.id],
    (r) => toCard(me, r.user, r.profile, r.canMessage),
  );
}

/** How many of her upcoming events and listed homes her page shows. */
const PAGE_LIST_SIZE = 6;

/** Her upcoming events (joined or hosted) that the viewer may see the details of (invite-only events stay private). */
function upcomingEventsQuery(deps: Deps, me: MemberActor, memberId: number) {
  const now = deps.now();
  return deps.db
    .select({
      id: events.id,
      title: events.title,
      eventDate: events.eventDate,
      endDate: events.endDate,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      createdBy: events.createdBy,
    })
    .from(events)
    .where(
      and(
        gt(events.endsAt, now),
        or(
          eq(events.createdBy, memberId),
          inArray(
            events.id,
            deps.db.select({ id: eventParticipants.eventId }).from(eventParticipants).where(eq(eventParticipants.userId, memberId)),
          ),
        ),
        eventDetailsVisibleSql(me, events.id, now),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(PAGE_LIST_SIZE);
}

/** A Travel Host's listed homes (the ones every member browses). */
function listedHomesQuery(deps: Deps, memberId: number) {
  return deps.db
    .select({ id: homes.id, title: homes.title, city: homes.city, country: homes.country })
    .from(homes)
    .where(and(eq(homes.hostId, memberId), eq(homes.state, 'listed')))
    .orderBy(asc(homes.id))
    .limit(PAGE_LIST_SIZE);
}

export interface MemberPage {
  dto: MemberProfileDto;
  /** The small photo's key when the viewer may see it (the vCard embeds it). */
  smallPhotoKey: string | null;
}

/** A member's page as the viewer may see it, or 404 'Member not found.'. One D1 round trip. */
export async function readMemberPage(deps: Deps, me: MemberActor, memberId: number): Promise<MemberPage> {
  const [[row], eventRows, homeRows, circleRows] = await deps.db.batch([
    deps.db
      .select({
        user: profileUserColumns,
        profile: memberProfiles,
        renewsOn: users.renewsOn,
        admin: users.isAdmin,
        // Issue 38: the Message button, Block or Unblock, and whether she blocks the viewer.
        canMessage: canMessageSql(me, columnRef(users.id), deps.now()).mapWith(Boolean),
        blocked: blockedByViewerSql(me, columnRef(users.id)).mapWith(Boolean),
        blocksViewer: blocksViewerSql(me, columnRef(users.id)).mapWith(Boolean),
      })
      .from(users)
      .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
      .where(eq(users.id, memberId))
      .limit(1),
    upcomingEventsQuery(deps, me, memberId),
    listedHomesQuery(deps, memberId),
    memberCirclesQuery(deps, memberId),
  ]);
  // A member who blocked the viewer has no page for her: as if there were none (the block is not told).
  if (!row || row.blocksViewer) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  const { user, profile } = row;
  const viewer = profileViewerOf(me, user.id);
  // Out of the directory for other members: unlisted by her choice, or lapsed. Which of the two is
  // not theirs to know: both read as not listed.
  const lapsed = membershipStatus({ renews_on: row.renewsOn, admin: row.admin }, todayOf(deps)) === 'lapsed';
  const directory = (profile?.directory ?? true) && !(viewer === 'member' && lapsed);
  const visibility = visibilityOf(profile?.visibility);
  const seen = viewProfile(profileContentOf(profile, user, 'large'), visibility, { viewer, directory });
  // Of a member out of the directory, others see her name and photo only.
  const limited = viewer === 'member' && !directory;
  const smallPhotoKey = seen.photo_url ? (profile?.photoSmallKey ?? null) : null;
  const upcoming: MemberEventRef[] = eventRows.map((e) => ({
    id: e.id,
    title: e.title,
    event_date: e.eventDate,
    end_date: e.endDate,
    starts_at: new Date(e.startsAt).toISOString(),
    time_zone: e.timeZone,
    hosting: e.createdBy === user.id,
  }));
  const listed: MemberHomeRef[] = homeRows;
  return {
    smallPhotoKey,
    dto: {
      id: user.id,
      name: user.name,
      ...seen,
      photo_small_url: memberPhotoUrl(smallPhotoKey),
      type: limited ? null : user.type,
      member_since: limited ? null : memberSinceOf(user),
      directory,
      private_fields: viewer === 'member' ? [] : PROFILE_FIELDS.filter((f) => visibility[f] === 'admins'),
      upcoming_events: limited ? [] : upcoming,
      homes: limited ? [] : listed,
      circles: circleRows,
      is_me: viewer === 'self',
      can_message: row.canMessage,
      blocked: row.blocked,
    },
  };
}

/** GET /api/members/{id} and members.byId. */
export async function getMember(deps: Deps, actor: Actor, memberId: number): Promise<MemberProfileDto> {
  return (await readMemberPage(deps, requireMember(actor), memberId)).dto;
}
