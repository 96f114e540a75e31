import { Hono, type Context } from 'hono';
import {
  JoinRequestIdInputSchema,
  AcceptInvitationInputSchema,
  CreateEventInputSchema,
  EventAnnouncementInputSchema,
  EventIdInputSchema,
  InviteMembersInputSchema,
  ListEventsInputSchema,
  SendConfirmationInputSchema,
  UpdateEventInputSchema,
} from '../../../shared/schemas/events';
import type { AppEnv } from '../../platform/hono-env';
import { parseInput } from '../../platform/app-error';
import { withRoundTrips } from '../../platform/d1-round-trips';
import { pageQuery, setNextLink } from '../../platform/link-header';
import { actorOf, requestMeta } from '../../platform/request-actor';
import * as feed from './calendar-feed';
import * as emails from './event-emails';
import * as participation from './participation';
import * as joinRequests from './join-requests';
import * as events from './events';
import { jsonBody, jsonBodyWith } from '../../platform/json-body';
import { members } from '../../platform/rest-guards';

const idParam = (c: Context<AppEnv>) => parseInput(EventIdInputSchema, { id: c.req.param('id') }).id;
const requestParams = (c: Context<AppEnv>) =>
  parseInput(JoinRequestIdInputSchema, { id: c.req.param('id'), request_id: c.req.param('request_id') });

function icsResponse(c: Context<AppEnv>, content: string, filename: string | null) {
  c.header('Content-Type', 'text/calendar; charset=utf-8');
  c.header('Cache-Control', 'private, no-store');
  if (filename) c.header('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  return c.body(content);
}

/**
 * SPEC 7 "Events": thin adapters over the events services (events.ts, participation.ts,
 * event-emails.ts, calendar-feed.ts); router.ts, the tRPC twin, uses the same.
 * Fixed paths (/api/events/invite…) come before /api/events/:id.
 */
export const eventsRoutes = new Hono<AppEnv>()
  .get('/api/events', members, async (c) => {
    const input = parseInput(ListEventsInputSchema, {
      search: c.req.query('search'),
      when: c.req.query('when'),
      circle: c.req.query('circle'),
      ...pageQuery(c),
    });
    const actor = await actorOf(c);
    // A page, like the event page below, promises one D1 round trip: Server-Timing shows it.
    const page = await withRoundTrips(c, (deps) => events.listEvents(deps, actor, input ?? {}));
    // SPEC 7's documented answer stays a bare list; the next page is in the Link header.
    setNextLink(c, page.nextCursor);
    return c.json(page.items);
  })
  .get('/api/events/mine', members, async (c) => c.json(await events.listMySchedule(c.get('deps'), await actorOf(c))))
  .post('/api/events', members, async (c) => {
    const input = await jsonBody(c, CreateEventInputSchema);
    const event = await events.createEvent(c.get('deps'), await actorOf(c), input);
    return c.json({ id: event.id, slug: event.slug, event }, 201);
  })
  .post('/api/events/invite', members, async (c) => {
    const input = await jsonBody(c, InviteMembersInputSchema);
    return c.json(await participation.inviteMembers(c.get('deps'), await actorOf(c), input));
  })
  // SPEC 7 answers {error} on failure: every error body carries `error`.
  .get('/api/events/invite/:token', members, async (c) => {
    const { token } = parseInput(AcceptInvitationInputSchema, { token: c.req.param('token') });
    return c.json(await participation.acceptInvitation(c.get('deps'), await actorOf(c), { token }));
  })
  .post('/api/events/send-confirmation', members, async (c) => {
    const input = await jsonBody(c, SendConfirmationInputSchema);
    return c.json(await emails.sendConfirmation(c.get('deps'), await actorOf(c), input));
  })
  .get('/api/events/:id', members, async (c) => {
    // /events/{slug} resolves too: the path segment may be a slug.
    const ref = c.req.param('id');
    const actor = await actorOf(c);
    return c.json(await withRoundTrips(c, (deps) => events.getEvent(deps, actor, ref)));
  })
  .put('/api/events/:id', members, async (c) => {
    const input = await jsonBodyWith(c, UpdateEventInputSchema, { id: c.req.param('id') });
    return c.json(await events.updateEvent(c.get('deps'), await actorOf(c), input));
  })
  .delete('/api/events/:id', members, async (c) => c.json(await events.deleteEvent(c.get('deps'), await actorOf(c), { id: idParam(c) })))
  .post('/api/events/:id/join', members, async (c) =>
    c.json(await participation.joinEvent(c.get('deps'), await actorOf(c), { id: idParam(c) })),
  )
  // Issue 46 point 12: asking to join an invite-only event, and its host's answer.
  .post('/api/events/:id/join-requests', members, async (c) =>
    c.json(await joinRequests.askToJoin(c.get('deps'), await actorOf(c), { id: idParam(c) }), 201),
  )
  .get('/api/events/:id/join-requests', members, async (c) =>
    c.json(await joinRequests.listJoinRequests(c.get('deps'), await actorOf(c), { id: idParam(c) })),
  )
  .post('/api/events/:id/join-requests/:request_id/approve', members, async (c) =>
    c.json(await joinRequests.approveJoinRequest(c.get('deps'), await actorOf(c), requestParams(c))),
  )
  .post('/api/events/:id/join-requests/:request_id/decline', members, async (c) =>
    c.json(await joinRequests.declineJoinRequest(c.get('deps'), await actorOf(c), requestParams(c))),
  )
  .delete('/api/events/:id/leave', members, async (c) =>
    c.json(await participation.leaveEvent(c.get('deps'), await actorOf(c), { id: idParam(c) })),
  )
  .post('/api/events/:id/announcement', members, async (c) => {
    const input = await jsonBodyWith(c, EventAnnouncementInputSchema, { eventId: c.req.param('id') });
    return c.json(await emails.sendAnnouncement(c.get('deps'), await actorOf(c), input));
  })
  .get('/api/events/:id/ics', members, async (c) => {
    const file = await emails.eventIcs(c.get('deps'), await actorOf(c), { id: idParam(c) });
    return icsResponse(c, file.content, file.filename);
  })
  .get('/calendar-feed/:file', async (c) => {
    const token = c.req.param('file').replace(/\.ics$/, '');
    return icsResponse(c, await feed.calendarFeedIcs(c.get('deps'), requestMeta(c), token), null);
  });
