import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../../src/worker/app';
import { CHECK_DEADLINE_MS, checkHealth, HEALTH_PROBES } from '../../../src/worker/modules/operations/health';
import type { Env } from '../../../src/worker/platform/env';
import { createUser, deps, ORIGIN, request } from '../helpers';

afterEach(() => vi.restoreAllMocks());

/** The app itself on an env of the test's making (a binding that fails, production's ENVIRONMENT). */
async function fetchWith(overrides: Partial<Env>, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, init), { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A D1 whose every statement fails, as an outage would. */
const brokenDb = {
  withSession: () => ({
    prepare: () => {
      throw new Error('D1_ERROR: Network connection lost.');
    },
    batch: () => Promise.reject(new Error('D1_ERROR: Network connection lost.')),
    getBookmark: () => null,
  }),
} as unknown as D1Database;

describe('GET /healthz', () => {
  it('answers 200 with the version and each check timed, uncached, to anyone', async () => {
    const res = await request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = await res.json<{ status: string; version: string; checks: Record<string, { status: string; duration_ms: number }> }>();
    expect(body.status).toBe('ok');
    expect(body.version).toEqual(expect.any(String));
    expect(Object.keys(body.checks).sort()).toEqual(['d1', 'queues', 'r2']);
    for (const check of Object.values(body.checks)) {
      expect(check.status).toBe('ok');
      expect(check.duration_ms).toBeGreaterThanOrEqual(0);
    }
    // Nothing but the documented fields: no personal data has a place to hide.
    expect(Object.keys(body).sort()).toEqual(['checks', 'status', 'version']);
  });

  it('answers 503 when R2 does not answer, and says which check is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const images = { head: () => Promise.reject(new Error('R2 is unreachable')) } as unknown as R2Bucket;
    const res = await fetchWith({ IMAGES: images }, '/healthz');
    expect(res.status).toBe(503);
    const body = await res.json<{ status: string; checks: Record<string, { status: string }> }>();
    expect(body.status).toBe('degraded');
    expect(body.checks.r2!.status).toBe('down');
    expect(body.checks.d1!.status).toBe('ok');
    expect(JSON.stringify(body)).not.toContain('unreachable');
  });

  it('answers 503 when D1 fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetchWith({ DB: brokenDb }, '/healthz');
    expect(res.status).toBe(503);
    expect((await res.json<{ checks: { d1: { status: string } } }>()).checks.d1.status).toBe('down');
  });

  it('gives each check one second: a check still waiting then is down, and the answer does not wait for it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const started = Date.now();
    const { health, serving } = await checkHealth(deps(), { ...HEALTH_PROBES, d1: () => new Promise(() => {}) });
    const took = Date.now() - started;
    expect(serving).toBe(false);
    expect(health.checks.d1.status).toBe('down');
    expect(health.checks.d1.duration_ms).toBeGreaterThanOrEqual(CHECK_DEADLINE_MS - 5);
    expect(took).toBeLessThan(CHECK_DEADLINE_MS + 500);
    expect(health.checks.r2.status).toBe('ok');
  });
});

describe('the request log and unexpected errors', () => {
  /** The JSON lines console.log was given from here on. */
  function watchLog() {
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    return () =>
      spy.mock.calls
        .map((c) => String(c[0]))
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  it('writes one JSON line per request in production: its id, route, status and time, nothing of the member', async () => {
    const lines = watchLog();
    const token = 'A'.repeat(43);
    const res = await fetchWith({ ENVIRONMENT: 'production' }, `/api/register/validate-token/${token}?email=ada@example.com`);
    const [line] = lines();
    expect(line).toEqual({
      request_id: res.headers.get('X-Request-Id'),
      method: 'GET',
      route: '/api/register/validate-token/:token',
      status: res.status,
      duration_ms: expect.any(Number),
    });
    expect(JSON.stringify(line)).not.toContain(token);
    expect(JSON.stringify(line)).not.toContain('ada@');
  });

  it('names the redacted path when no route matched', async () => {
    const lines = watchLog();
    await fetchWith({ ENVIRONMENT: 'production' }, `/api/nothing-here/${'b'.repeat(40)}`);
    expect(lines()[0]).toMatchObject({ route: '/api/nothing-here/:token', status: 404 });
  });

  it('writes none locally (wrangler dev prints its own)', async () => {
    const lines = watchLog();
    await request('/healthz');
    expect(lines()).toEqual([]);
  });

  it('answers an unexpected error with the request id, which the log line and the error log carry too', async () => {
    const lines = watchLog();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const member = await createUser();
    const res = await fetchWith({ ENVIRONMENT: 'production', DB: brokenDb }, '/api/notifications/unread-count', {
      headers: { Cookie: member.cookie },
    });
    expect(res.status).toBe(500);
    const id = res.headers.get('X-Request-Id');
    expect(id).toBeTruthy();
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', request_id: id });
    expect(JSON.stringify(body)).not.toContain('D1_ERROR');
    expect(lines()[0]).toMatchObject({ request_id: id, status: 500 });
    expect(JSON.stringify(errors.mock.calls)).toContain(id!);
  });

  it('answers and logs with the id a failure before any route, as the D1 session opens', async () => {
    const lines = watchLog();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unreachable = {
      withSession: () => {
        throw new Error('D1_ERROR: binding unavailable');
      },
    } as unknown as D1Database;
    const res = await fetchWith({ ENVIRONMENT: 'production', DB: unreachable }, '/api/events/42');
    expect(res.status).toBe(500);
    const id = res.headers.get('X-Request-Id');
    expect(id).toBeTruthy();
    expect(await res.json()).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', request_id: id });
    expect(lines()).toEqual([{ request_id: id, method: 'GET', route: '/api/events/:id', status: 500, duration_ms: expect.any(Number) }]);
  });

  it('answers a page that failed with a page carrying the id', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const member = await createUser();
    const res = await fetchWith({ DB: brokenDb }, '/calendar', { headers: { Cookie: member.cookie, Accept: 'text/html' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(await res.text()).toContain(res.headers.get('X-Request-Id')!);
  });
});
