import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { coalescingD1, selectColumnCount } from '../../../src/worker/platform/d1-coalesce';
import { countingD1 } from '../../../src/worker/platform/d1-round-trips';
import { createUser, insertEvent, unique } from '../helpers';

// Issue 27: a member's first screen reads its lists side by side; over coalescingD1 they go to D1
// as one batch, and each caller gets exactly what its statements would have answered alone.

describe('selectColumnCount', () => {
  it('counts the top-level columns of a SELECT, not the commas inside calls, subqueries or quotes', () => {
    expect(selectColumnCount('select "id", "name", "created_at" from "passkeys" where "user_id" = ?')).toBe(3);
    expect(selectColumnCount('select distinct "a" from "t"')).toBe(1);
    expect(selectColumnCount(`select coalesce("a", 'x, y'), (select count(*) from "c" where "c"."e" = "e"."id"), "b" from "e"`)).toBe(3);
    expect(selectColumnCount('select 1')).toBe(1);
    expect(selectColumnCount('select "a"from"t"')).toBe(1);
    expect(selectColumnCount('update "t" set "a" = 1')).toBeNull();
  });
});

describe('coalescingD1', () => {
  it('sends lone reads and batches of reads made side by side as one round trip, each answered as if alone', async () => {
    const u = await createUser({ name: `Coalesced ${unique()}` });
    const event = await insertEvent({ title: unique('Merged ') });
    const counted = countingD1(env.DB);
    const d1 = coalescingD1(counted.d1);
    const [first, all, raw, batch, column] = await Promise.all([
      d1.prepare('select "name" from "users" where "id" = ?').bind(u.id).first<{ name: string }>(),
      d1.prepare('select "id", "title" from "events" where "id" = ?').bind(event.id).all(),
      d1.prepare('select "id", "email" from "users" where "id" = ?').bind(u.id).raw(),
      d1.batch([d1.prepare('select ? as "one"').bind(1), d1.prepare('select "title" from "events" where "id" = ?').bind(event.id)]),
      d1.prepare('select "email" from "users" where "id" = ?').bind(u.id).first<string>('email'),
    ]);
    expect(first?.name).toBe(u.name);
    expect(all.results).toEqual([{ id: event.id, title: event.title }]);
    expect(raw).toEqual([[u.id, u.email]]);
    expect(batch.map((r) => r.results)).toEqual([[{ one: 1 }], [{ title: event.title }]]);
    expect(column).toBe(u.email);
    expect(counted.roundTrips()).toBe(1);
  });

  it('answers a read whose columns share a name correctly (it runs again on its own), and lets writes through', async () => {
    const u = await createUser();
    const counted = countingD1(env.DB);
    const d1 = coalescingD1(counted.d1);
    const rows = await d1
      .prepare('select "u"."id", "v"."id" from "users" "u" join "users" "v" on "v"."id" = "u"."id" where "u"."id" = ?')
      .bind(u.id)
      .raw();
    expect(rows).toEqual([[u.id, u.id]]);
    expect(counted.roundTrips()).toBe(2);
    const name = unique('Renamed ');
    await d1.prepare('update "users" set "name" = ? where "id" = ?').bind(name, u.id).run();
    expect((await env.DB.prepare('select "name" from "users" where "id" = ?').bind(u.id).first<{ name: string }>())?.name).toBe(name);
  });

  it('fails every caller of a merged batch whose statement fails, and leaves nothing pending', async () => {
    const d1 = coalescingD1(env.DB);
    const results = await Promise.allSettled([d1.prepare('select 1 as "a"').all(), d1.prepare('select "nope" from "no_such_table"').all()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await d1.prepare('select 2 as "b"').first<{ b: number }>())?.b).toBe(2);
  });
});
