import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ID } from '../../../src/shared/first-screen';
import type { AppEnv } from '../../../src/worker/platform/hono-env';
import { BODY_DEADLINE, BODY_TIMEOUT_MESSAGE } from '../../../src/worker/platform/body-wait';
import {
  BUSY_MESSAGE,
  CLIENT_BUSY_MESSAGE,
  isolateLoad,
  LOAD_LIMITS,
  LoadGauge,
  loadShed,
  shedsRequest,
} from '../../../src/worker/platform/middleware/load-shed';
import { openApiDocument } from '../../../src/worker/rest-docs';
import { ORIGIN, request, roles, trpc, worker } from '../helpers';

// Issue 29 (ADR 0020): an isolate whose oldest request has waited past MAX_WAIT_MS answers new
// API requests at once with a 503 and Retry-After, instead of queueing them into a timeout; pages
// are still served (as their shell), and below MIN_IN_FLIGHT nothing is ever refused.

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** Holds the Worker's own gauge at its ceiling for the length of `run` (every request then refused). */
async function overloaded<T>(run: () => Promise<T>): Promise<T> {
  const held = Array.from({ length: LOAD_LIMITS.MAX_IN_FLIGHT }, () => isolateLoad.enter());
  try {
    return await run();
  } finally {
    for (const ticket of held) ticket.leave();
  }
}

describe('LoadGauge', () => {
  it('lets everything in below MIN_IN_FLIGHT, however old the requests in flight', () => {
    const c = clock();
    const gauge = new LoadGauge(c.now);
    for (let i = 0; i < LOAD_LIMITS.MIN_IN_FLIGHT - 1; i++) gauge.enter();
    c.advance(LOAD_LIMITS.MAX_WAIT_MS * 10);
    expect(gauge.admits()).toBe(true);
  });

  it('refuses while its oldest request has waited past MAX_WAIT_MS, and lets in again once that one is answered', () => {
    const c = clock();
    const gauge = new LoadGauge(c.now);
    const oldest = gauge.enter();
    c.advance(1000);
    for (let i = 1; i < LOAD_LIMITS.MIN_IN_FLIGHT + 8; i++) gauge.enter();
    c.advance(LOAD_LIMITS.MAX_WAIT_MS - 1000);
    expect(gauge.admits()).toBe(true);
    c.advance(1);
    expect(gauge.admits()).toBe(false);
    oldest.leave();
    expect(gauge.oldestWaitMs()).toBe(LOAD_LIMITS.MAX_WAIT_MS - 1000 + 1);
    expect(gauge.admits()).toBe(true);
  });

  it('refuses past MAX_IN_FLIGHT whatever their age', () => {
    const gauge = new LoadGauge(clock().now);
    for (let i = 0; i < LOAD_LIMITS.MAX_IN_FLIGHT; i++) gauge.enter();
    expect(gauge.admits()).toBe(false);
  });

  // Issue 45, the review's high finding: the time a client takes to send its body is its own.
  it('does not count a request whose client is still sending its body, and counts its wait from the moment the body arrived', () => {
    const c = clock();
    const gauge = new LoadGauge(c.now);
    const slow = Array.from({ length: LOAD_LIMITS.MIN_IN_FLIGHT + 6 }, (_, i) => gauge.enter(`198.51.100.${i}`));
    for (const ticket of slow) ticket.begin();
    c.advance(LOAD_LIMITS.MAX_WAIT_MS * 3);
    expect(gauge.inFlight).toBe(0);
    expect(gauge.admits()).toBe(true);
    for (const ticket of slow) ticket.end();
    expect(gauge.oldestWaitMs()).toBe(0);
    c.advance(LOAD_LIMITS.MAX_WAIT_MS + 1);
    expect(gauge.admits()).toBe(false);
    for (const ticket of slow) ticket.leave();
    expect(gauge.admits()).toBe(true);
  });

  it('caps what one client address has in flight and the bodies it sends at once; other clients are not concerned', () => {
    const gauge = new LoadGauge(clock().now);
    const greedy = Array.from({ length: LOAD_LIMITS.MAX_PER_CLIENT }, () => gauge.enter('203.0.113.9'));
    expect(gauge.admitsClient('203.0.113.9')).toBe(false);
    expect(gauge.admitsClient('203.0.113.10')).toBe(true);
    for (const ticket of greedy.slice(0, LOAD_LIMITS.MAX_BODIES_PER_CLIENT)) ticket.begin();
    expect(() => greedy.at(-1)!.begin()).toThrow(expect.objectContaining({ code: 'TOO_MANY_REQUESTS' }));
    greedy[0]!.end();
    expect(() => greedy.at(-1)!.begin()).not.toThrow();
    for (const ticket of greedy) ticket.leave();
    expect(gauge.admitsClient('203.0.113.9')).toBe(true);
  });
});

