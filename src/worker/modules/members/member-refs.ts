import { is, SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { columnRef } from '../../db/column-ref';
import { memberProfiles } from '../../db/schema/members';
import type { MemberActor } from '../../platform/actor';

/*
 * Names and faces everywhere (issue 22): a screen that names a member (participants, comment
 * authors, uploaders, hosts) links her name to /members/{id} and shows her small photo when she
 * shows it to the viewer. Other modules put memberPhotoSql in the same statement that reads the
 * name, so no screen asks again for the faces.
 */

export const MEMBER_PHOTO_PATH = '/images/members/';

/** The URL of a stored profile photo (large or small); members/photos.ts serves it after a session check. */
export function memberPhotoUrl(key: string | null | undefined): string | null {
  return key ? `${MEMBER_PHOTO_PATH}${key}` : null;
}

/**
 * "She shows this field to members" on the profile row aliased `alias` (a JSON visibility with
 * no entry for it means the default, shown; email and phone are never asked this way).
 */
export function shownToMembersSql(
  alias: string,
  field: 'photo' | 'title' | 'company' | 'city' | 'country' | 'industry' | 'interests',
): SQL {
  return sql`coalesce(json_extract(${columnRef(memberProfiles.visibility, alias)}, ${`$.${field}`}), 'members') = 'members'`;
}

/**
 * The key of the small photo of the member whose id is `userId` (a column of the outer query),
 * when the viewer may see it: herself, an admin, or anyone when she shows it to members; else
 * NULL. One primary-key lookup of member_profiles per row. Map it with memberPhotoUrl.
 */
export function memberPhotoSql(viewer: MemberActor, userId: AnySQLiteColumn | SQL): SQL<string | null> {
  const outer = is(userId, SQL) ? userId : columnRef(userId);
  const p = (c: AnySQLiteColumn) => columnRef(c, 'face');
  const visible = viewer.isAdmin ? sql`1` : sql`(${p(memberProfiles.userId)} = ${viewer.id} OR ${shownToMembersSql('face', 'photo')})`;
  return sql<
    string | null
  >`(SELECT CASE WHEN ${visible} THEN ${p(memberProfiles.photoSmallKey)} END FROM ${memberProfiles} AS "face" WHERE ${p(memberProfiles.userId)} = ${outer})`;
}
