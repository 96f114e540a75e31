// Shared tools of `npm run bench` sections. A section is a file scripts/bench/<name>.ts that
// exports `run(ctx: BenchContext): Promise<BenchRow[]>`; the runner (scripts/bench.ts) calls each
// against one `wrangler dev --log-level warn` on 127.0.0.1 with fresh, seeded local state.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { totpCode } from '../../src/worker/modules/auth/totp';
import { d1File, ROOT } from '../lib/wrangler';

export interface BenchRow {
  /** What was measured, e.g. "GET /api/events (500 events) p50". */
  name: string;
  value: number;
  /** 'score': a Lighthouse category score, 0 to 100. */
  unit: 'ms' | 'KB' | 'x' | 'bytes' | 'count' | 'score';
  /** Human-readable budget, e.g. "<= 3x static"; omitted when there is none. */
  budget?: string;
  /** Whether the budget is met; omitted when there is none. */
  ok?: boolean;
}

export interface LatencyStats {
  n: number;
  p50: number;
  p99: number;
}

export interface BenchContext {
  baseUrl: string;
  /** p50 of the small static asset measured in the same run (ms). */
  staticP50: number;
  /** Cookie header of the seeded admin's session. */
  adminCookie: string;
  /** Signs in (with the code step when `totpSecret` is given and the account has 2FA on); the session cookie pair. */
  login(email: string, password: string, totpSecret?: string | null): Promise<string>;
  /** Bounded load: `requests` GETs (default 400) with `concurrency` in flight (default 4). */
  measure(
    urlPath: string,
    opts?: { cookie?: string; requests?: number; concurrency?: number; method?: string; body?: string },
  ): Promise<LatencyStats>;
  /**
   * The target and the static asset measured interleaved (request by request, in the same load),
   * so both see the same machine; prefer this over comparing with staticP50 from another moment.
   */
  measureAgainstStatic(urlPath: string, opts?: MeasureOptions): Promise<{ target: LatencyStats; static: LatencyStats }>;
  /** Runs SQL against the bench's local D1 (wrangler d1 execute --file). */
  sql(statements: string): void;
}

export interface MeasureOptions {
  cookie?: string;
  requests?: number;
  concurrency?: number;
  method?: string;
  body?: string;
}

