import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../../src/worker/db/schema/events';
import { idempotencyKeys } from '../../../src/worker/db/schema/idempotency';
import { IDEMPOTENCY_WINDOW_MS, idempotencyKeysJob } from '../../../src/worker/platform/middleware/idempotency';
import { deps, request, roles, unique } from '../helpers';
import { eventPayload, type Json } from '../events/events-helpers';

// Issue 47: writes that create something take an optional Idempotency-Key (as Stripe's).
describe('Idempotency-Key', () => {
  const countTitled = async (title: string) => (await deps().db.select().from(events).where(eq(events.title, title))).length;

  it('answers the first answer again and creates the event once; without a key, each request creates one', async () => {
    const host = await roles.founding();
    const title = `Once ${unique('t')}`;
    const key = crypto.randomUUID();
    const send = () => request('/api/events', { as: host, body: eventPayload({ title }), headers: { 'Idempotency-Key': key } });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await again.json()) as Json).event.id).toBe(((await first.json()) as Json).event.id);
    expect(await countTitled(title)).toBe(1);

    const plain = `Twice ${unique('t')}`;
    for (let i = 0; i < 2; i++) expect((await request('/api/events', { as: host, body: eventPayload({ title: plain }) })).status).toBe(201);
    expect(await countTitled(plain)).toBe(2);
  });

  it('keys are the sender’s own: another member with the same key creates her own', async () => {
    const [a, b] = [await roles.founding(), await roles.founding()];
    const title = `Shared key ${unique('t')}`;
    const key = crypto.randomUUID();
    for (const u of [a, b]) {
      const res = await request('/api/events', { as: u, body: eventPayload({ title }), headers: { 'Idempotency-Key': key } });
      expect(res.status).toBe(201);
      expect(res.headers.get('Idempotent-Replayed')).toBeNull();
    }
    expect(await countTitled(title)).toBe(2);
  });

  it('two requests at once with one key: one creates, the other is told to wait (409) or replayed', async () => {
    const host = await roles.founding();
    const title = `Race ${unique('t')}`;
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      [0, 1].map(() => request('/api/events', { as: host, body: eventPayload({ title }), headers: { 'Idempotency-Key': key } })),
    );
    expect(answers.map((r) => r.status).sort()).toSatisfy((s: number[]) => s.join() === '201,409' || s.join() === '201,201');
    expect(await countTitled(title)).toBe(1);
  });

  it('refuses a key used on another route (400), a malformed key (400), and keeps nothing of a refused request', async () => {
    const host = await roles.founding();
    const key = crypto.randomUUID();
    expect((await request('/api/events', { as: host, body: eventPayload(), headers: { 'Idempotency-Key': key } })).status).toBe(201);
    const elsewhere = await request('/api/circle-proposals', {
      as: host,
      body: { name: unique('Circle'), description: 'A circle.', reason: 'Because.' },
      headers: { 'Idempotency-Key': key },
    });
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as Json).message).toBe('This Idempotency-Key was used for another request.');
    expect((await request('/api/events', { as: host, body: eventPayload(), headers: { 'Idempotency-Key': 'has space' } })).status).toBe(
      400,
    );

    // A 400 did nothing: the same key, now with a valid body, creates.
    const retry = crypto.randomUUID();
    const title = `After a fix ${unique('t')}`;
    const bad = await request('/api/events', {
      as: host,
      body: eventPayload({ title, event_date: 'soon' }),
      headers: { 'Idempotency-Key': retry },
    });
    expect(bad.status).toBe(400);
    const fixed = await request('/api/events', { as: host, body: eventPayload({ title }), headers: { 'Idempotency-Key': retry } });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await countTitled(title)).toBe(1);
  });

  it('compares the body: the same key with another body (or path) is a 400 and does nothing; the body still reaches the route whole', async () => {
    const host = await roles.founding();
    const key = crypto.randomUUID();
    const title = `Body ${unique('t')}`;
    const send = (body: Json) => request('/api/events', { as: host, body, headers: { 'Idempotency-Key': key } });
    const first = await send(eventPayload({ title }));
    expect(first.status).toBe(201);
    expect(((await first.json()) as Json).event.title).toBe(title);
    const other = await send(eventPayload({ title: `${title} (changed)` }));
    expect(other.status).toBe(400);
    expect(((await other.json()) as Json).message).toBe(
      'This Idempotency-Key was used with another request body. Use a new key for a new request.',
    );
    expect(await countTitled(`${title} (changed)`)).toBe(0);
    expect((await send(eventPayload({ title }))).headers.get('Idempotent-Replayed')).toBe('true');
    // Read through body-limit.ts: over 256 KB is still a 413, before any key is claimed.
    const big = await send(eventPayload({ title, description: 'x'.repeat(300 * 1024) }));
    expect(big.status).toBe(413);
    expect(await countTitled(title)).toBe(1);
  });

  it('a key is kept a day; housekeeping deletes older ones, after which the key runs again', async () => {
    const host = await roles.founding();
    const key = `old-${crypto.randomUUID()}`;
    const title = `A day ${unique('t')}`;
    expect((await request('/api/events', { as: host, body: eventPayload({ title }), headers: { 'Idempotency-Key': key } })).status).toBe(
      201,
    );
    await deps()
      .db.update(idempotencyKeys)
      .set({ createdAt: Date.now() - IDEMPOTENCY_WINDOW_MS - 1000 })
      .where(eq(idempotencyKeys.key, key));
    expect((await request('/api/events', { as: host, body: eventPayload({ title }), headers: { 'Idempotency-Key': key } })).status).toBe(
      201,
    );
    expect(await countTitled(title)).toBe(2);
    await deps()
      .db.update(idempotencyKeys)
      .set({ createdAt: Date.now() - IDEMPOTENCY_WINDOW_MS - 1000 })
      .where(eq(idempotencyKeys.key, key));
    expect((await idempotencyKeysJob.run(deps())).idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(
      await deps()
        .db.select()
        .from(idempotencyKeys)
        .where(and(like(idempotencyKeys.owner, 'member:%'), eq(idempotencyKeys.key, key))),
    ).toEqual([]);
  });
});
