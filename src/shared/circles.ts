/*
 * Issue 39: circles' plain constants and the shapes REST and tRPC answer, zod-free, so the screens
 * (and the public Activities page) read them without loading zod; their inputs' schemas are in
 * src/shared/schemas/circles.ts.
 */

export const CIRCLE_JOIN_MODES = ['open', 'request'] as const;
export type CircleJoin = (typeof CIRCLE_JOIN_MODES)[number];
export const CIRCLE_MEMBER_ROLES = ['member', 'host'] as const;
export const CIRCLE_MEMBER_STATUSES = ['member', 'pending'] as const;
export const PROPOSAL_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const CIRCLE_NAME_MAX = 60;
export const CIRCLE_DESCRIPTION_MAX = 1000;
export const PROPOSAL_REASON_MAX = 1000;
export const POST_TITLE_MAX = 120;
export const POST_BODY_MAX = 10_000;
export const POST_IMAGES_MAX = 6;
/** Hosts pin at most this many posts of their circle. */
export const PINNED_POSTS_MAX = 3;
/** The board's page. */
export const POSTS_PAGE_SIZE = 20;
/** The faces a circle's page shows before "See all". */
export const CIRCLE_FACES = 12;

/** SPEC 2's Gatherings: the circles a new club starts with, open, hosted by the first admin. */
export const STARTER_CIRCLES = ['Art', 'Writing', 'Media', 'Performance Arts', 'Gardening', 'Tea culture', 'Meditation'] as const;

/** Their first descriptions (hosts rewrite them). */
export const STARTER_CIRCLE_DESCRIPTIONS: Record<(typeof STARTER_CIRCLES)[number], string> = {
  Art: 'Painting, drawing, ceramics and every other way of making things by hand. Share your work, find a studio day, visit a show together.',
  Writing: 'Fiction, essays, letters and journals: a quiet circle for members who write, with readings and kind feedback.',
  Media: 'Photography, film and podcasts: what you make, what you watch, and the gear you love.',
  'Performance Arts': 'Theatre, dance and music, on stage or in the audience: evenings out and members who perform.',
  Gardening: 'Balconies, allotments and estates alike: seeds, seasons, and garden visits.',
  'Tea culture': 'Matcha, sencha, oolong and the rituals around them: tastings, ceremonies and tea travels.',
  Meditation: 'Sitting together, online and in person: practices, retreats and a calmer week.',
};

export const CIRCLE_NOT_FOUND = /*i18n*/ 'Circle not found.';
export const POST_NOT_FOUND = /*i18n*/ 'Post not found.';
/** What the author reads on her post or comment once a host removed it. */
export const REMOVED_BY_HOST = 'Removed by a host';
export const CIRCLE_ARCHIVED = /*i18n*/ 'This circle is archived.';

// ── What the routes answer (REST and tRPC alike) ─────────────────────────────────────────────

/** A member as a circle shows her; a deleted author is `{id: null, name: 'Former member', photo_url: null}`. */
export interface CirclePerson {
  id: number | null;
  name: string;
  photo_url: string | null;
}

export interface CircleEventRef {
  id: number;
  title: string;
  event_date: string;
}

/** A card of /circles (GET /api/circles). */
export interface CircleSummary {
  id: number;
  slug: string;
  name: string;
  description: string;
  cover_url: string | null;
  join: CircleJoin;
  member_count: number;
  /** She is a member (or a host). */
  joined: boolean;
  /** She asked to join and no host answered yet. */
  requested: boolean;
  /** Its next event she may see, or null. */
  next_event: CircleEventRef | null;
  archived: boolean;
}

/** A circle's upcoming event on its page. */
export interface CircleEventDto extends CircleEventRef {
  end_date: string | null;
  start_time: string;
  time_zone: string;
  starts_at: string;
  exclusivity: 'open' | 'invite-only';
}

/** GET /api/circles/{slug}: the card and its page. */
export interface CircleDetail extends CircleSummary {
  hosts: CirclePerson[];
  /** Members' faces (CIRCLE_FACES at most, hosts first); "See all" pages GET …/members. */
  faces: CirclePerson[];
  upcoming_events: CircleEventDto[];
  cover_image_id: number | null;
  /** She muted its circle_post notifications. */
  muted: boolean;
  /** Requests waiting for a host: for hosts and admins, else 0. */
  pending_requests: number;
  /** She may post (a member of a circle that is not archived). */
  can_post: boolean;
  /** A host's powers here: its hosts and admins. */
  can_host: boolean;
  /** Its board is hers to read (an open circle's is every member's; a request circle's its members'). */
  can_see_board: boolean;
  can_join: boolean;
  can_leave: boolean;
  /** Rename, describe, cover, join mode, archive: admins and its hosts. */
  can_edit: boolean;
  /** Delete the circle and name hosts: admins. */
  can_delete: boolean;
  can_name_hosts: boolean;
}

export interface CirclePostImage {
  id: number;
  url: string;
  thumb_url: string;
  width: number | null;
  height: number | null;
}

/** A post of a circle's board (GET /api/circles/{slug}/posts). */
export interface CirclePostDto {
  id: number;
  circle_id: number;
  title: string;
  body: string;
  author: CirclePerson;
  images: CirclePostImage[];
  comment_count: number;
  like_count: number;
  pinned: boolean;
  closed: boolean;
  /** Removed by a host: only its author (and the circle's hosts) still see it, so marked. */
  removed: boolean;
  liked: boolean;
  created_at: string;
  updated_at: string | null;
  last_activity_at: string;
  /** Its author (within the circle's rules) or a host. */
  can_edit: boolean;
  can_delete: boolean;
  /** Pin, close, remove: its circle's hosts and admins. */
  can_moderate: boolean;
  /** She may comment: a member of its circle, the post neither closed nor removed. */
  can_comment: boolean;
}

/** A request to join (GET /api/circles/{slug}/requests). */
export interface CircleRequestDto {
  id: number;
  name: string;
  photo_url: string | null;
  requested_at: string;
}

export interface CircleRef {
  id: number;
  slug: string;
  name: string;
}

/** A proposal, as its member and the admins see it. */
export interface CircleProposalDto {
  id: number;
  name: string;
  description: string;
  reason: string;
  status: ProposalStatus;
  proposed_by: CirclePerson;
  created_at: string;
  decided_at: string | null;
  /** The circle made of it, once accepted. */
  circle: CircleRef | null;
}

/** The public Activities page: a Gathering that is a circle says how many members it has, nothing more. */
export interface CircleCount {
  name: string;
  member_count: number;
}
