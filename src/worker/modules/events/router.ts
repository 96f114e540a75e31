import * as joinRequests from './join-requests';
import { JoinRequestIdInputSchema } from '../../../shared/schemas/events';
import {
  AcceptInvitationInputSchema,
  CreateEventInputSchema,
  EventAnnouncementInputSchema,
  EventIdInputSchema,
  EventRefSchema,
  InviteMembersInputSchema,
  ListEventsInputSchema,
  SendConfirmationInputSchema,
  UpdateEventInputSchema,
} from '../../../shared/schemas/events';
import * as feed from './calendar-feed';
import * as emails from './event-emails';
import * as participation from './participation';
import * as events from './events';
import { memberProcedure, router } from '../../platform/trpc';

/** Thin adapters over the events services; the REST routes (rest.ts) use the same services. */
export const eventsRouter = router({
  list: memberProcedure.input(ListEventsInputSchema).query(({ ctx, input }) => events.listEvents(ctx.deps, ctx.actor, input ?? {})),
  mySchedule: memberProcedure.query(({ ctx }) => events.listMySchedule(ctx.deps, ctx.actor)),
  byId: memberProcedure.input(EventRefSchema).query(({ ctx, input }) => events.getEvent(ctx.deps, ctx.actor, input.ref)),
  create: memberProcedure.input(CreateEventInputSchema).mutation(({ ctx, input }) => events.createEvent(ctx.deps, ctx.actor, input)),
  update: memberProcedure.input(UpdateEventInputSchema).mutation(({ ctx, input }) => events.updateEvent(ctx.deps, ctx.actor, input)),
  delete: memberProcedure.input(EventIdInputSchema).mutation(({ ctx, input }) => events.deleteEvent(ctx.deps, ctx.actor, input)),
  join: memberProcedure.input(EventIdInputSchema).mutation(({ ctx, input }) => participation.joinEvent(ctx.deps, ctx.actor, input)),
  // Issue 46 point 12.
  askToJoin: memberProcedure.input(EventIdInputSchema).mutation(({ ctx, input }) => joinRequests.askToJoin(ctx.deps, ctx.actor, input)),
  joinRequests: memberProcedure
    .input(EventIdInputSchema)
    .query(({ ctx, input }) => joinRequests.listJoinRequests(ctx.deps, ctx.actor, input)),
  approveJoinRequest: memberProcedure
    .input(JoinRequestIdInputSchema)
    .mutation(({ ctx, input }) => joinRequests.approveJoinRequest(ctx.deps, ctx.actor, input)),
  declineJoinRequest: memberProcedure
    .input(JoinRequestIdInputSchema)
    .mutation(({ ctx, input }) => joinRequests.declineJoinRequest(ctx.deps, ctx.actor, input)),
  leave: memberProcedure.input(EventIdInputSchema).mutation(({ ctx, input }) => participation.leaveEvent(ctx.deps, ctx.actor, input)),
  inviteCandidates: memberProcedure
    .input(EventIdInputSchema)
    .query(({ ctx, input }) => participation.inviteCandidates(ctx.deps, ctx.actor, input)),
  invite: memberProcedure
    .input(InviteMembersInputSchema)
    .mutation(({ ctx, input }) => participation.inviteMembers(ctx.deps, ctx.actor, input)),
  acceptInvitation: memberProcedure
    .input(AcceptInvitationInputSchema)
    .mutation(({ ctx, input }) => participation.acceptInvitation(ctx.deps, ctx.actor, input)),
  sendConfirmation: memberProcedure
    .input(SendConfirmationInputSchema)
    .mutation(({ ctx, input }) => emails.sendConfirmation(ctx.deps, ctx.actor, input)),
  announce: memberProcedure
    .input(EventAnnouncementInputSchema)
    .mutation(({ ctx, input }) => emails.sendAnnouncement(ctx.deps, ctx.actor, input)),
  calendarFeed: memberProcedure.query(({ ctx }) => feed.getCalendarFeed(ctx.deps, ctx.actor)),
  regenerateCalendarFeed: memberProcedure.mutation(({ ctx }) => feed.regenerateCalendarFeed(ctx.deps, ctx.actor)),
  disableCalendarFeed: memberProcedure.mutation(({ ctx }) => feed.disableCalendarFeed(ctx.deps, ctx.actor)),
});
