// The development routes: the load bench's floor (issue 29, ADR 0020) and the mailbox. Outside
// `npm start` they are not there; under it (issue 45) they answer only a request for 127.0.0.1 or
// localhost, the floor reads as the member of the session cookie (never a ?member= of the URL)
// and answers none of D1's rows, and index.ts sends it only its own path.
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { devFloor, floorBatch } from '../../../src/worker/dev-floor';
import entry from '../../../src/worker/index';
import { createUser, insertEvent, request, roles } from '../helpers';

const underNpmStart = { ...env, ENVIRONMENT: 'development' } as typeof env;

/** The Worker's own fetch (index.ts) under `npm start`. */
async function devFetch(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const req = new Request(url, { headers }) as Request<unknown, IncomingRequestCfProperties>;
  const res = await entry.fetch(req, underNpmStart, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('the simulator floor of the load bench (dev-floor.ts)', () => {
  it('is not there outside `npm start`: /dev/floor/… is not found', async () => {
    const member = await roles.standard();
    for (const path of ['/dev/floor/none', '/dev/floor/session', '/dev/floor/event/1?member=1']) {
      const res = await request(path, { as: member, contract: false });
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('under `npm start`, reads what each route reads, in one batch after the session statement', async () => {
    const member = await roles.standard();
    const event = await insertEvent({ title: 'Floor evening' });
    await request('/api/comments', { as: member, method: 'POST', body: { commentableId: `event-${event.id}`, content: 'On the floor' } });
    const floor = async (path: string) => {
      const batch = (await floorBatch(new Request(`http://127.0.0.1${path}`, { headers: { Cookie: member.cookie } }), underNpmStart))!;
      // The session's row first: her live session, as /auth-status reads it.
      expect(batch[0]!.results, path).toHaveLength(1);
      return batch.slice(1).map((r) => r.results as Record<string, unknown>[]);
    };
    const none = await devFloor(new Request('http://127.0.0.1/dev/floor/none'), underNpmStart);
    expect(await none.json()).toEqual({});
    expect(await floor('/dev/floor/session')).toEqual([]);
    // The first page of events: the upcoming page with the counts, and the past part behind it.
    const [upcoming, past] = await floor('/dev/floor/events');
    expect(upcoming!.some((row) => row.id === event.id)).toBe(true);
    expect(past).toBeDefined();
    const [eventRow, participants, invitation, waitlist] = await floor(`/dev/floor/event/${event.id}`);
    expect(eventRow).toEqual([expect.objectContaining({ id: event.id, title: 'Floor evening' })]);
    expect([participants, invitation, waitlist]).toEqual([[], [], []]);
    expect(await floor('/dev/floor/images')).toHaveLength(1);
    const [comments] = await floor(`/dev/floor/comments/${event.id}`);
    expect(comments!.some((row) => Object.values(row).includes('On the floor'))).toBe(true);
    expect((await devFloor(new Request('http://127.0.0.1/dev/floor/nothing'), underNpmStart)).status).toBe(404);
  });
});

describe('development routes under `npm start` (issue 45)', () => {
  it('the floor reads as the member of the session, never ?member=, and answers none of the rows (an invite-only note stays private)', async () => {
    const host = await roles.founding();
    const stranger = await createUser();
    const secret = `Door code ${Math.random().toString(36).slice(2)}`;
    const event = await insertEvent({ createdBy: host.id, exclusivity: 'invite-only', note: secret });
    const path = `http://127.0.0.1:8787/dev/floor/event/${event.id}?member=${host.id}`;

    const anonymous = await devFetch(path);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain(secret);
    for (const as of [stranger, host]) {
      const res = await devFetch(path, { Cookie: as.cookie });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(secret);
      // Each statement's row count (the session's, the event's, …), padded to the rows' length.
      expect(JSON.parse(text)).toMatchObject({ rows: [1, 1, 0, 0, 0] });
    }
    // The invitation read is the stranger's own, not the ?member='s.
    const batch = (await floorBatch(new Request(path, { headers: { Cookie: stranger.cookie } }), underNpmStart))!;
    expect(batch[0]!.results).toEqual([expect.objectContaining({ user_id: stranger.id })]);
  });

  it('answer only a request for 127.0.0.1 or localhost, any port: a rebound name gets 403', async () => {
    for (const path of ['/dev/mailbox.json', '/dev/mailbox', '/dev/floor/none']) {
      expect((await devFetch(`http://127.0.0.1:8787${path}`)).status, path).toBe(200);
      expect((await devFetch(`http://localhost:5173${path}`)).status, path).toBe(200);
      const rebound = await devFetch(`http://127.0.0.1:8787${path}`, { Host: 'attacker.example:8787' });
      expect(rebound.status, path).toBe(403);
      expect(await rebound.json(), path).toMatchObject({ code: 'FORBIDDEN' });
      expect((await devFetch(`http://attacker.example${path}`)).status, path).toBe(403);
      expect((await devFetch(`http://127.0.0.1.attacker.example${path}`)).status, path).toBe(403);
    }
  });

  it('index.ts hands the floor its own path only, not a URL that mentions it', async () => {
    const member = await roles.standard();
    const res = await devFetch('http://127.0.0.1:8787/api/events?limit=1&next=/dev/floor/none', { Cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });
});
