import { Hono, type Context } from 'hono';
import {
  AcceptInvitationInputSchema,
  CreateEventInputSchema,
  EventAnnouncementInputSchema,
  EventIdInputSchema,
  InviteMembersInputSchema,
  ListEventsInputSchema,
  SendConfirmationInputSchema,
  UpdateEventInputSchema,
} from '../../shared/schemas/events';
import type { AppEnv } from '../hono-env';
import { AppError, parseInput } from '../lib/app-error';
import { enforceRateLimit } from '../lib/rate-limit';
import { countingDeps } from '../mail/d1-round-trips';
import { actorOf, requestMeta } from '../request-actor';
import * as feed from '../services/calendar-feed';
import * as emails from '../services/event-emails';
import * as participation from '../services/event-participation';
import * as events from '../services/events';
import { jsonBody } from './body';

/** The calendar list and the event page promise one D1 round trip; every answer shows it. */
function reportRoundTrips(c: Context<AppEnv>, trips: number) {
  c.header('Server-Timing', `d1;desc="D1 round trips: ${trips}"`);
}

const idParam = (c: Context<AppEnv>) => parseInput(EventIdInputSchema, { id: c.req.param('id') }).id;

function icsResponse(c: Context<AppEnv>, content: string, filename: string | null) {
  c.header('Content-Type', 'text/calendar; charset=utf-8');
  c.header('Cache-Control', 'private, no-store');
  if (filename) c.header('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  return c.body(content);
}

/**
 * SPEC 7 "Events": thin adapters over services/events*.ts (the tRPC router uses the same).
 * Fixed paths (/api/events/invite…) come before /api/events/:id.
 */
export const eventsRoutes = new Hono<AppEnv>()
  .get('/api/events', async (c) => {
    const input = parseInput(ListEventsInputSchema, { search: c.req.query('search') });
    const actor = await actorOf(c);
    const counted = countingDeps(c.get('deps'));
    const list = await events.listEvents(counted.deps, actor, input ?? {});
    reportRoundTrips(c, counted.roundTrips());
    return c.json(list);
  })
  .get('/api/events/mine', async (c) => c.json(await events.listMySchedule(c.get('deps'), await actorOf(c))))
  .post('/api/events', async (c) => {
    const input = await jsonBody(c, CreateEventInputSchema);
    const event = await events.createEvent(c.get('deps'), await actorOf(c), input);
    return c.json({ id: event.id, slug: event.slug, event }, 201);
  })
  .post('/api/events/invite', async (c) => {
    const input = await jsonBody(c, InviteMembersInputSchema);
    return c.json(await participation.inviteMembers(c.get('deps'), await actorOf(c), input));
  })
  .get('/api/events/invite/:token', async (c) => {
    const { token } = parseInput(AcceptInvitationInputSchema, { token: c.req.param('token') });
    try {
      return c.json(await participation.acceptInvitation(c.get('deps'), await actorOf(c), { token }));
    } catch (err) {
      // SPEC 7 answers {error}; the code and message keep the house shape too.
      if (err instanceof AppError && err.status === 400) return c.json({ error: err.message, message: err.message, code: err.code }, 400);
      throw err;
    }
  })
  .post('/api/events/send-confirmation', async (c) => {
    const input = await jsonBody(c, SendConfirmationInputSchema);
    return c.json(await emails.sendConfirmation(c.get('deps'), await actorOf(c), input));
  })
  .get('/api/events/:id', async (c) => {
    // /events/{slug} resolves too: the path segment may be a slug.
    const ref = c.req.param('id');
    if (!/^[a-z0-9-]{1,80}$/i.test(ref)) throw new AppError('NOT_FOUND', events.EVENT_NOT_FOUND);
    const actor = await actorOf(c);
    const counted = countingDeps(c.get('deps'));
    const event = await events.getEvent(counted.deps, actor, ref);
    reportRoundTrips(c, counted.roundTrips());
    return c.json(event);
  })
  .put('/api/events/:id', async (c) => {
    const body = await c.req.json().catch(() => {
      throw new AppError('BAD_REQUEST', 'The request body must be JSON.');
    });
    const input = parseInput(UpdateEventInputSchema, { ...(body && typeof body === 'object' ? body : {}), id: c.req.param('id') });
    return c.json(await events.updateEvent(c.get('deps'), await actorOf(c), input));
  })
  .delete('/api/events/:id', async (c) => c.json(await events.deleteEvent(c.get('deps'), await actorOf(c), { id: idParam(c) })))
  .post('/api/events/:id/join', async (c) => c.json(await participation.joinEvent(c.get('deps'), await actorOf(c), { id: idParam(c) })))
  .delete('/api/events/:id/leave', async (c) => c.json(await participation.leaveEvent(c.get('deps'), await actorOf(c), { id: idParam(c) })))
  .post('/api/events/:id/announcement', async (c) => {
    const body = await c.req.json().catch(() => ({}));
    const input = parseInput(EventAnnouncementInputSchema, { ...(body && typeof body === 'object' ? body : {}), eventId: c.req.param('id') });
    return c.json(await emails.sendAnnouncement(c.get('deps'), await actorOf(c), input));
  })
  .get('/api/events/:id/ics', async (c) => {
    const file = await emails.eventIcs(c.get('deps'), await actorOf(c), { id: idParam(c) });
    return icsResponse(c, file.content, file.filename);
  })
  .get('/calendar-feed/:file', async (c) => {
    await enforceRateLimit(c.env.PUBLIC_FORM_LIMITER, `ip:${requestMeta(c).ip}`);
    const token = c.req.param('file').replace(/\.ics$/, '');
    return icsResponse(c, await feed.calendarFeedIcs(c.get('deps'), token), null);
  });
