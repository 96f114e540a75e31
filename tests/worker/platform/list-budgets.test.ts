// Issue 13's size budget, checked in npm test as npm run bench checks it: the first page of the
// event, image and comment lists answers at most 64 KB. Each list gets more than a page of rows
// with generous fields (longer than the bench's), so a DTO that grows (the participants' names
// back in every event, say) fails here before it reaches a member's phone.
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../../src/shared/schemas/page';
import { comments } from '../../../src/worker/db/schema/comments';
import { eventParticipants } from '../../../src/worker/db/schema/events';
import { images } from '../../../src/worker/db/schema/images';
import { createUser, deps, insertEvent, request, unique } from '../helpers';

const BUDGET_BYTES = 64 * 1024;
const ROWS = PAGE_SIZE + 5;
const words = (n: number) => 'An evening of conversation and good food with members of the club. '.repeat(Math.ceil(n / 68)).slice(0, n);

async function firstPageBytes(path: string, as: Awaited<ReturnType<typeof createUser>>) {
  const res = await request(path, { as });
  expect(res.status, path).toBe(200);
  const body = await res.text();
  expect(JSON.parse(body), path).toHaveLength(PAGE_SIZE);
  return new TextEncoder().encode(body).byteLength;
}

describe('the first page of every list is at most 64 KB', () => {
  it('events, images and comments, with more than a page of rows each', async () => {
    const member = await createUser();
    // Twenty participants an event: counted in a list, never named there.
    const people = [member, ...(await Promise.all(Array.from({ length: 19 }, () => createUser())))];
    const db = deps().db;
    const tag = unique('budget');
    const list = await Promise.all(
      Array.from({ length: ROWS }, (_, i) =>
        insertEvent({
          title: `${tag} supper club ${i}`,
          description: words(600),
          location: '12 Rue de Bretagne, third floor',
          city: 'Paris',
          country: 'France',
          startsAt: Date.now() + (i + 1) * 86_400_000,
          endsAt: Date.now() + (i + 1) * 86_400_000 + 3 * 3_600_000,
        }),
      ),
    );
    for (const e of list) {
      await db.insert(eventParticipants).values(people.map((p) => ({ eventId: e.id, userId: p.id })));
    }
    for (let i = 0; i < ROWS; i += 5) {
      await db.insert(images).values(
        Array.from({ length: 5 }, (_, k) => ({
          r2Key: `${unique('budget')}.jpg`,
          displayKey: `${unique('budget')}.webp`,
          thumbKey: `${unique('budget')}.webp`,
          contentType: 'image/jpeg',
          bytes: 250_000,
          title: `Garden afternoon ${i + k}`,
          name: `garden-afternoon-${i + k}.jpg`,
          description: words(500),
          tags: ['garden', 'tea ceremony', 'summer evening', 'members', tag],
          associatedEventId: list[0]!.id,
          uploadedBy: member.id,
        })),
      );
    }
    for (let i = 0; i < ROWS; i += 5) {
      await db.insert(comments).values(
        Array.from({ length: 5 }, (_, k) => ({
          eventId: list[0]!.id,
          userId: member.id,
          content: words(1000),
          createdAt: Date.now() - (i + k) * 1000,
        })),
      );
    }

    expect(await firstPageBytes(`/api/events?search=${tag}`, member)).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(await firstPageBytes(`/api/images?tag=${tag}`, member)).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(await firstPageBytes(`/api/comments?commentableId=event-${list[0]!.id}`, member)).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
