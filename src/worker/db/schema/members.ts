import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ClubActivity, Industry, VisibilityMap } from '../../../shared/members';
import { bool } from './columns';
import { users } from './users';

/**
 * A member's profile (issue 22). One row per member who has saved anything; a member without one
 * reads as an empty profile with the default visibility, listed in the directory. Her name and
 * email stay on users. Empty text is ''. The directory's search index, member_search (an FTS5
 * table that drizzle-kit does not describe), is kept in step with this table and users.name by
 * triggers: see migrations/0018_member_search.sql and modules/members/search.ts.
 */
export const memberProfiles = sqliteTable(
  'member_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    company: text('company').notNull().default(''),
    city: text('city').notNull().default(''),
    /** ISO 3166-1 alpha-2, or ''. */
    country: text('country').notNull().default(''),
    industry: text('industry').$type<Industry | ''>().notNull().default(''),
    interests: text('interests', { mode: 'json' }).$type<ClubActivity[]>().notNull().default([]),
    /** Plain text with \n line breaks. */
    bio: text('bio').notNull().default(''),
    linkedin: text('linkedin').notNull().default(''),
    website: text('website').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /**
     * Each field's audience, 'members' or 'admins' (a JSON object; shared/members.ts visibilityOf
     * completes it with the defaults). The search triggers and the directory's filters read it
     * with json_extract, so a field kept to admins never matches another member's search.
     */
    visibility: text('visibility', { mode: 'json' }).$type<Partial<VisibilityMap>>().notNull().default({}),
    /** Listed in the directory (and found by its search). */
    directory: bool('directory').notNull().default(true),
    /** When she last saved her directory choice herself (issue 46: a first step); null until then. */
    directoryChosenAt: integer('directory_chosen_at'),
    /** R2 keys of the square photo, large and small WebP (random, served only by members/photos.ts). */
    photoKey: text('photo_key'),
    photoSmallKey: text('photo_small_key'),
    updatedAt: integer('updated_at')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    // GET /images/members/:key finds the photo's owner (and so who may see it) by either key.
    uniqueIndex('member_profiles_photo_idx').on(t.photoKey),
    uniqueIndex('member_profiles_photo_small_idx').on(t.photoSmallKey),
  ],
);

export type MemberProfileRow = typeof memberProfiles.$inferSelect;
