import { type AnySQLiteColumn, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './users';
import { events } from './events';

export const images = sqliteTable(
  'images',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Random R2 keys; the bytes are served only by the Worker after a session check. */
    r2Key: text('r2_key').notNull().unique(),
    displayKey: text('display_key'),
    thumbKey: text('thumb_key'),
    contentType: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    thumbWidth: integer('thumb_width'),
    thumbHeight: integer('thumb_height'),
    bytes: integer('bytes').notNull(),
    title: text('title').notNull().default(''),
    /** The original file name. */
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    tags: text('tags', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .$defaultFn(() => []),
    associatedEventId: integer('associated_event_id').references((): AnySQLiteColumn => events.id, { onDelete: 'set null' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('images_created_idx').on(t.createdAt),
    index('images_event_idx').on(t.associatedEventId, t.createdAt),
    // GET /images/:key finds the row of any of the three keys (its event decides who sees it).
    index('images_display_key_idx').on(t.displayKey),
    index('images_thumb_key_idx').on(t.thumbKey),
  ],
);

export type ImageRow = typeof images.$inferSelect;
