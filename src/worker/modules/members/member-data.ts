import { eq } from 'drizzle-orm';
import { visibilityOf, type ProfileField, type Visibility } from '../../../shared/members';
import { memberProfiles } from '../../db/schema/members';
import type { Deps } from '../../platform/deps';

/**
 * Her profile in the export of her data (DECISIONS "The member's own data", issue 12): every
 * field, each field's visibility, her directory choice, and her photo (the large one) as a file
 * of the ZIP. Her name and email are in the export's account section.
 */
export interface ProfileExport {
  data: {
    title: string;
    company: string;
    city: string;
    country: string;
    industry: string;
    interests: string[];
    bio: string;
    links: { linkedin: string; website: string };
    phone: string;
    visibility: Record<ProfileField, Visibility>;
    directory: boolean;
    /** The photo's path inside the ZIP, or null. */
    photo: string | null;
    updatedAt: string | null;
  };
  /** The R2 key of the photo the ZIP carries at data.photo. */
  photoKey: string | null;
}

export async function exportProfile(deps: Deps, userId: number): Promise<ProfileExport> {
  const [row] = await deps.db.select().from(memberProfiles).where(eq(memberProfiles.userId, userId));
  const ext = row?.photoKey?.split('.').pop() ?? 'webp';
  return {
    photoKey: row?.photoKey ?? null,
    data: {
      title: row?.title ?? '',
      company: row?.company ?? '',
      city: row?.city ?? '',
      country: row?.country ?? '',
      industry: row?.industry ?? '',
      interests: row?.interests ?? [],
      bio: row?.bio ?? '',
      links: { linkedin: row?.linkedin ?? '', website: row?.website ?? '' },
      phone: row?.phone ?? '',
      visibility: visibilityOf(row?.visibility),
      directory: row?.directory ?? true,
      photo: row?.photoKey ? `profile/photo.${ext}` : null,
      updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
    },
  };
}
