// Bench section (issue 29): the server under many members at once. autocannon keeps 50, then 200
// connections open on 127.0.0.1 against each route for LOAD_SECONDS (default 15) with a demo
// member's session: the first page of events, one event, the first page of images and a comment
// list, with the static asset and the member's /auth-status measured in the same run. Budgets: at
// 200 connections no error and no timeout (10 s) and a p99 of at most 3 s; at 50 connections each
// route serves at least 0.5x the static asset's requests per second (auth-status 0.7x). It runs
// after the list sections (alphabetical order), so the lists are the 1,000 events, 5,000 images
// and 1,000 comments they seeded; with BENCH_ONLY=load they are the demo's.
import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import { SEED_DEFAULTS } from '../lib/seed/options';
import { percentile, round, STATIC_ASSET, type BenchContext, type BenchRow } from './context';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const TIMEOUT_SECONDS = 10;
const MAX_P99_MS = 3000;
const MIN_RATIO = 0.5;
const MIN_AUTH_RATIO = 0.7;
const MEMBER = 'eleanor@club.example';
const COMMENTS_SLUG = 'bench-comments-evening';

export interface LoadStats {
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  /** Answers other than 2xx (a 503 or 429 of an overloaded server counts here). */
  non2xx: number;
  /** Answers received: none at all fails a row whatever its other figures. */
  total: number;
}

/**
 * Waits until the server has worked off the requests a finished run left in flight (autocannon
 * stops sending, the server still answers them), so the next row starts on a quiet server.
 */
async function settle(url: string) {
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    await (await fetch(url)).arrayBuffer();
    if (performance.now() - t0 < 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The Worker's own time for one answer: its `Server-Timing: app;dur=…` (request-context.ts). */
function workerTime(headers: IncomingHttpHeaders = {}): number | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === 'server-timing');
  const value = key === undefined ? '' : [headers[key] ?? ''].flat().join(', ');
  const ms = /(?:^|,\s*)app;dur=([\d.]+)/.exec(value)?.[1];
  return ms === undefined ? undefined : Number(ms);
}

/**
 * autocannon against one URL. With `workerTimes`, each answer's own time inside the Worker
 * (Server-Timing app) is collected there: what the route's code and its D1 cost, without the
 * wait before the Worker sees the request.
 */
