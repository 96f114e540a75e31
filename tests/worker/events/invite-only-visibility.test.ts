// Who sees an invite-only event's details (DECISIONS "Privacy and trust", issue 11): the creator,
// admins, participants and members holding a live invitation see its address, link, note, banner,
// participants, images and comments; a member whose invitation expired or was used (she joined
// and left), any other member, see the listing fields only; a visitor nothing. Every surface that
// carries them is checked for every one of them, over REST and tRPC.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommentView } from '../../../src/shared/schemas/comments';
import type { EventDto } from '../../../src/shared/schemas/events';
import type { ImageDto } from '../../../src/shared/schemas/images';
import { tokens } from '../../../src/worker/db/schema/membership';
import { randomToken, sha256Hex } from '../../../src/worker/platform/crypto';
import { JPEG_16x12, WEBP_10x6 } from '../images/image-fixtures';
import { deps, request, roles, trpc, unique, type TestUser } from '../helpers';
import { createEventAs, participantIds } from './events-helpers';

const STREET = `12 Rue Secrète ${unique('s')}`;
const NOTE = `Ring twice at the green door ${unique('n')}`;

type Role = 'creator' | 'admin' | 'participant' | 'invitee' | 'expiredInvitee' | 'usedInvitation' | 'otherMember';
const SEES: Record<Role, boolean> = {
  creator: true,
  admin: true,
  participant: true,
  invitee: true,
  expiredInvitee: false,
  usedInvitation: false,
  otherMember: false,
};
const ROLES = Object.keys(SEES) as Role[];

interface World {
  users: Record<Role, TestUser>;
  event: { id: number; title: string; slug: string };
  image: ImageDto;
  /** An image without an event: every member's. */
  plainImage: ImageDto;
  eventComment: CommentView;
  imageComment: CommentView;
}
let w: World;

async function invitation(eventId: number, u: TestUser, createdBy: number, opts: { expiresAt?: number; usedAt?: number } = {}) {
  const now = Date.now();
  await deps()
    .db.insert(tokens)
    .values({
      tokenHash: await sha256Hex(randomToken()),
      purpose: 'event_invitation',
      email: u.email,
      userId: u.id,
      eventId,
      createdBy,
      expiresAt: opts.expiresAt ?? now + 86_400_000,
      usedAt: opts.usedAt ?? null,
      createdAt: now,
    });
}

async function upload(as: TestUser, fields: Record<string, string>): Promise<ImageDto> {
  const fd = new FormData();
  fd.append('image', new File([JPEG_16x12], 'dinner.jpg', { type: 'image/jpeg' }));
  fd.append('display', new File([JPEG_16x12], 'display.jpg', { type: 'image/jpeg' }));
  fd.append('thumbnail', new File([WEBP_10x6], 'thumb.webp', { type: 'image/webp' }));
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const res = await request('/upload-image', { method: 'POST', as, body: fd });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<ImageDto>();
}

async function json<T>(res: Response): Promise<T> {
  return res.json<T>();
}
async function trpcData<T>(res: Response): Promise<T> {
  return (await res.json<{ result: { data: T } }>()).result.data;
}

beforeAll(async () => {
  const [creator, admin, participant, invitee, expiredInvitee, usedInvitation, otherMember] = await Promise.all([
    roles.travelHost(),
    roles.admin(),
    roles.standard(),
    roles.standard(),
    roles.founding(),
    roles.standard(),
    roles.founding(),
  ]);
  const users = { creator, admin, participant, invitee, expiredInvitee, usedInvitation, otherMember };
  const event = await createEventAs(creator, {
    exclusivity: 'invite-only',
    title: `Supper ${unique('t')}`,
    location: STREET,
    zip_code: '75003',
    city: 'Paris',
    country: 'France',
    note: NOTE,
  });
  const image = await upload(creator, { associated_event_id: String(event.id), title: 'At the table' });
  const plainImage = await upload(otherMember, { title: 'A landscape' });
  const banner = await request(`/api/events/${event.id}`, { method: 'PUT', as: creator, body: { banner_image_id: image.id } });
  expect(banner.status).toBe(200);

  // The participant joins with her invitation (which that uses up).
  await invitation(event.id, participant, creator.id);
  expect((await request(`/api/events/${event.id}/join`, { method: 'POST', as: participant })).status).toBe(200);
  await invitation(event.id, invitee, creator.id);
  await invitation(event.id, expiredInvitee, creator.id, { expiresAt: Date.now() - 1000 });
  // Joined with her invitation, then left: the invitation is spent, she takes no part.
  await invitation(event.id, usedInvitation, creator.id);
  expect((await request(`/api/events/${event.id}/join`, { method: 'POST', as: usedInvitation })).status).toBe(200);
  expect((await request(`/api/events/${event.id}/leave`, { method: 'DELETE', as: usedInvitation })).status).toBe(200);
  expect((await participantIds(event.id)).sort()).toEqual([participant.id]);

  const eventComment = await json<CommentView>(
    await request('/api/comments', { as: creator, body: { commentableId: `event-${event.id}`, content: 'Menu to follow' } }),
  );
  const imageComment = await json<CommentView>(
    await request('/api/comments', { as: creator, body: { commentableId: `image-${image.id}`, content: 'Lovely light' } }),
  );
  w = { users, event, image, plainImage, eventComment, imageComment };
});

