import { eq, sql, type SQL } from 'drizzle-orm';
import type { AccountType } from '../../../shared/constants';
import {
  APPLICATION_INTEREST_ACTIVITY,
  CLUB_ACTIVITIES,
  PROFILE_TEXT_MAX,
  visibilityOf,
  type MyProfileDto,
  type ProfileContent,
  type ProfileViewer,
} from '../../../shared/members';
import { UpdateProfileInputSchema, type ProfileChanges } from '../../../shared/schemas/members';
import { keepPhone } from '../../../shared/schemas/phone';
import { isCountryCode } from '../../../shared/country-codes';
import type { FieldErrors } from '../../../shared/errors';
import type { INTERESTS } from '../../../shared/constants';
import { memberProfiles, type MemberProfileRow } from '../../db/schema/members';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError, fieldErrorsOf } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { enforceRateLimit } from '../../platform/rate-limit';
import { memberPhotoUrl } from './member-refs';

/*
 * Issue 22: her profile, as she edits it in Settings > Profile. What other members see of it is
 * decided in one place, shared/members.ts viewProfile; this file reads and writes the row.
 */

/** The account columns a profile shows beside its own row. */
export const profileUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  type: users.type,
  memberSince: users.memberSince,
  createdAt: users.createdAt,
};
export interface ProfileUser {
  id: number;
  name: string;
  email: string;
  type: AccountType;
  memberSince: string;
  createdAt: number;
}

/**
 * Her member-since date, YYYY-MM-DD: her membership term's (issue 24, users.member_since), or the
 * day her account was made (UTC) for an account the terms' backfill has not reached.
 */
export function memberSinceOf(user: Pick<ProfileUser, 'memberSince' | 'createdAt'>): string {
  return user.memberSince || new Date(user.createdAt).toISOString().slice(0, 10);
}

/** Who is looking at a member's profile. */
export function profileViewerOf(viewer: MemberActor, memberId: number): ProfileViewer {
  if (viewer.id === memberId) return 'self';
  return viewer.isAdmin ? 'admin' : 'member';
}

const orNull = (s: string | null | undefined) => (s ? s : null);

/** Everything the profile holds (empty text as null), before any visibility applies. */
export function profileContentOf(
  row: Partial<MemberProfileRow> | null,
  user: Pick<ProfileUser, 'email'>,
  photo: 'large' | 'small',
): ProfileContent {
  return {
    photo_url: memberPhotoUrl(photo === 'large' ? row?.photoKey : row?.photoSmallKey),
    title: orNull(row?.title),
    company: orNull(row?.company),
    city: orNull(row?.city),
    country: orNull(row?.country),
    industry: row?.industry ? row.industry : null,
    interests: row?.interests ?? [],
    bio: orNull(row?.bio),
    links: { linkedin: orNull(row?.linkedin), website: orNull(row?.website) },
    phone: orNull(row?.phone),
    email: user.email,
  };
}

function myProfileDto(user: ProfileUser, row: MemberProfileRow | null): MyProfileDto {
  const content = profileContentOf(row, user, 'large');
  return {
    id: user.id,
    name: user.name,
    ...content,
    interests: content.interests ?? [],
    links: content.links ?? { linkedin: null, website: null },
    email: user.email,
    photo_small_url: memberPhotoUrl(row?.photoSmallKey),
    type: user.type,
    member_since: memberSinceOf(user),
    directory: row?.directory ?? true,
    visibility: visibilityOf(row?.visibility),
  };
}

async function loadMine(deps: Deps, me: MemberActor): Promise<MyProfileDto> {
  const [row] = await deps.db
    .select({ user: profileUserColumns, profile: memberProfiles })
    .from(users)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .where(eq(users.id, me.id))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED', /*i18n*/ 'Please log in.');
  return myProfileDto(row.user, row.profile);
}

/** GET /api/profile and profile.mine: every field of her own profile, its visibility and her directory choice. */
export async function getMyProfile(deps: Deps, actor: Actor): Promise<MyProfileDto> {
  return loadMine(deps, requireMember(actor));
}

/**
 * Her profile's changes checked with the one schema. A nested field's message is also under its
 * top-level name ('links.website' and 'links', 'interests.3' and 'interests'), so a client reads
 * it under the field it sent as well as under the exact part.
 */
export function parseProfileChanges(input: unknown): ProfileChanges {
  const result = UpdateProfileInputSchema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = fieldErrorsOf(result.error);
  for (const [key, messages] of Object.entries({ ...fieldErrors })) {
    const top = key.split('.')[0]!;
    if (top !== key) fieldErrors[top] = [...new Set([...(fieldErrors[top] ?? []), ...messages])];
  }
  const first = result.error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  throw new AppError('BAD_REQUEST', first?.message ?? /*i18n*/ 'Invalid input', { fieldErrors, prefix: where });
}