export async function load(
  url: string,
  connections: number,
  cookie?: string,
  seconds = SECONDS,
  workerTimes?: number[],
): Promise<LoadStats> {
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: TIMEOUT_SECONDS,
    headers: cookie ? { cookie } : {},
    ...(workerTimes && {
      requests: [
        {
          onResponse: (_status: number, _body: string, _context: object, headers?: IncomingHttpHeaders) => {
            const ms = workerTime(headers);
            if (ms !== undefined) workerTimes.push(ms);
          },
        },
      ],
    }),
  });
  await settle(new URL(STATIC_ASSET, url).href);
  return {
    rps: round(r.requests.average, 0),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

async function json<T>(ctx: BenchContext, cookie: string, urlPath: string): Promise<T> {
  const res = await fetch(ctx.baseUrl + urlPath, { headers: { Cookie: cookie } });
  if (!res.ok) throw new Error(`GET ${urlPath} answered ${res.status}`);
  return (await res.json()) as T;
}

/** A route of the table, and its floor: the same D1 batch with no app code (dev-floor.ts). */
interface LoadRoute {
  name: string;
  path: string;
  floor: string;
}

/** The routes of the table, as the member sees them. */
async function routes(ctx: BenchContext, cookie: string): Promise<LoadRoute[]> {
  const events = await json<{ id: number; slug: string }[]>(ctx, cookie, '/api/events?limit=30');
  if (!events.length) throw new Error('no event to load: seed the demo content');
  const withComments =
    (await json<{ id: number; slug: string }[]>(ctx, cookie, `/api/events?search=${encodeURIComponent('Bench Comments Evening')}`)).find(
      (e) => e.slug === COMMENTS_SLUG,
    ) ?? events[0]!;
  // A floor reads as the member of the session cookie that load() sends (dev-floor.ts).
  return [
    { name: 'GET /api/events?limit=30', path: '/api/events?limit=30', floor: '/dev/floor/events' },
    { name: 'GET /api/events/{id}', path: `/api/events/${events[0]!.id}`, floor: `/dev/floor/event/${events[0]!.id}` },
    { name: 'GET /api/images?limit=30', path: '/api/images?limit=30', floor: '/dev/floor/images' },
    {
      name: 'GET /api/comments (an event)',
      path: `/api/comments?commentableId=event-${withComments.id}`,
      floor: `/dev/floor/comments/${withComments.id}`,
    },
  ];
}

const statRows = (name: string, s: LoadStats): BenchRow[] => [
  { name: `${name} req/s`, value: s.rps, unit: 'count' },
  { name: `${name} p50`, value: s.p50, unit: 'ms' },
  { name: `${name} p99`, value: s.p99, unit: 'ms' },
];

/**
 * The local simulator's floor (src/worker/dev-floor.ts, ADR 0020): each route's own D1 batch
 * (the session's statement and the route's reads) with none of the app's code, at 50 connections
 * in the same run. A floor below a budget's ratio means the budget cannot be met under
 * `wrangler dev` whatever the project's code does; route / floor is the share of the rate the
 * app's own code keeps.
 */
async function floorRows(ctx: BenchContext, cookie: string, list: LoadRoute[], at50: LoadStats[], staticRps: number, auth: LoadStats) {
  const floors = [
    { name: 'the Worker alone, no D1', path: '/dev/floor/none' },
    { name: 'GET /auth-status (member)', path: '/dev/floor/session', app: auth.rps },
    ...list.map((r, i) => ({ name: r.name, path: r.floor, app: at50[i]!.rps })),
  ];
  const rows: BenchRow[] = [];
  for (const f of floors) {
    const s = await load(ctx.baseUrl + f.path, 50, cookie);
    const clean = s.total > 0 && s.errors === 0 && s.non2xx === 0;
    const what = f.app === undefined ? `floor, ${f.name}` : `floor of ${f.name}, its D1 batch`;
    rows.push({ name: `Load 50 conn: ${what}, no app code: req/s`, value: clean ? s.rps : 0, unit: 'count' });
    rows.push({ name: `Load 50 conn: ${what}: req/s / static req/s`, value: round(s.rps / staticRps), unit: 'x' });
    if (f.app !== undefined) rows.push({ name: `Load 50 conn: ${f.name} req/s / its floor's`, value: round(f.app / s.rps), unit: 'x' });
  }
  return rows;
}

/**
 * The floors at 200 connections, just before the routes (ADR 0020): how long the simulator
 * itself keeps the slowest of 200 members waiting, with a static file (no Worker), the Worker
 * with no D1, and the event page's D1 batch with no app code.
 */
async function floorRowsAt200(ctx: BenchContext, cookie: string, event: LoadRoute): Promise<BenchRow[]> {
  const floors = [
    { name: `GET ${STATIC_ASSET} (static, no Worker)`, path: STATIC_ASSET },
    { name: 'floor, the Worker alone, no D1', path: '/dev/floor/none' },
    { name: 'floor, the event page’s D1 batch with the session, no app code', path: event.floor },
  ];
  const rows: BenchRow[] = [];
  for (const f of floors) {
    const s = await load(ctx.baseUrl + f.path, 200, cookie);
    rows.push(...statRows(`Load 200 conn: ${f.name}`, s));
    rows.push({ name: `Load 200 conn: ${f.name} errors (timeouts ${s.timeouts})`, value: s.errors + s.non2xx, unit: 'count' });
  }
  return rows;
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const cookie = await ctx.login(MEMBER, process.env.SEED_DEMO_PASSWORD ?? SEED_DEFAULTS.demoPassword);
  const list = await routes(ctx, cookie);
  const rows: BenchRow[] = [];
  await load(ctx.baseUrl + list[0]!.path, 50, cookie, 2); // warm-up, not reported

  // 50 connections: the static asset before and after the routes, their mean the reference.
  const staticBefore = await load(ctx.baseUrl + STATIC_ASSET, 50);
  const auth = await load(`${ctx.baseUrl}/auth-status`, 50, cookie);
  const at50: LoadStats[] = [];
  for (const r of list) at50.push(await load(ctx.baseUrl + r.path, 50, cookie));
  const staticAfter = await load(ctx.baseUrl + STATIC_ASSET, 50);
  const staticRps = (staticBefore.rps + staticAfter.rps) / 2;
  rows.push({
    name: `Load 50 conn: GET ${STATIC_ASSET} (static, mean of before and after) req/s`,
    value: round(staticRps, 0),
    unit: 'count',
  });
  const ratioRow = (name: string, s: LoadStats, min: number): BenchRow => {
    const ratio = round(s.rps / staticRps);
    const clean = s.total > 0 && s.errors === 0 && s.non2xx === 0;
    return {
      name: `Load 50 conn: ${name} req/s / static req/s`,
      value: ratio,
      unit: 'x',
      budget: `>= ${min}x, no error`,
      ok: ratio >= min && clean,
    };
  };
  rows.push(...statRows('Load 50 conn: GET /auth-status (member)', auth), ratioRow('GET /auth-status (member)', auth, MIN_AUTH_RATIO));
  list.forEach((r, i) => rows.push(...statRows(`Load 50 conn: ${r.name}`, at50[i]!), ratioRow(r.name, at50[i]!, MIN_RATIO)));
  rows.push(...(await floorRows(ctx, cookie, list, at50, staticRps, auth)));

  // 200 connections: nobody waits past 3 s at the 99th percentile, nobody gets an error.
  rows.push(...(await floorRowsAt200(ctx, cookie, list[1]!)));
  for (const r of list) {
    const inWorker: number[] = [];
    const s = await load(ctx.baseUrl + r.path, 200, cookie, SECONDS, inWorker);
    rows.push(
      { name: `Load 200 conn: ${r.name} req/s`, value: s.rps, unit: 'count' },
      { name: `Load 200 conn: ${r.name} p50`, value: s.p50, unit: 'ms' },
      // The wait before the Worker sees a request is the local runtime's (ADR 0020): its own time.
      {
        name: `Load 200 conn: ${r.name}, the Worker's own time (Server-Timing app) p99`,
        value: inWorker.length
          ? percentile(
              inWorker.sort((a, b) => a - b),
              99,
            )
          : 0,
        unit: 'ms',
      },
      {
        name: `Load 200 conn: ${r.name} p99`,
        value: s.p99,
        unit: 'ms',
        budget: `<= ${MAX_P99_MS} ms`,
        ok: s.total > 0 && s.p99 <= MAX_P99_MS,
      },
      {
        name: `Load 200 conn: ${r.name} errors (timeouts ${s.timeouts}, non-2xx ${s.non2xx})`,
        value: s.errors + s.non2xx,
        unit: 'count',
        budget: '= 0',
        ok: s.total > 0 && s.errors + s.non2xx === 0,
      },
    );
  }
  return rows;
}