export const STATIC_ASSET = '/assets/favicon.svg';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export function createContext(baseUrl: string, adminCookie: string, staticP50: number): BenchContext {
  const ctx: BenchContext = {
    baseUrl,
    staticP50,
    adminCookie,
    async login(email, password, totpSecret) {
      const post = (urlPath: string, body: unknown, cookie?: string) =>
        fetch(`${baseUrl}${urlPath}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: baseUrl, ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify(body),
        });
      let res = await post('/login', { email, password });
      if (!res.ok) throw new Error(`login ${email} failed: ${res.status}`);
      if (((await res.json()) as { twoFactorRequired?: boolean }).twoFactorRequired) {
        if (!totpSecret) throw new Error(`login ${email} needs a 2FA code: pass the TOTP secret`);
        const pending = res.headers.get('set-cookie')!.split(';')[0]!;
        res = await post('/login/2fa', { code: await totpCode(totpSecret, Date.now()) }, pending);
        if (!res.ok) throw new Error(`2FA code for ${email} refused: ${res.status}`);
      }
      return res.headers
        .getSetCookie()
        .find((c) => c.startsWith('owow_session='))!
        .split(';')[0]!;
    },
    measure: (urlPath, opts = {}) => measureLatency(baseUrl + urlPath, opts),
    async measureAgainstStatic(urlPath, opts = {}) {
      const [target, stat] = await measureInterleaved([
        { url: baseUrl + urlPath, ...opts },
        { url: baseUrl + STATIC_ASSET, requests: opts.requests, concurrency: opts.concurrency },
      ]);
      return { target: target!, static: stat! };
    },
    sql(statements) {
      const dir = path.join(ROOT, '.bench');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `sql-${process.pid}-${Date.now()}.sql`);
      writeFileSync(file, statements);
      try {
        // The server may be writing the same SQLite file (a queue consumer still sending the last
        // section's emails): SQLITE_BUSY then, so a few more tries, a few seconds apart.
        for (let attempt = 1; ; attempt++) {
          try {
            d1File(file);
            break;
          } catch (err) {
            if (attempt >= 5) throw err;
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3000);
          }
        }
      } finally {
        rmSync(file, { force: true });
      }
    },
  };
  return ctx;
}

export async function measureLatency(
  url: string,
  opts: { cookie?: string; requests?: number; concurrency?: number; method?: string; body?: string } = {},
): Promise<LatencyStats> {
  const requests = opts.requests ?? 400;
  const concurrency = opts.concurrency ?? 4;
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.body) headers['Content-Type'] = 'application/json';
  if (opts.method && opts.method !== 'GET') headers.Origin = new URL(url).origin;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { method: opts.method ?? 'GET', headers, body: opts.body });
    await res.arrayBuffer();
    if (!res.ok && res.status !== 304) throw new Error(`${url} answered ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < Math.min(20, requests); i++) await once(); // warm-up
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        times.push(await once());
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { n: times.length, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

/**
 * Several targets measured round-robin under one bounded load: each worker slot takes the next
 * request of the next target, so a busy moment of the machine hits every target alike.
 */
export async function measureInterleaved(targets: (MeasureOptions & { url: string })[]): Promise<LatencyStats[]> {
  const requests = targets[0]?.requests ?? 400;
  const concurrency = targets[0]?.concurrency ?? 4;
  const once = async (t: MeasureOptions & { url: string }) => {
    const headers: Record<string, string> = {};
    if (t.cookie) headers.Cookie = t.cookie;
    if (t.body) headers['Content-Type'] = 'application/json';
    if (t.method && t.method !== 'GET') headers.Origin = new URL(t.url).origin;
    const t0 = performance.now();
    const res = await fetch(t.url, { method: t.method ?? 'GET', headers, body: t.body });
    await res.arrayBuffer();
    if (!res.ok && res.status !== 304) throw new Error(`${t.url} answered ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 10; i++) for (const t of targets) await once(t); // warm-up
  const times: number[][] = targets.map(() => []);
  let next = 0;
  const total = requests * targets.length;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++ % targets.length;
        times[i]!.push(await once(targets[i]!));
      }
    }),
  );
  return times.map((ts) => {
    ts.sort((a, b) => a - b);
    return { n: ts.length, p50: round(percentile(ts, 50)), p99: round(percentile(ts, 99)) };
  });
}

export const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Rows for a latency figure and its p50 ratio to the static asset. */
export function latencyRows(name: string, stats: LatencyStats, staticP50: number, maxRatio?: number): BenchRow[] {
  const ratio = round(stats.p50 / staticP50);
  return [
    { name: `${name} p50`, value: stats.p50, unit: 'ms' },
    { name: `${name} p99`, value: stats.p99, unit: 'ms' },
    {
      name: `${name} p50 / static p50`,
      value: ratio,
      unit: 'x',
      ...(maxRatio ? { budget: `<= ${maxRatio}x`, ok: ratio <= maxRatio } : {}),
    },
  ];
}

/** Issue 13: the first page of every list answers at most 64 KB, with a p50 within 2x the static asset's. */
export const FIRST_PAGE_BUDGET = { maxKb: 64, maxRatio: 2 };

/**
 * A JSON list route that promises one D1 round trip (reported in its Server-Timing): probes it
 * once for its length, round trips and body size, then measures it interleaved with the static
 * asset. `label(count)` names the rows, e.g. (n) => `GET /api/events (${n} events)`; the count is
 * the answer's length (every REST list is a bare array, issue 47). With `maxKb` the body has a
 * budget too.
 */
export async function listRouteRows(
  ctx: BenchContext,
  urlPath: string,
  label: (count: number) => string,
  maxRatio: number,
  opts: { maxKb?: number } = {},
): Promise<BenchRow[]> {
  const url = ctx.baseUrl + urlPath;
  const probe = await fetch(url, { headers: { Cookie: ctx.adminCookie } });
  const body = await probe.arrayBuffer();
  if (!probe.ok) throw new Error(`GET ${urlPath} answered ${probe.status}`);
  const parsed = JSON.parse(new TextDecoder().decode(body)) as unknown;
  if (!Array.isArray(parsed)) throw new Error(`GET ${urlPath} answered no bare list`);
  const name = label(parsed.length);
  const trips = Number(/D1 round trips: (\d+)/.exec(probe.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  const [staticStats, listStats] = await measureInterleaved([
    { url: ctx.baseUrl + STATIC_ASSET, requests: 200 },
    { url, cookie: ctx.adminCookie, requests: 200 },
  ]);
  const kb = round(body.byteLength / 1024, 1);
  return [
    ...latencyRows(name, listStats!, staticStats!.p50, maxRatio),
    { name: `${name} D1 round trips`, value: trips, unit: 'count', budget: '= 1', ok: trips === 1 },
    { name: `${name} body`, value: kb, unit: 'KB', ...(opts.maxKb ? { budget: `<= ${opts.maxKb} KB`, ok: kb <= opts.maxKb } : {}) },
  ];
}

/** listRouteRows for the first page of a paged list, under FIRST_PAGE_BUDGET. */
export const firstPageRows = (ctx: BenchContext, urlPath: string, label: (count: number) => string) =>
  listRouteRows(ctx, urlPath, label, FIRST_PAGE_BUDGET.maxRatio, { maxKb: FIRST_PAGE_BUDGET.maxKb });
