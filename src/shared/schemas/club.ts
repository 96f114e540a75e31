import type { EventDto } from './events';
import type { StayView } from './homes';
import type { ImageDto } from './images';

// "Your club" (issue 31): what a signed-in member finds below the public hero of /home. One tRPC
// query (club.yourClub), answered with one D1 batch.

/** How many of each list "Your club" shows; the pages they link to have the rest. */
export const YOUR_CLUB_LIMITS = { events: 3, stays: 3, photos: 6 } as const;
/** Failed email counts for admins while it is this recent (older failures stay in Sent mail). */
export const FAILED_MAIL_DAYS = 7;

/** How long after registering a new member is offered the first-steps card (issue 46). */
export const FIRST_STEPS_DAYS = 30;

/** Issue 46: a newcomer's first steps on /home, each true once done (read from what she did). */
export interface FirstSteps {
  /** She has a profile photo. */
  photo: boolean;
  /** Her profile says what her directory card shows: job title, city and an interest. */
  profile: boolean;
  /** She chose her directory listing herself (saved it in Settings > Profile). */
  directory: boolean;
  /** She joined an event (or waits for a place in one). */
  event: boolean;
}

export interface YourClub {
  /** Her first steps while she is new (registered within FIRST_STEPS_DAYS) and has not put the card away; else null. */
  first_steps: FirstSteps | null;
  /** Her next events, joined or waiting for a place, soonest first (they have not ended). */
  events: EventDto[];
  /** Her stays as a guest that have not ended: pending requests and accepted stays, soonest first. */
  stays: StayView[];
  /** Stay requests waiting for her answer as a host. */
  stayRequestsToAnswer: number;
  /** The newest Gallery images she may see. */
  photos: ImageDto[];
  /** What waits for an admin (null for every other member, and for an admin without 2FA). */
  admin: { pendingApplications: number; failedMail: number } | null;
}
