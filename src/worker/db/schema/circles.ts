import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CIRCLE_JOIN_MODES, CIRCLE_MEMBER_ROLES, CIRCLE_MEMBER_STATUSES, PROPOSAL_STATUSES } from '../../../shared/schemas/circles';
import { bool, createdAt } from './columns';
import { images } from './images';
import { users } from './users';

/*
 * Issue 39: circles, the club's gatherings as living groups (modules/circles). A circle's member
 * count and a post's comment and like counts are kept on their rows, written in the batch that
 * changes them, so a page never counts per view.
 */

export const circles = sqliteTable(
  'circles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Made from the name at creation and kept when it is renamed (links stay). */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    coverImageId: integer('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    join: text('join_mode', { enum: CIRCLE_JOIN_MODES }).notNull().default('open'),
    archived: bool('archived').notNull().default(false),
    /** Members (hosts included, pending requests not): kept by every join, leave and acceptance. */
    memberCount: integer('member_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  // Names are unique whatever their case ("Tea culture" and "Tea Culture" are one circle).
  (t) => [uniqueIndex('circles_name_idx').on(sql`lower(${t.name})`)],
);

/**
 * Who belongs to a circle (status 'member', as a member or a host) and who asked to (status
 * 'pending', a `request` circle's requests until a host answers). `muted`: her "Mute this circle".
 */
export const circleMembers = sqliteTable(
  'circle_members',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: CIRCLE_MEMBER_ROLES }).notNull().default('member'),
    status: text('status', { enum: CIRCLE_MEMBER_STATUSES }).notNull().default('member'),
    muted: bool('muted').notNull().default(false),
    /** When she joined (or asked to): the members' list and the requests are in this order. */
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.userId] }),
    // Her circles (the list's "Joined", her profile, the directory's filter).
    index('circle_members_user_idx').on(t.userId, t.status),
    // A circle's members (keyset over joined_at, user_id), its requests, its hosts.
    index('circle_members_list_idx').on(t.circleId, t.status, t.joinedAt, t.userId),
    index('circle_members_hosts_idx')
      .on(t.circleId, t.userId)
      .where(sql`role = 'host'`),
  ],
);

/**
 * The board. `last_activity_at` moves with each new comment (newest activity first); a host's
 * removal keeps the row for its author ("Removed by a host"), hidden from everyone else.
 */
export const circlePosts = sqliteTable(
  'circle_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    /** Null once the author deleted her account (the post stays, by a former member). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    pinnedAt: integer('pinned_at'),
    closedAt: integer('closed_at'),
    removedAt: integer('removed_at'),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    commentCount: integer('comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer('updated_at'),
    lastActivityAt: integer('last_activity_at').notNull(),
  },
  (t) => [
    // The board's pages: newest activity first (keyset over last_activity_at, id).
    index('circle_posts_activity_idx').on(t.circleId, t.lastActivityAt, t.id),
    // Its pinned posts (three at most), above the first page.
    index('circle_posts_pinned_idx')
      .on(t.circleId, t.pinnedAt)
      .where(sql`pinned_at IS NOT NULL`),
    index('circle_posts_author_idx').on(t.authorId),
    // The posts of a period and their authors, covering (Insights' active members, issue 42).
    index('circle_posts_created_idx').on(t.createdAt, t.authorId),
  ],
);

/** A post's photos (images of context 'post', uploaded through the image pipeline), in order. */
export const circlePostImages = sqliteTable(
  'circle_post_images',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => circlePosts.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.imageId] }), index('circle_post_images_image_idx').on(t.imageId)],
);

/** One like per member per post (like_count on the post is kept from these). */
export const circlePostLikes = sqliteTable(
  'circle_post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => circlePosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('circle_post_likes_user_idx').on(t.userId)],
);

/** A member's proposal of a circle; an admin accepts it (the circle is made, she hosts it) or declines it. */
export const circleProposals = sqliteTable(
  'circle_proposals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    reason: text('reason').notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('circle_proposals_status_idx').on(t.status, t.id), index('circle_proposals_member_idx').on(t.proposedBy)],
);

export type CircleRow = typeof circles.$inferSelect;
export type CirclePostRow = typeof circlePosts.$inferSelect;
