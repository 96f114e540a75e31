import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { IMAGE_CONTEXTS, MEDIA_KINDS } from '../../../shared/schemas/images';
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
    /**
     * A video's row names its file in r2_key and its poster frame's display size and thumbnail
     * (WebP, made in the browser) in display_key and thumb_key; everything else is an image's.
     */
    kind: text('kind', { enum: MEDIA_KINDS }).notNull().default('image'),
    /** A video's length as the browser read it (null for images, or when it could not tell). */
    durationMs: integer('duration_ms'),
    /**
     * Whose image it is: the Gallery's, or a home's photo (uploaded in the home editor, issue 16),
     * which the Gallery never lists and the homes housekeeping deletes if no home took it.
     */
    context: text('context', { enum: IMAGE_CONTEXTS }).notNull().default('gallery'),
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
    // Insights (issue 42): each member's last upload.
    index('images_uploader_idx').on(t.uploadedBy, t.createdAt),
    // The homes housekeeping's walk over home photos by age (partial: the Gallery's queries,
    // which ask for context 'gallery', never use it).
    index('images_home_photos_idx')
      .on(t.createdAt)
      .where(sql`context = 'home'`),
    // The same for the photos of circles' posts and covers (issue 39).
    index('images_post_photos_idx')
      .on(t.createdAt)
      .where(sql`context = 'post'`),
  ],
);

export type ImageRow = typeof images.$inferSelect;

/**
 * R2 objects whose rows are gone and whose bytes must go too (issue 44): written in the same batch
 * as the rows' deletion (a member's account, DECISIONS "The member's own data"), removed once R2
 * deleted the bytes. What R2 refused then is deleted by the housekeeping
 * (modules/images/object-deletions.ts), so a deleted member's photos never stay behind.
 */
export const objectDeletions = sqliteTable('object_deletions', {
  key: text('key').primaryKey(),
  since: integer('since').notNull(),
});
