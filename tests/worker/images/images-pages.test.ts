// Issue 13: the gallery a page at a time, newest first, keyset-paged over [created_at, id]; the tag
// search and the event filter page too; the REST answers stay bare lists with a Link rel="next".
// Each page is one D1 statement served by images_created_idx or images_event_idx.
import { describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../src/shared/schemas/images';
import type { Page } from '../../../src/shared/schemas/page';
import { images } from '../../../src/worker/db/schema/images';
import { imagePageQuery, listImages } from '../../../src/worker/modules/images/images';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { encodeCursor } from '../../../src/worker/platform/keyset';
import { actorOf, deps, insertEvent, request, roles, trpc, unique, type TestUser } from '../helpers';
import { expectPageInputChecked, walkLinks } from '../pages';
import { expectIndexed, planOf } from '../query-plan';

/** Image rows stored directly (no bytes: only the lists are read), `minutesAgo` each. */
async function insertImages(list: { minutesAgo: number; tags?: string[]; eventId?: number }[], by?: TestUser): Promise<number[]> {
  const db = deps().db;
  const now = Date.now();
  const inserts = list.map((i) =>
    db
      .insert(images)
      .values({
        r2Key: `${unique('page')}.jpg`,
        contentType: 'image/jpeg',
        bytes: 1000,
        title: 'Paged photo',
        tags: i.tags ?? [],
        associatedEventId: i.eventId ?? null,
        uploadedBy: by?.id ?? null,
        createdAt: now - i.minutesAgo * 60_000,
      })
      .returning({ id: images.id }),
  );
  const rows = await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  return rows.map((r) => r[0]!.id);
}

/** The images of a REST walk through Link rel="next" from `first`. */
const walk = async (as: TestUser, first: string, between?: (page: number) => Promise<void>) =>
  (await walkLinks<ImageDto>(as, first, { between })).items;

const newestFirst = (list: ImageDto[]) =>
  list.every(
    (img, i) =>
      i === 0 || img.upload_date < list[i - 1]!.upload_date || (img.upload_date === list[i - 1]!.upload_date && img.id < list[i - 1]!.id),
  );

describe('GET /api/images, a page at a time', () => {
  it('pages newest first without skipping or repeating while images are added between pages', async () => {
    const u = await roles.standard();
    // Three share a minute (the id decides their order).
    const stored = await insertImages([
      { minutesAgo: 1 },
      { minutesAgo: 5 },
      { minutesAgo: 5 },
      { minutesAgo: 5 },
      { minutesAgo: 9 },
      { minutesAgo: 20 },
      { minutesAgo: 60 },
    ]);
    const added: number[] = [];
    const seen = await walk(u, '/api/images?limit=2', async (page) => {
      // A newer upload lands above the walk (not in it); an older one below (in it, once).
      if (page === 0) added.push(...(await insertImages([{ minutesAgo: 0 }, { minutesAgo: 600 }])));
      if (page === 1) added.push(...(await insertImages([{ minutesAgo: 0 }])));
    });
    const ids = seen.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Newest first; the three of the same minute by id, the latest first.
    expect(ids).toEqual([stored[0], stored[3], stored[2], stored[1], stored[4], stored[5], stored[6], added[1]]);
    expect(newestFirst(seen)).toBe(true);
  });

  it('pages the tag search and the event filter, REST and tRPC', async () => {
    const u = await roles.standard();
    const ev = await insertEvent({ title: 'Gallery evening' });
    const tag = unique('Ceremony');
    const tagged = await insertImages([
      { minutesAgo: 1, tags: [`Tea ${tag}`, 'garden'] },
      { minutesAgo: 2, tags: ['beach'] },
      { minutesAgo: 3, tags: ['x', tag.toLowerCase()] },
      { minutesAgo: 4, tags: [`${tag}!`], eventId: ev.id },
      { minutesAgo: 5, eventId: ev.id },
      { minutesAgo: 6, tags: [`${tag}`], eventId: ev.id },
    ]);
    // SPEC 5: a case-insensitive substring of any tag, trimmed.
    const byTag = await walk(u, `/api/images?tag=${encodeURIComponent(` ${tag.slice(3).toUpperCase()} `)}&limit=2`);
    expect(byTag.map((i) => i.id)).toEqual([tagged[0], tagged[2], tagged[3], tagged[5]]);
    expect((await walk(u, '/api/images?tag=%25')).length).toBe(0); // % is a character, not a wildcard
    const ofEvent = await walk(u, `/api/images/event/${ev.id}?limit=2`);
    expect(ofEvent.map((i) => i.id)).toEqual([tagged[3], tagged[4], tagged[5]]);
    expect((await walk(u, `/api/images/event/${ev.id}?tag=${encodeURIComponent(tag)}`)).map((i) => i.id)).toEqual([tagged[3], tagged[5]]);

    const first = (
      await (
        await trpc('images.list', { tag, eventId: ev.id, limit: 1 }, { as: u, type: 'query' })
      ).json<{ result: { data: Page<ImageDto> } }>()
    ).result.data;
    expect(first.items.map((i) => i.id)).toEqual([tagged[3]]);
    const second = (
      await (
        await trpc('images.byEvent', { eventId: ev.id, tag, limit: 1, cursor: first.nextCursor }, { as: u, type: 'query' })
      ).json<{
        result: { data: Page<ImageDto> };
      }>()
    ).result.data;
    expect(second.items.map((i) => i.id)).toEqual([tagged[5]]);
    expect(second.nextCursor).toBeNull();
  });

  it('takes 1 to 100 images a page and refuses a malformed cursor', async () => {
    const u = await roles.standard();
    await insertImages([{ minutesAgo: 1 }, { minutesAgo: 2 }]);
    await expectPageInputChecked(u, '/api/images', [encodeCursor(['p', 1, 2]), encodeCursor([1])]);
    await expectPageInputChecked(u, '/api/images/event/1', [encodeCursor(['p', 1, 2])]);
    expect((await trpc('images.list', { cursor: 'nonsense' }, { as: u, type: 'query' })).status).toBe(400);
    expect((await request('/api/images?limit=1', { as: u })).headers.get('Link')).toMatch(
      /^<\/api\/images\?limit=1&cursor=[\w-]+>; rel="next"$/,
    );
  });

  it('is one D1 round trip through images_created_idx or images_event_idx, with a tag too (EXPLAIN QUERY PLAN)', async () => {
    const u = await roles.standard();
    const me = actorOf(u);
    await insertImages([{ minutesAgo: 1 }, { minutesAgo: 2 }]);
    const counted = countingDeps(deps());
    const page = await listImages(counted.deps, me, { limit: 1 });
    await listImages(counted.deps, me, { limit: 1, cursor: page.nextCursor! });
    expect(counted.roundTrips()).toBe(2);

    const at: [number, number] = [Date.now(), 50];
    const created = /(SCAN|SEARCH) images USING INDEX images_created_idx/;
    const ofEvent = /SEARCH images USING INDEX images_event_idx \(associated_event_id=\?/;
    expectIndexed(await planOf(imagePageQuery(deps(), me, {}, undefined, 30)), [created]);
    expectIndexed(await planOf(imagePageQuery(deps(), me, {}, at, 30)), [/SEARCH images USING INDEX images_created_idx \(created_at<\?\)/]);
    expectIndexed(await planOf(imagePageQuery(deps(), me, { tag: 'tea' }, at, 30)), [created]);
    expectIndexed(await planOf(imagePageQuery(deps(), me, { eventId: 3 }, undefined, 30)), [ofEvent]);
    expectIndexed(await planOf(imagePageQuery(deps(), me, { eventId: 3, tag: 'tea' }, at, 30)), [ofEvent]);
  });
});
