import { describe, expect, it } from 'vitest';
import type { MemberActor } from '../../../src/worker/platform/actor';
import type { BuiltRead } from '../../../src/worker/platform/built-once';
import type { Deps } from '../../../src/worker/platform/deps';
import { commentPage, commentPageQuery } from '../../../src/worker/modules/comments/comments';
import {
  countedEventPage,
  countedEventPageQuery,
  eventPage,
  eventPageInvitation,
  eventPageParticipants,
  eventPageQueries,
  eventPageQuery,
  eventPageRow,
  eventPageWaitlist,
} from '../../../src/worker/modules/events/events';
import { imagePage, imagePageQuery } from '../../../src/worker/modules/images/images';
import { deps as testDeps } from '../helpers';

// Issue 29 (ADR 0020): the hot reads are built once per isolate with slots for the member's id,
// the time and the page's own value. Each, filled in, must be exactly the statement Drizzle builds
// for the same values: a builder that used a slot outside SQL (arithmetic, a condition in code)
// would build a different statement, and this says which.

const NOW = 1_790_000_000_000;

function member(over: Partial<MemberActor> = {}): MemberActor {
  return {
    kind: 'member',
    id: 4242,
    name: 'Ada',
    email: 'ada@example.com',
    type: 'Standard',
    isAdmin: false,
    hasAdminFlag: false,
    mustChangePassword: false,
    twoFactorEnabled: false,
    sessionId: 'test',
    language: null,
    theme: 'system',
    membership: { member_since: '2026-01-01', renews_on: '2999-01-01', status: 'active' },
    ...over,
  };
}

const VIEWERS = {
  'a Standard member': member(),
  'a Travel Host': member({ id: 77, type: 'Travel Host' }),
  'an admin': member({ id: 5, type: 'Founding', isAdmin: true, hasAdminFlag: true, twoFactorEnabled: true }),
};

function expectSame(built: BuiltRead<unknown>, values: Record<string, unknown>, fresh: { toSQL(): { sql: string; params: unknown[] } }) {
  const bound = built.with(values);
  const expected = fresh.toSQL();
  expect(bound.sql).toBe(expected.sql);
  expect(bound.params).toEqual(expected.params);
}

describe.each(Object.entries(VIEWERS))('statements built once, for %s', (_name, me) => {
  const deps = (): Deps => ({ ...testDeps(), now: () => NOW });
  const slots = { me: me.id, now: NOW };

  it('the events lists’ pages, first (with the counts, or without) and later', () => {
    const at = { startsAt: NOW - 3_600_000, id: 987 };
    for (const phase of ['u', 'p'] as const) {
      for (const size of [1, 30, 100]) {
        expectSame(countedEventPage(me, `${phase}${size}`), slots, countedEventPageQuery(deps(), me, phase, size));
        expectSame(eventPage(me, `${phase}${size}`), slots, eventPageQuery(deps(), me, phase, undefined, undefined, size));
        expectSame(
          eventPage(me, `${phase}${size}>`),
          { ...slots, after: at.startsAt, afterId: at.id },
          eventPageQuery(deps(), me, phase, undefined, { phase, ...at }, size),
        );
      }
    }
    // SPEC 7's one list: its past part behind the upcoming part, from the start or after its cursor.
    for (const size of [1, 30]) {
      expectSame(eventPage(me, `p${size}b`), slots, eventPageQuery(deps(), me, 'p', undefined, undefined, size, {}));
      expectSame(
        eventPage(me, `p${size}b>`),
        { ...slots, after: at.startsAt, afterId: at.id },
        eventPageQuery(deps(), me, 'p', undefined, undefined, size, { after: { phase: 'u', ...at } }),
      );
    }
  });

  it('the event page, by id and by slug', () => {
    for (const [by, ref] of [
      ['id', 31],
      ['slug', 'garden-party'],
    ] as const) {
      const fresh = eventPageQueries(deps(), me, by, ref);
      const values = { ...slots, ref };
      expectSame(eventPageRow(me, by), values, fresh[0]);
      expectSame(eventPageParticipants(me, by), values, fresh[1]);
      expectSame(eventPageInvitation(me, by), values, fresh[2]);
      expectSame(eventPageWaitlist(me, by), values, fresh[3]);
    }
  });

  it('the gallery’s pages and a comment list’s, first and later', () => {
    const at: [number, number] = [NOW - 60_000, 321];
    const later = { after: at[0], afterId: at[1] };
    expectSame(imagePage(me, '30'), slots, imagePageQuery(deps(), me, {}, undefined, 30));
    expectSame(imagePage(me, '30>'), { ...slots, ...later }, imagePageQuery(deps(), me, {}, at, 30));
    expectSame(imagePage(me, '30e'), { ...slots, ref: 12 }, imagePageQuery(deps(), me, { eventId: 12 }, undefined, 30));
    expectSame(imagePage(me, '5e>'), { ...slots, ref: 12, ...later }, imagePageQuery(deps(), me, { eventId: 12 }, at, 5));
    for (const kind of ['event', 'image'] as const) {
      expectSame(commentPage(me, `${kind}:20`), { ...slots, ref: 12 }, commentPageQuery(deps(), me, { kind, id: 12 }, undefined, 20));
      expectSame(commentPage(me, `${kind}:20>`), { ...slots, ref: 12, ...later }, commentPageQuery(deps(), me, { kind, id: 12 }, at, 20));
    }
  });

  it('is built once: the same shape is the same object, another role or size another', () => {
    expect(eventPage(me, 'u30')).toBe(eventPage({ ...me, id: me.id + 1 }, 'u30'));
    expect(eventPage(me, 'u30')).not.toBe(eventPage(me, 'u31'));
    expect(eventPage(me, 'u30')).not.toBe(eventPage(me, 'u30>'));
    expect(imagePage(me, '30')).not.toBe(imagePage({ ...me, isAdmin: !me.isAdmin }, '30'));
  });
});
