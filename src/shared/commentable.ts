/**
 * A commentable is an event or an image. The widget's commentableId says which ("event-12",
 * "image-7"), so an event and an image with the same numeric id never share comments.
 */
export type CommentableKind = 'event' | 'image';
export interface Commentable {
  kind: CommentableKind;
  id: number;
}

export function commentableId(kind: CommentableKind, id: number): string {
  return `${kind}-${id}`;
}

export function parseCommentableId(value: string): Commentable | null {
  const m = /^(event|image)-([1-9]\d{0,15})$/.exec(value);
  return m ? { kind: m[1] as CommentableKind, id: Number(m[2]) } : null;
}