/** A POST whose body claims 100,000 bytes and sends one every `everyMs` until it is told to stop. */
function slowBody(path: string, ip: string, everyMs = 100) {
  let timer: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(() => {
        try {
          controller.enqueue(new Uint8Array([0x20]));
        } catch {
          clearInterval(timer);
        }
      }, everyMs);
    },
    cancel() {
      clearInterval(timer);
    },
  });
  const req = new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', 'Content-Length': '100000', 'CF-Connecting-IP': ip },
    body,
    // @ts-expect-error workerd's RequestInit knows duplex; the types do not.
    duplex: 'half',
  });
  const answer = worker.fetch(req);
  return { answer, stop: () => clearInterval(timer) };
}

/** Sets some of a limits object for the length of `run`. */
async function withLimits<T extends object, R>(limits: T, changes: Partial<T>, run: () => Promise<R>): Promise<R> {
  const before = { ...limits };
  Object.assign(limits, changes);
  try {
    return await run();
  } finally {
    Object.assign(limits, before);
  }
}

describe('slow request bodies (issue 45)', () => {
  it('70 clients sending POST /login a byte at a time do not make the club answer 503: a member’s GET /api/events in the same seconds answers 200', async () => {
    const member = await roles.standard();
    // The wait that trips the gauge, shortened: seconds of slow bodies are fractions here.
    await withLimits(LOAD_LIMITS, { MAX_WAIT_MS: 300 }, async () => {
      const slow = Array.from({ length: 70 }, (_, i) => slowBody('/login', `198.51.100.${i + 1}`));
      await scheduler.wait(LOAD_LIMITS.MAX_WAIT_MS * 3);
      const res = await request('/api/events?limit=5', { as: member });
      expect(res.status).toBe(200);
      for (const s of slow) s.stop();
    });
  });

  it('a body that does not arrive before its deadline gets 408 (the connection closed), and its request is counted out', async () => {
    await withLimits(BODY_DEADLINE, { BASE_MS: 200, MIN_BYTES_PER_SECOND: 1e9 }, async () => {
      const { answer, stop } = slowBody('/login', '198.51.100.200', 1000);
      const res = await answer;
      stop();
      expect(res.status).toBe(408);
      expect(res.headers.get('Connection')).toBe('close');
      expect(await res.json()).toMatchObject({ code: 'REQUEST_TIMEOUT', message: BODY_TIMEOUT_MESSAGE });
      const { answer: trpcAnswer, stop: stopTrpc } = slowBody('/trpc/auth.login', '198.51.100.201', 1000);
      expect((await trpcAnswer).status).toBe(408);
      stopTrpc();
    });
    expect(isolateLoad.inFlight).toBe(0);
  });

  it('one address sending more bodies at once than its share gets 429 at once; the others wait for their bodies', async () => {
    const slow = Array.from({ length: LOAD_LIMITS.MAX_BODIES_PER_CLIENT + 1 }, () => slowBody('/login', '203.0.113.77'));
    const refused = await Promise.race([slow.at(-1)!.answer, scheduler.wait(2000).then(() => null)]);
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get('Retry-After')).toBe(String(LOAD_LIMITS.RETRY_AFTER_SECONDS));
    expect(await refused?.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: CLIENT_BUSY_MESSAGE });
    for (const s of slow) s.stop();
  });
});