/** The row's columns that the changes set (links only in the part she sent). */
function columnsOf(changes: ProfileChanges): Partial<typeof memberProfiles.$inferInsert> {
  const set: Partial<typeof memberProfiles.$inferInsert> = {};
  if (changes.title !== undefined) set.title = changes.title;
  if (changes.company !== undefined) set.company = changes.company;
  if (changes.city !== undefined) set.city = changes.city;
  if (changes.country !== undefined) set.country = changes.country ?? '';
  if (changes.industry !== undefined) set.industry = changes.industry ?? '';
  if (changes.interests !== undefined) set.interests = changes.interests;
  if (changes.bio !== undefined) set.bio = changes.bio;
  if (changes.links?.linkedin !== undefined) set.linkedin = changes.links.linkedin;
  if (changes.links?.website !== undefined) set.website = changes.links.website;
  if (changes.phone !== undefined) set.phone = changes.phone;
  if (changes.directory !== undefined) set.directory = changes.directory;
  return set;
}

/**
 * PUT /api/profile and profile.update: the fields she sent, the visibility of the fields whose
 * visibility changes (merged into the stored one by json_patch, so two tabs saving different
 * fields keep both), and her directory choice. One statement: her row is created the first time;
 * the search index follows in the same statement (the member_search triggers). Input is checked
 * whole before anything is written, so a bad field saves nothing.
 */
export async function updateMyProfile(deps: Deps, actor: Actor, changes: ProfileChanges): Promise<MyProfileDto> {
  const me = requireMember(actor);
  await enforceRateLimit(deps.env, 'MEMBER_WRITE_LIMITER', `member:${me.id}`);
  const set = columnsOf(changes);
  const visibility = Object.fromEntries(Object.entries(changes.visibility ?? {}).filter(([, v]) => v !== undefined));
  const now = deps.now();
  // Her own choice of the directory listing (a first step of /home's card, issue 46).
  const chosen = changes.directory !== undefined ? { directoryChosenAt: now } : {};
  await deps.db
    .insert(memberProfiles)
    .values({ userId: me.id, ...set, ...chosen, visibility, updatedAt: now })
    .onConflictDoUpdate({
      target: memberProfiles.userId,
      set: {
        ...set,
        ...chosen,
        ...(Object.keys(visibility).length
          ? { visibility: sql`json_patch(${memberProfiles.visibility}, ${JSON.stringify(visibility)})` }
          : {}),
        updatedAt: now,
      },
    });
  return loadMine(deps, me);
}

/**
 * A new member's profile row (issue 22): what her application already said, where it maps (her
 * phone, her interests that name an activity), under the default visibility, so nothing of the
 * application she did not choose to show becomes visible (the phone starts kept to admins). For
 * the registration's batch; no row when the application said nothing that maps.
 */
export function profileFromApplication(
  deps: Deps,
  userId: number | SQL<number>,
  application: { phone: string; interests: readonly string[] },
) {
  const activities = application.interests.map((i) => APPLICATION_INTEREST_ACTIVITY[i as (typeof INTERESTS)[number]] ?? null);
  const interests = CLUB_ACTIVITIES.filter((a) => activities.includes(a));
  // Stored in E.164 since issue 31 (an unknown range normalised, issue 46); an older application's text is read the same way, or left out.
  const phone = keepPhone(application.phone) ?? '';
  return deps.db
    .insert(memberProfiles)
    .values({ userId, phone, interests, updatedAt: deps.now() })
    .onConflictDoNothing({ target: memberProfiles.userId });
}

/**
 * The profile row of a member invited from the admins' roster import (issue 24): its phone, city
 * and country. She never chose to show them, so all three start kept to admins (phone is by
 * default; city and country are set so) until she opens them in Settings > Profile.
 */
export function profileFromRosterRow(
  deps: Deps,
  userId: number | SQL<number>,
  row: { phone: string | null; city: string | null; country: string | null },
) {
  const country = row.country && isCountryCode(row.country) ? row.country : '';
  return deps.db
    .insert(memberProfiles)
    .values({
      userId,
      // The import stores it in E.164 (issue 31's rule); a row stored before that is read the same way.
      phone: row.phone ? (keepPhone(row.phone) ?? '') : '',
      city: (row.city ?? '').trim().slice(0, PROFILE_TEXT_MAX),
      country,
      visibility: { city: 'admins', country: 'admins' },
      updatedAt: deps.now(),
    })
    .onConflictDoNothing({ target: memberProfiles.userId });
}