/** The listing fields stay; the details are withheld, and nothing of them is anywhere in the answer. */
function expectWithheld(e: EventDto) {
  expect(e).toMatchObject({
    id: w.event.id,
    title: w.event.title,
    exclusivity: 'invite-only',
    type: 'book-club',
    color: '#9c4f6a',
    event_date: '2031-05-14',
    city: 'Paris',
    country: 'France',
    location: null,
    zip_code: null,
    virtual_link: null,
    note: null,
    banner_image_id: null,
    image_url: null,
    participants: [],
    participant_count: null,
    viewer: { can_see_details: false, joined: false },
  });
  const text = JSON.stringify(e);
  for (const secret of [STREET, NOTE, w.users.participant.name, w.image.display_url.slice('/images/'.length)])
    expect(text).not.toContain(secret);
}

/** A list counts the participants (`from` 'list'); the event page names them too. */
function expectDetails(e: EventDto, from: 'list' | 'page' = 'page') {
  expect(e).toMatchObject({
    id: w.event.id,
    location: STREET,
    zip_code: '75003',
    note: NOTE,
    banner_image_id: w.image.id,
    image_url: w.image.display_url,
    participants: from === 'list' ? [] : [{ user_id: w.users.participant.id, name: w.users.participant.name }],
    participant_count: 1,
    viewer: { can_see_details: true },
  });
}

