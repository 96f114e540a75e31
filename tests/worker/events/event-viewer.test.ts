// The event DTO's `viewer` flags, for each role, on the list and the event page (both transports),
// and each flag agreeing with what the server then allows.
import { describe, expect, it } from 'vitest';
import type { EventDto, EventViewerDto } from '../../../src/shared/schemas/events';
import { request, roles, trpc, type TestUser } from '../helpers';
import { createEventAs } from './events-helpers';

async function fromList(e: { title: string; id: number }, as: TestUser): Promise<EventViewerDto> {
  const list = await (await request(`/api/events?search=${encodeURIComponent(e.title)}`, { as })).json<EventDto[]>();
  const found = list.find((x) => x.id === e.id);
  if (!found) throw new Error('event missing from the list');
  return found.viewer;
}
async function fromPage(e: { id: number }, as: TestUser): Promise<EventViewerDto> {
  return (await (await request(`/api/events/${e.id}`, { as })).json<EventDto>()).viewer;
}
async function fromTrpc(e: { title: string; id: number }, as: TestUser) {
  const list = (
    await (await trpc('events.list', { search: e.title }, { as, type: 'query' })).json<{ result: { data: { items: EventDto[] } } }>()
  ).result.data.items;
  const page = (await (await trpc('events.byId', { ref: e.id }, { as, type: 'query' })).json<{ result: { data: EventDto } }>()).result.data;
  return { list: list.find((x) => x.id === e.id)!.viewer, page: page.viewer };
}
/**
 * The same flags everywhere the client reads an event, but "Ask to join" (issue 46, point 12):
 * only the event page reads her request, so a list says false and null there.
 */
async function viewerOf(e: { title: string; id: number }, as: TestUser): Promise<EventViewerDto> {
  const page = await fromPage(e, as);
  const listed = { ...page, can_ask_to_join: false, join_request: null };
  expect(await fromList(e, as)).toEqual(listed);
  expect(await fromTrpc(e, as)).toEqual({ list: listed, page });
  return page;
}
/** Not asking to join: she may join already, or manages it. */
const notAsking = { can_ask_to_join: false, join_request: null };

const manager = { can_edit: true, can_delete: true, can_announce: true, can_change_banner: true, can_see_waitlist: true };
const notManager = { can_edit: false, can_delete: false, can_announce: false, can_change_banner: false, can_see_waitlist: false };
/** Neither taking part nor waiting. */
const none = { state: 'none', waitlist_place: null, can_leave_waitlist: false };

describe('event viewer flags', () => {
  it('an open event: the creator and admins manage it; every member joins and invites', async () => {
    const creator = await roles.founding();
    const e = await createEventAs(creator, { exclusivity: 'open' });
    const [standard, founding, travelHost, admin] = await Promise.all([
      roles.standard(),
      roles.founding(),
      roles.travelHost(),
      roles.admin(),
    ]);
    const sees = { can_see_details: true };
    expect(await viewerOf(e, creator)).toEqual({
      joined: false,
      ...none,
      ...sees,
      ...manager,
      can_join: true,
      can_invite: true,
      ...notAsking,
    });
    expect(await viewerOf(e, admin)).toEqual({
      joined: false,
      ...none,
      ...sees,
      ...manager,
      can_join: true,
      can_invite: true,
      ...notAsking,
    });
    for (const member of [standard, founding, travelHost]) {
      expect(await viewerOf(e, member)).toEqual({
        joined: false,
        ...none,
        ...sees,
        ...notManager,
        can_join: true,
        can_invite: true,
        ...notAsking,
      });
    }
  });

  it('an invite-only event: members need an invitation to join and cannot invite', async () => {
    const creator = await roles.travelHost();
    const e = await createEventAs(creator, { exclusivity: 'invite-only' });
    const [standard, founding, travelHost, admin] = await Promise.all([
      roles.standard(),
      roles.founding(),
      roles.travelHost(),
      roles.admin(),
    ]);
    for (const manages of [creator, admin]) {
      expect(await viewerOf(e, manages)).toEqual({
        joined: false,
        ...none,
        can_see_details: true,
        ...manager,
        can_join: true,
        can_invite: true,
        ...notAsking,
      });
    }
    for (const member of [standard, founding, travelHost]) {
      expect(await viewerOf(e, member)).toEqual({
        joined: false,
        ...none,
        can_see_details: false,
        ...notManager,
        can_join: false,
        can_invite: false,
        // Not invited: she may ask the host.
        can_ask_to_join: true,
        join_request: null,
      });
    }
    // An invitation lets that member (and only that one) join and see the details, on the list as on the page.
    expect((await request('/api/events/invite', { as: creator, body: { eventId: e.id, userIds: [standard.id] } })).status).toBe(200);
    expect(await viewerOf(e, standard)).toEqual({
      joined: false,
      ...none,
      can_see_details: true,
      ...notManager,
      can_join: true,
      can_invite: false,
      ...notAsking,
    });
    expect((await viewerOf(e, founding)).can_join).toBe(false);
  });

  it('joined follows the viewer', async () => {
    const creator = await roles.founding();
    const e = await createEventAs(creator);
    const member = await roles.standard();
    expect((await request(`/api/events/${e.id}/join`, { method: 'POST', as: member })).status).toBe(200);
    expect((await viewerOf(e, member)).joined).toBe(true);
    expect((await viewerOf(e, creator)).joined).toBe(false);
  });

  it('each flag says what the server then allows', async () => {
    const creator = await roles.founding();
    const e = await createEventAs(creator, { exclusivity: 'invite-only' });
    const viewers = await Promise.all([roles.standard(), roles.founding(), roles.travelHost(), roles.admin()]);
    const flags = new Map<TestUser, EventViewerDto>();
    for (const as of [creator, ...viewers]) flags.set(as, await viewerOf(e, as));
    for (const [as, v] of flags) {
      const edit = await request(`/api/events/${e.id}`, { method: 'PUT', as, body: { title: e.title } });
      expect(edit.status).toBe(v.can_edit ? 200 : 403);
      const banner = await request(`/api/events/${e.id}`, { method: 'PUT', as, body: { banner_image_id: null } });
      expect(banner.status).toBe(v.can_change_banner ? 200 : 403);
      // Allowed, it then fails only for want of participants (400); refused, it is 403.
      const announce = await request(`/api/events/${e.id}/announcement`, { as, body: { subject: 'Hello', body: 'Hi' } });
      expect(announce.status).toBe(v.can_announce ? 400 : 403);
      const candidates = await trpc('events.inviteCandidates', { id: e.id }, { as, type: 'query' });
      expect(candidates.status).toBe(v.can_invite ? 200 : 403);
    }
    // Joins last: a participant would turn the announcements above into real sends.
    for (const [as, v] of flags) {
      const join = await request(`/api/events/${e.id}/join`, { method: 'POST', as });
      expect(join.status).toBe(v.can_join ? 200 : 403);
    }
    expect(new Set([...flags.values()].map((v) => v.can_edit))).toEqual(new Set([true, false]));
    const other = await createEventAs(creator);
    const standard = viewers[0]!;
    expect((await viewerOf(other, standard)).can_delete).toBe(false);
    expect((await request(`/api/events/${other.id}`, { method: 'DELETE', as: standard })).status).toBe(403);
    expect((await viewerOf(other, creator)).can_delete).toBe(true);
    expect((await request(`/api/events/${other.id}`, { method: 'DELETE', as: creator })).status).toBe(200);
  });
});
