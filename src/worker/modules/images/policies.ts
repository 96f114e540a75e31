import { sql, type SQL } from 'drizzle-orm';
import { columnRef } from '../../db/column-ref';
import type { MemberActor } from '../../platform/actor';
import { images } from '../../db/schema/images';
import { eventDetailsVisibleSql, eventDetailsVisibleToSql } from '../events/policies';

/** Who may do what with images: any member uploads; the uploader or an admin edits or deletes. */
export const imagePolicy = {
  manage: (a: MemberActor, image: { uploadedBy: number | null }) => a.isAdmin || image.uploadedBy === a.id,
};

/**
 * Who sees an image (a condition on the images row of the query): every member, unless it is
 * tagged with an event whose details she does not see (eventPolicy.seeDetails; an invite-only
 * event's images are its invited members', DECISIONS "Privacy and trust"). To her it does not exist.
 */
export function imageVisibleSql(a: MemberActor, now: number): SQL {
  return sql`(${columnRef(images.associatedEventId)} IS NULL OR ${eventDetailsVisibleSql(a, images.associatedEventId, now)})`;
}

/** imageVisibleSql for a member named by an SQL expression, on the image whose id is `imageId`. */
export function imageVisibleToSql(memberId: SQL, imageId: SQL, now: number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${images} AS "visible_image" WHERE "visible_image"."id" = ${imageId}
    AND ("visible_image"."associated_event_id" IS NULL OR ${eventDetailsVisibleToSql(memberId, sql`"visible_image"."associated_event_id"`, now)}))`;
}
