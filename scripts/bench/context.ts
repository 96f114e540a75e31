// Shared tools of `npm run bench` sections. A section is a file scripts/bench/<name>.ts that
// exports `run(ctx: BenchContext): Promise<BenchRow[]>`; the runner (scripts/bench.ts) calls each
// against one `wrangler dev --log-level warn` on 127.0.0.1 with fresh, seeded local state.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { d1File, ROOT } from '../lib/wrangler';

export interface BenchRow {
  /** What was measured, e.g. "GET /api/events (500 events) p50". */
  name: string;
  value: number;
  unit: 'ms' | 'KB' | 'x' | 'bytes' | 'count';
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
  login(email: string, password: string): Promise<string>;
  /** Bounded load: `requests` GETs (default 400) with `concurrency` in flight (default 4). */
  measure(urlPath: string, opts?: { cookie?: string; requests?: number; concurrency?: number; method?: string; body?: string }): Promise<LatencyStats>;
  /** Runs SQL against the bench's local D1 (wrangler d1 execute --file). */
  sql(statements: string): void;
}

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
    async login(email, password) {
      const res = await fetch(`${baseUrl}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: baseUrl },
        body: JSON.stringify({ email, password }),
      });
      if (!res.ok) throw new Error(`login ${email} failed: ${res.status}`);
      return res.headers.get('set-cookie')!.split(';')[0]!;
    },
    measure: (urlPath, opts = {}) => measureLatency(baseUrl + urlPath, opts),
    sql(statements) {
      const dir = path.join(ROOT, '.bench');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `sql-${process.pid}-${Date.now()}.sql`);
      writeFileSync(file, statements);
      try {
        d1File(file);
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
