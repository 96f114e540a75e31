import type { AccountType, INTERESTS } from './constants';

// Issue 22, members know each other: the profile's value sets, limits and texts, its DTOs, and the
// one rule of what a viewer sees of a profile (viewProfile). Plain TypeScript without zod: the
// Settings page and the members' pages import it on their first load; the schemas
// (src/shared/schemas/members.ts) build on it.

/** The fixed list of industries a member chooses from. */
export const INDUSTRIES = [
  'Finance',
  'Technology',
  'Law',
  'Healthcare',
  'Consulting',
  'Education',
  'Media',
  'Arts',
  'Real estate',
  'Retail',
  'Hospitality',
  'Manufacturing',
  'Public sector',
  'Non-profit',
  'Energy',
  'Other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

/** The club's activities (SPEC 2, Activities page), spelled as the issue spells them: a profile's interests. */
export const CLUB_ACTIVITIES = [
  'Travel',
  'Art',
  'Writing',
  'Media',
  'Performance Arts',
  'Gardening',
  'Tea culture',
  'Meditation',
  'Artwork exhibition',
  'Video/movie viewing',
  'Book reading',
  'Tea/wine tasting',
  'Food sampling',
] as const;
export type ClubActivity = (typeof CLUB_ACTIVITIES)[number];

/**
 * A new member's profile starts with the interests her application ticked, where they map to an
 * activity (SPEC 3's application interests are broader): Travel is Travel, Shows are the
 * performance arts, 'Art Displays' (Showcases) are artwork exhibitions; Workshops name none.
 */
export const APPLICATION_INTEREST_ACTIVITY: Record<(typeof INTERESTS)[number], ClubActivity | null> = {
  Travel: 'Travel',
  Shows: 'Performance Arts',
  Showcases: 'Artwork exhibition',
  Workshops: null,
};

export const PROFILE_TEXT_MAX = 100;
export const PROFILE_BIO_MAX = 2000;
export const PROFILE_LINK_MAX = 200;
export const PROFILE_MAX_INTERESTS = 10;

/** The fields a member shows to every member or keeps to the admins (and herself). Her name is always shown. */
export const PROFILE_FIELDS = [
  'photo',
  'title',
  'company',
  'city',
  'country',
  'industry',
  'interests',
  'bio',
  'links',
  'phone',
  'email',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const VISIBILITIES = ['members', 'admins'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export type VisibilityMap = Record<ProfileField, Visibility>;

/** DECISIONS "People and profiles": email and phone start hidden, everything else shown. */
export const DEFAULT_VISIBILITY: VisibilityMap = {
  photo: 'members',
  title: 'members',
  company: 'members',
  city: 'members',
  country: 'members',
  industry: 'members',
  interests: 'members',
  bio: 'members',
  links: 'members',
  phone: 'admins',
  email: 'admins',
};

/** A stored visibility (JSON, possibly older than a field) completed with the defaults; anything else is ignored. */
export function visibilityOf(stored: Partial<Record<string, unknown>> | null | undefined): VisibilityMap {
  const out = { ...DEFAULT_VISIBILITY };
  for (const field of PROFILE_FIELDS) {
    const v = stored?.[field];
    if (v === 'members' || v === 'admins') out[field] = v;
  }
  return out;
}

export const PROFILE_FIELD_LABELS: Record<ProfileField, string> = {
  photo: 'Photo',
  title: 'Job title',
  company: 'Company',
  city: 'City',
  country: 'Country',
  industry: 'Industry',
  interests: 'Interests',
  bio: 'About me',
  links: 'Links',
  phone: 'Phone',
  email: 'Email',
};

export const MEMBER_NOT_FOUND = /*i18n*/ 'Member not found.';

/** Directory pages: 30 cards (issue 22), 'Load more' for the next. */
export const DIRECTORY_PAGE_SIZE = 30;
/** Large and small photo edges (px, square WebP, made in the browser). */
export const PHOTO_LARGE_EDGE = 512;
export const PHOTO_SMALL_EDGE = 128;

export interface MemberLinks {
  linkedin: string | null;
  website: string | null;
}

/**
 * What a profile holds, as its owner and admins see it: empty text is null, no interests [].
 * The photo is the URL of the size the answer is for (a card's small one, a page's large one).
 */
export interface ProfileContent {
  photo_url: string | null;
  title: string | null;
  company: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2 (src/shared/country-codes.ts). */
  country: string | null;
  industry: Industry | null;
  interests: ClubActivity[] | null;
  bio: string | null;
  links: MemberLinks | null;
  phone: string | null;
  email: string | null;
}

/** Who is looking: herself and admins see every field; another member what she shows to members. */
export type ProfileViewer = 'self' | 'admin' | 'member';

/** Which field each profile field's value lives in (photo is photo_url). */
const CONTENT_KEY = {
  photo: 'photo_url',
  title: 'title',
  company: 'company',
  city: 'city',
  country: 'country',
  industry: 'industry',
  interests: 'interests',
  bio: 'bio',
  links: 'links',
  phone: 'phone',
  email: 'email',
} as const satisfies Record<ProfileField, keyof ProfileContent>;

/**
 * The one rule of what a viewer sees of a profile (DECISIONS "People and profiles"): herself and
 * admins everything; another member each field she shows to members, and of a member who left the
 * directory only the photo (when shown). A hidden field is null, as an empty one. The server builds
 * every answer with it; Settings' preview "as other members see it" calls it too, so both agree.
 */
export function viewProfile<T extends ProfileContent>(
  content: T,
  visibility: VisibilityMap,
  opts: { viewer: ProfileViewer; directory: boolean },
): T {
  if (opts.viewer !== 'member') return content;
  const out: T = { ...content };
  for (const field of PROFILE_FIELDS) {
    const shown = visibility[field] === 'members' && (opts.directory || field === 'photo');
    if (!shown) (out as Record<string, unknown>)[CONTENT_KEY[field]] = null;
  }
  return out;
}

/** A directory card (GET /api/members): the contract's fields, hidden ones null. */
export type MemberCard = {
  id: number;
  name: string;
  /** Issue 38: the viewer may start a conversation with her ("Message"); false for herself and where her messages_from refuses. */
  can_message: boolean;
} & Pick<ProfileContent, 'photo_url' | 'title' | 'company' | 'city' | 'country' | 'industry' | 'interests'>;

/** One of her upcoming events on her profile page (only those the viewer may see). */
export interface MemberEventRef {
  id: number;
  title: string;
  event_date: string;
  end_date: string | null;
  starts_at: string;
  time_zone: string;
  /** She created it (else she joined it). */
  hosting: boolean;
}

/** One of a Travel Host's listed homes on her profile page. */
export interface MemberHomeRef {
  id: number;
  title: string;
  city: string;
  country: string;
}

/** GET /api/members/{id}: the card's fields plus the rest of the profile; hidden fields null. */
export interface MemberProfileDto extends ProfileContent {
  id: number;
  name: string;
  /** Founding, Standard or Travel Host; null for a member out of the directory (others see her name and photo only). */
  type: AccountType | null;
  /** YYYY-MM-DD; null as type. */
  member_since: string | null;
  directory: boolean;
  /** The small photo (avatars); photo_url is the large one. */
  photo_small_url: string | null;
  /** The fields she keeps to admins: for herself and admins (a marker on the page); [] for other members. */
  private_fields: ProfileField[];
  upcoming_events: MemberEventRef[];
  homes: MemberHomeRef[];
  /** The circles she belongs to (issue 39: never secret within the club). */
  circles: { id: number; slug: string; name: string }[];
  /** The viewer is this member (her page offers 'Edit profile'). */
  is_me: boolean;
  /**
   * Issue 38: the viewer may start a conversation with her (false for herself and where her
   * messages_from refuses; a block stays silent, so a member who blocked the viewer still says true).
   */
  can_message: boolean;
  /** The viewer blocks her (the page offers Unblock instead of Block). */
  blocked: boolean;
}

/** GET /api/profile: every field of her own profile, with each field's visibility and her directory choice. */
export interface MyProfileDto extends ProfileContent {
  id: number;
  name: string;
  interests: ClubActivity[];
  links: MemberLinks;
  email: string;
  photo_small_url: string | null;
  type: AccountType;
  member_since: string;
  directory: boolean;
  visibility: VisibilityMap;
}

/** A profile photo's URLs after POST /api/profile/photo. */
export interface ProfilePhotoDto {
  photo_url: string;
  photo_small_url: string;
}