describe('loadShed', () => {
  it('answers an overloaded isolate’s new request at once (503, Retry-After, the error body) and counts answered ones out', async () => {
    const c = clock();
    const gauge = new LoadGauge(c.now);
    let ran = 0;
    const app = new Hono<AppEnv>().use('*', loadShed(gauge)).get('/api/x', (ctx) => ((ran += 1), ctx.text('ok')));
    expect((await app.request('/api/x')).status).toBe(200);
    expect(gauge.inFlight).toBe(0);
    for (let i = 0; i < LOAD_LIMITS.MIN_IN_FLIGHT; i++) gauge.enter();
    c.advance(LOAD_LIMITS.MAX_WAIT_MS + 1);
    const res = await app.request('/api/x');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe(String(LOAD_LIMITS.RETRY_AFTER_SECONDS));
    expect(await res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: BUSY_MESSAGE });
    expect(ran).toBe(1);
    expect(gauge.inFlight).toBe(LOAD_LIMITS.MIN_IN_FLIGHT);
  });

  it('refuses the API, tRPC, image bytes and every write, and lets pages and static files through', () => {
    expect(shedsRequest('GET', '/api/events')).toBe(true);
    expect(shedsRequest('GET', '/api/events/:id')).toBe(true);
    expect(shedsRequest('GET', '/trpc/events.list')).toBe(true);
    expect(shedsRequest('GET', '/auth-status')).toBe(true);
    expect(shedsRequest('HEAD', '/images/abc.webp')).toBe(true);
    expect(shedsRequest('POST', '/login')).toBe(true);
    expect(shedsRequest('GET', '/calendar')).toBe(false);
    expect(shedsRequest('GET', '/events/12')).toBe(false);
    expect(shedsRequest('GET', '/favicon.svg')).toBe(false);
  });

  it('guards the Worker: an overloaded isolate answers its API 503 before any work, with the security headers, and lets in again after', async () => {
    const member = await roles.standard();
    const busy = await overloaded(() => request('/api/events?limit=5', { as: member }));
    expect(busy.status).toBe(503);
    expect(busy.headers.get('Retry-After')).toBe(String(LOAD_LIMITS.RETRY_AFTER_SECONDS));
    expect(busy.headers.get('X-Content-Type-Options')).toBe('nosniff');
    // Refused before the route: no D1 at all.
    expect(busy.headers.get('Server-Timing')).toMatch(/D1 round trips in all: 0"/);
    expect(await busy.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: BUSY_MESSAGE });
    const login = await overloaded(() => request('/login', { method: 'POST', body: { email: member.email, password: 'x' } }));
    expect(login.status).toBe(503);
    expect((await request('/api/events?limit=5', { as: member })).status).toBe(200);
    expect(isolateLoad.inFlight).toBe(0);
  });

  it('answers tRPC in its own error shape, SERVICE_UNAVAILABLE with Retry-After, which its client retries', async () => {
    const member = await roles.standard();
    const res = await overloaded(() => trpc('events.list', { when: 'upcoming' }, { as: member, type: 'query' }));
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe(String(LOAD_LIMITS.RETRY_AFTER_SECONDS));
    const body = (await res.json()) as { error: { message: string; data: { code: string; httpStatus: number; appCode: string } } };
    expect(body.error.message).toBe(BUSY_MESSAGE);
    expect(body.error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503, appCode: 'SERVICE_UNAVAILABLE' });
    expect((await trpc('events.list', { when: 'upcoming' }, { as: member, type: 'query' })).status).toBe(200);
  });

  it('still serves a member’s page, as its shell without her first screen, and the prerendered home page', async () => {
    const member = await roles.standard();
    const page = await overloaded(() => request('/calendar', { as: member, contract: false }));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<main id="main"');
    expect(html).not.toContain(FIRST_SCREEN_ID);
    const home = await overloaded(() => request('/', { contract: false }));
    expect(home.status).toBe(200);
    expect(home.headers.get('Content-Type')).toMatch(/text\/html/);
    // Not overloaded: her page carries her first screen again.
    expect(await (await request('/calendar', { as: member, contract: false })).text()).toContain(FIRST_SCREEN_ID);
  });

  it('is in the OpenAPI document: every refused operation lists its 503 with Retry-After, the pages none', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>> };
    const events = doc.paths['/api/events']!.get!.responses['503'];
    expect(events?.headers).toHaveProperty('Retry-After');
    expect(doc.paths['/login']!.post!.responses['503']).toBeDefined();
    // The overload's 503 is the error SERVICE_UNAVAILABLE (/healthz has a 503 of its own: degraded).
    const overload = (op: { responses: Record<string, unknown> }) =>
      JSON.stringify(op.responses['503'] ?? {}).includes('SERVICE_UNAVAILABLE');
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(overload(op), `${method} ${path}`).toBe(shedsRequest(method.toUpperCase(), path));
      }
    }
  });
});
