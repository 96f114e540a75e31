import type { MemberActor } from '../../platform/actor';

/** Who may do what with images: any member uploads; the uploader or an admin edits or deletes. */
export const imagePolicy = {
  manage: (a: MemberActor, image: { uploadedBy: number | null }) => a.isAdmin || image.uploadedBy === a.id,
};
