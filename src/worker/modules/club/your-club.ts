import { FAILED_MAIL_DAYS, YOUR_CLUB_LIMITS, type YourClub } from '../../../shared/schemas/club';
import type { Actor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { myNextEvents, myNextEventsQuery } from '../events/events';
import { myUpcomingStays, myUpcomingStaysQuery, stayRequestsToAnswerQuery } from '../homes/stays';
import { todayOf } from '../homes/homes';
import { imagePageQuery, toImageDto } from '../images/images';
import { failedDeliveriesCountQuery } from '../mail/sent-mail';
import { applicationCountsQuery } from '../membership/applications';
import { firstStepsOf, firstStepsQuery } from './first-steps';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Your club" (issue 31): what a member finds below /home's public hero. Each module gives the
 * statement for its part (its own rules: what she may see, which index serves it), and this asks
 * them all in one D1 batch: one round trip for the whole section.
 */
export async function getYourClub(deps: Deps, actor: Actor): Promise<YourClub> {
  const me = requireMember(actor);
  // An admin's counts need her admin powers (2FA on), as the pages they link to do.
  const admin = me.isAdmin;
  const [steps, events, stays, toAnswer, photos, ...counts] = await deps.db.batch([
    firstStepsQuery(deps, me),
    myNextEventsQuery(deps, me, YOUR_CLUB_LIMITS.events),
    myUpcomingStaysQuery(deps, me, YOUR_CLUB_LIMITS.stays),
    stayRequestsToAnswerQuery(deps, me),
    // A gallery page of `photos` (the query reads one more, to know of a next page).
    imagePageQuery(deps, me, {}, undefined, YOUR_CLUB_LIMITS.photos),
    ...(admin ? ([applicationCountsQuery(deps), failedDeliveriesCountQuery(deps, deps.now() - FAILED_MAIL_DAYS * DAY_MS)] as const) : []),
  ]);
  const [applications, failed] = counts as [{ pending: number }[] | undefined, { count: number }[] | undefined];
  return {
    first_steps: firstStepsOf(deps, steps[0]),
    events: myNextEvents(deps, me, events),
    stays: myUpcomingStays(me, stays, todayOf(deps)),
    stayRequestsToAnswer: toAnswer[0]?.count ?? 0,
    photos: photos.slice(0, YOUR_CLUB_LIMITS.photos).map((r) => toImageDto(r, me)),
    admin: admin ? { pendingApplications: applications?.[0]?.pending ?? 0, failedMail: failed?.[0]?.count ?? 0 } : null,
  };
}
