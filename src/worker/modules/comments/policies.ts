import type { MemberActor } from '../../platform/actor';

/** Who may do what with comments: the author edits; the author or an admin deletes. */
export const commentPolicy = {
  edit: (a: MemberActor, comment: { userId: number | null }) => comment.userId === a.id,
  delete: (a: MemberActor, comment: { userId: number | null }) => a.isAdmin || comment.userId === a.id,
};
