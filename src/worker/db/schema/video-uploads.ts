import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Video uploads in progress (issue 15, ADR 0011): an R2 multipart upload the Worker feeds part by
 * part. The row is what the scheduled housekeeping finds to abort an abandoned one; it goes when
 * the upload completes or is aborted.
 */
export const videoUploads = sqliteTable(
  'video_uploads',
  {
    /** Random; the client's handle for the parts and the complete step. */
    id: text('id').primaryKey(),
    /** Null once the member's account is deleted: the housekeeping then aborts it. */
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    r2Key: text('r2_key').notNull(),
    r2UploadId: text('r2_upload_id').notNull(),
    contentType: text('content_type').notNull(),
    name: text('name').notNull(),
    /** The file's size as declared at the start; the parts must add up to it exactly. */
    bytes: integer('bytes').notNull(),
    partBytes: integer('part_bytes').notNull(),
    partsDone: integer('parts_done').notNull().default(0),
    /** JSON: the R2 etags of the parts stored so far, in order. */
    etags: text('etags').notNull().default('[]'),
    /** JSON: the metadata walk's state after the last part (video-walk.ts). */
    scan: text('scan').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('video_uploads_member_idx').on(t.uploadedBy), index('video_uploads_updated_idx').on(t.updatedAt)],
);

export type VideoUploadRow = typeof videoUploads.$inferSelect;