describe('an invite-only event, seen by each role', () => {
  for (const role of ROLES) {
    const sees = SEES[role];
    it(`${role}: ${sees ? 'sees the details everywhere' : 'sees the listing fields only, and none of the details anywhere'}`, async () => {
      const as = w.users[role];
      const check = sees ? expectDetails : expectWithheld;
      const q = encodeURIComponent(w.event.title);

      // The list and the event page, REST and tRPC; the access check keeps the list one D1 round trip.
      const listRes = await request(`/api/events?search=${q}`, { as });
      expect(listRes.headers.get('Server-Timing')).toContain('D1 round trips: 1');
      check(
        (await json<EventDto[]>(listRes)).find((e) => e.id === w.event.id)!,
        'list',
      );
      check(await json<EventDto>(await request(`/api/events/${w.event.id}`, { as })));
      check(await json<EventDto>(await request(`/api/events/${w.event.slug}`, { as })));
      check(await trpcData<EventDto>(await trpc('events.byId', { ref: w.event.id }, { as, type: 'query' })));
      check(
        (await trpcData<{ items: EventDto[] }>(await trpc('events.list', { search: w.event.title }, { as, type: 'query' }))).items.find(
          (e) => e.id === w.event.id,
        )!,
        'list',
      );

      // Add to calendar.
      const ics = await request(`/api/events/${w.event.id}/ics`, { as });
      expect(ics.status).toBe(sees ? 200 : 403);
      const icsText = await ics.text();
      if (sees) expect(icsText).toContain('Rue Secr');
      else expect(icsText).not.toContain('Rue Secr');

      // The event's images and the gallery, REST and tRPC.
      const eventImages = await json<ImageDto[]>(await request(`/api/images/event/${w.event.id}`, { as }));
      expect(eventImages.map((i) => i.id)).toEqual(sees ? [w.image.id] : []);
      const byEvent = await trpcData<{ items: ImageDto[] }>(await trpc('images.byEvent', { eventId: w.event.id }, { as, type: 'query' }));
      expect(byEvent.items.map((i) => i.id)).toEqual(sees ? [w.image.id] : []);
      const galleryRes = await request('/api/images', { as });
      expect(galleryRes.headers.get('Server-Timing')).toContain('D1 round trips: 1');
      const gallery = (await json<ImageDto[]>(galleryRes)).map((i) => i.id);
      expect(gallery.includes(w.image.id)).toBe(sees);
      expect(gallery).toContain(w.plainImage.id);
      const galleryTrpc = (await trpcData<{ items: ImageDto[] }>(await trpc('images.list', undefined, { as, type: 'query' }))).items.map(
        (i) => i.id,
      );
      expect(galleryTrpc.includes(w.image.id)).toBe(sees);
      expect(galleryTrpc).toContain(w.plainImage.id);
      const options = (await trpcData<{ id: number }[]>(await trpc('images.eventOptions', undefined, { as, type: 'query' }))).map(
        (o) => o.id,
      );
      expect(options.includes(w.event.id)).toBe(sees);

      // The image itself: by id, and its bytes under each of its three keys.
      expect((await request(`/api/images/${w.image.id}`, { as })).status).toBe(sees ? 200 : 404);
      expect((await trpc('images.byId', { id: w.image.id }, { as, type: 'query' })).status).toBe(sees ? 200 : 404);
      for (const url of [w.image.url, w.image.display_url, w.image.thumb_url]) {
        const bytes = await request(url, { as });
        expect(bytes.status, url).toBe(sees ? 200 : 404);
        expect((await request(url, { as, method: 'HEAD' })).status, `HEAD ${url}`).toBe(sees ? 200 : 404);
      }
      expect((await request(w.plainImage.thumb_url, { as })).status).toBe(200);

      // Comments on the event and on its image: read and write, REST and tRPC.
      const onEvent = `event-${w.event.id}`;
      const onImage = `image-${w.image.id}`;
      const eventList = await request(`/api/comments?commentableId=${onEvent}`, { as });
      expect(eventList.status).toBe(sees ? 200 : 403);
      const imageList = await request(`/api/comments?commentableId=${onImage}`, { as });
      expect(imageList.status).toBe(sees ? 200 : 404);
      if (sees) {
        expect((await json<CommentView[]>(eventList)).map((c) => c.id)).toContain(w.eventComment.id);
        expect((await json<CommentView[]>(imageList)).map((c) => c.id)).toContain(w.imageComment.id);
      } else {
        expect(await eventList.text()).not.toContain('Menu to follow');
        expect(await imageList.text()).not.toContain('Lovely light');
      }
      expect((await trpc('comments.list', { commentableId: onEvent }, { as, type: 'query' })).status).toBe(sees ? 200 : 403);
      expect((await trpc('comments.list', { commentableId: onImage }, { as, type: 'query' })).status).toBe(sees ? 200 : 404);
      const said = `From the ${role}`;
      expect((await request('/api/comments', { as, body: { commentableId: onEvent, content: said } })).status).toBe(sees ? 201 : 403);
      expect((await request('/api/comments', { as, body: { commentableId: onImage, content: said } })).status).toBe(sees ? 201 : 404);
      expect((await trpc('comments.create', { commentableId: onEvent, content: said }, { as })).status).toBe(sees ? 200 : 403);
      expect((await request(`/api/images/${w.image.id}/comments`, { as, body: { text: said } })).status).toBe(sees ? 201 : 404);
      // Someone else's comment there: liked only by those who see it.
      expect((await request(`/api/comments/${w.eventComment.id}/like`, { method: 'POST', as })).status).toBe(sees ? 200 : 404);
      expect((await request(`/api/comments/${w.imageComment.id}/unlike`, { method: 'DELETE', as })).status).toBe(sees ? 200 : 404);
    });
  }

  it('a visitor gets 401 from every one of these surfaces', async () => {
    const paths = [
      `/api/events?search=${encodeURIComponent(w.event.title)}`,
      `/api/events/${w.event.id}`,
      `/api/events/${w.event.id}/ics`,
      `/api/images/event/${w.event.id}`,
      '/api/images',
      `/api/images/${w.image.id}`,
      w.image.url,
      w.image.thumb_url,
      `/api/comments?commentableId=event-${w.event.id}`,
      `/api/comments?commentableId=image-${w.image.id}`,
    ];
    for (const path of paths) expect((await request(path)).status, path).toBe(401);
    expect((await request('/api/comments', { body: { commentableId: `event-${w.event.id}`, content: 'hi' } })).status).toBe(401);
    for (const [proc, input] of [
      ['events.byId', { ref: w.event.id }],
      ['images.byEvent', { eventId: w.event.id }],
      ['comments.list', { commentableId: `event-${w.event.id}` }],
      ['comments.list', { commentableId: `image-${w.image.id}` }],
    ] as const) {
      expect((await trpc(proc, input, { type: 'query' })).status, proc).toBe(401);
    }
  });

  it('the calendar feed carries only the events its owner created or joined, whoever else is invited', async () => {
    let n = 0;
    for (const role of ROLES) {
      const as = w.users[role];
      const url = await trpcData<{ url: string }>(await trpc('events.regenerateCalendarFeed', {}, { as }));
      const res = await request(new URL(url.url).pathname, { ip: `198.51.100.${++n}` });
      expect(res.status).toBe(200);
      const body = await res.text();
      const inFeed = role === 'creator' || role === 'participant';
      expect(body.includes(`UID:event-${w.event.id}@`), role).toBe(inFeed);
      expect(body.includes('Rue Secr'), role).toBe(inFeed);
    }
  });

  it('an invitation that expires or is used takes the details away again', async () => {
    const late = await roles.standard();
    await invitation(w.event.id, late, w.users.creator.id);
    expectDetails(await json<EventDto>(await request(`/api/events/${w.event.id}`, { as: late })));
    await deps()
      .db.update(tokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(tokens.userId, late.id));
    expectWithheld(await json<EventDto>(await request(`/api/events/${w.event.id}`, { as: late })));
    expect((await request(w.image.thumb_url, { as: late })).status).toBe(404);
  });
});
