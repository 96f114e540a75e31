import { EventIdInputSchema } from '../../../shared/schemas/events';
import {
  CheckInInputSchema,
  CoHostsInputSchema,
  EventMemberInputSchema,
  FeedbackInputSchema,
  WalkInSearchInputSchema,
} from '../../../shared/schemas/check-in';
import { memberProcedure, router } from '../../platform/trpc';
import { getTicket } from '../events/tickets';
import * as checkIn from './check-in';
import { setCoHosts } from './co-hosts';
import { eventDoor } from './door';
import * as feedback from './feedback';

/** Issue 43's screens over the same services as rest.ts: each procedure one line. */
export const checkInRouter = router({
  door: memberProcedure.input(EventIdInputSchema).query(({ ctx, input }) => eventDoor(ctx.deps, ctx.actor, input)),
  ticket: memberProcedure.input(EventIdInputSchema).query(({ ctx, input }) => getTicket(ctx.deps, ctx.actor, input)),
  list: memberProcedure.input(EventIdInputSchema).query(({ ctx, input }) => checkIn.checkInList(ctx.deps, ctx.actor, input)),
  checkIn: memberProcedure.input(CheckInInputSchema).mutation(({ ctx, input }) => checkIn.checkIn(ctx.deps, ctx.actor, input)),
  undo: memberProcedure.input(EventMemberInputSchema).mutation(({ ctx, input }) => checkIn.undoCheckIn(ctx.deps, ctx.actor, input)),
  walkInCandidates: memberProcedure
    .input(WalkInSearchInputSchema)
    .query(({ ctx, input }) => checkIn.walkInCandidates(ctx.deps, ctx.actor, input)),
  walkIn: memberProcedure.input(EventMemberInputSchema).mutation(({ ctx, input }) => checkIn.addWalkIn(ctx.deps, ctx.actor, input)),
  setCoHosts: memberProcedure.input(CoHostsInputSchema).mutation(({ ctx, input }) => setCoHosts(ctx.deps, ctx.actor, input)),
  giveFeedback: memberProcedure.input(FeedbackInputSchema).mutation(({ ctx, input }) => feedback.giveFeedback(ctx.deps, ctx.actor, input)),
  feedback: memberProcedure.input(EventIdInputSchema).query(({ ctx, input }) => feedback.listFeedback(ctx.deps, ctx.actor, input)),
});
