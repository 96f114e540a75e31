/**
 * A commentable is an event, an image or a circle's post (issue 39). The widget's commentableId
 * says which ("event-12", "image-7", "post-3"), so things with the same numeric id never share
 * comments.
 */
export type CommentableKind = 'event' | 'image' | 'post';
export interface Commentable {
  kind: CommentableKind;
  id: number;
}

export function commentableId(kind: CommentableKind, id: number): string {
  return `${kind}-${id}`;
}

export function parseCommentableId(value: string): Commentable | null {
  const m = /^(event|image|post)-([1-9]\d{0,15})$/.exec(value);
  return m ? { kind: m[1] as CommentableKind, id: Number(m[2]) } : null;
}
