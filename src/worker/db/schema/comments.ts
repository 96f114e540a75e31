import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { users } from './users';
import { events } from './events';
import { images } from './images';
import { circlePosts } from './circles';

/**
 * A comment belongs to exactly one commentable: an event, an image or a circle's post (issue 39).
 * Nullable foreign keys (instead of one polymorphic id) let SQLite cascade the delete of any
 * parent. The client's commentableId ("event-12", "image-7", "post-3") is parsed in src/shared so
 * the ids never collide.
 */
export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => circlePosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at'),
    /** A host removed it (a post's comment, issue 39): its author still sees it, marked; nobody else. */
    removedAt: integer('removed_at'),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A reply (issue 46 point 11): the top-level comment on the same commentable it answers, one
     * level deep. Deleting a comment deletes its replies with it, in the same batch (comments.ts,
     * delete-account.ts). No foreign key: drizzle-kit adds a column's reference without its ON
     * DELETE, and rebuilding the table would cascade D1's DROP TABLE into comment_likes.
     */
    parentId: integer('parent_id'),
  },
  (t) => [
    index('comments_event_idx').on(t.eventId, t.createdAt),
    index('comments_image_idx').on(t.imageId, t.createdAt),
    // Insights (issue 42): a period's commenters (covering) and each member's last comment.
    index('comments_created_idx').on(t.createdAt, t.userId),
    index('comments_user_idx').on(t.userId, t.createdAt),
    index('comments_post_idx').on(t.postId, t.createdAt),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    check('comments_one_parent', sql`(${t.eventId} IS NOT NULL) + (${t.imageId} IS NOT NULL) + (${t.postId} IS NOT NULL) = 1`),
  ],
);

export const commentLikes = sqliteTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);
