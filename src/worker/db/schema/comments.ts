import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { users } from './users';
import { events } from './events';
import { images } from './images';

/**
 * A comment belongs to exactly one commentable: an event or an image. Two nullable foreign keys
 * (instead of one polymorphic id) let SQLite cascade the delete of either parent. The client's
 * commentableId ("event-12", "image-7") is parsed in src/shared so the ids never collide.
 */
export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at'),
  },
  (t) => [
    index('comments_event_idx').on(t.eventId, t.createdAt),
    index('comments_image_idx').on(t.imageId, t.createdAt),
    // Insights (issue 42): a period's commenters (covering) and each member's last comment.
    index('comments_created_idx').on(t.createdAt, t.userId),
    index('comments_user_idx').on(t.userId, t.createdAt),
    check('comments_one_parent', sql`(${t.eventId} IS NULL) <> (${t.imageId} IS NULL)`),
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
