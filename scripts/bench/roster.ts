// Bench section (issue 24): the roster import and export at the club's limit. A 5,000-row file
// previews (the server's dry run) within 10 seconds; importing it writes in bounded D1 batches
// (its Server-Timing counts the round trips: rows go 500 a statement, invitations 50 a batch,
// never a statement per row); the roster of 5,000+ members streams out as CSV (chunked, no
// Content-Length: the Worker never holds it whole).
import type { BenchContext, BenchRow } from './context';
import { round } from './context';

const ROWS = 5000;
const PREVIEW_BUDGET_MS = 10_000;
/** Rows 500 a statement, tokens and emails 50 a batch, lookups 1,000 a statement, and a few more. */
const MAX_IMPORT_ROUND_TRIPS = Math.ceil(ROWS / 500) + Math.ceil(ROWS / 50) + Math.ceil(ROWS / 1000) + 10;

function rosterCsv(tag: string): string {
  const lines = ['email,name,type,member_since,renews_on,city,country'];
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `bench-${tag}-${i}@roster.example,Roster Member ${i},${i % 3 ? 'Standard' : 'Founding'},2024-0${1 + (i % 9)}-15,2027-0${1 + (i % 9)}-15,Lisbon,PT`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function postRoster(ctx: BenchContext, csv: string, dryRun: boolean) {
  const form = new FormData();
  form.set('file', new File([csv], 'bench-roster.csv', { type: 'text/csv' }));
  const started = performance.now();
  const res = await fetch(`${ctx.baseUrl}/api/admin/imports${dryRun ? '?dry_run=1' : ''}`, {
    method: 'POST',
    headers: { Cookie: ctx.adminCookie, Origin: ctx.baseUrl },
    body: form,
  });
  const body = (await res.json()) as { counts?: Record<string, number> };
  const ms = performance.now() - started;
  if (res.status !== (dryRun ? 200 : 201)) throw new Error(`roster import answered ${res.status}`);
  const trips = Number(/D1 round trips: (\d+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { ms, trips, counts: body.counts ?? {} };
}

/** A step that failed is a row that says so; the steps measured before it keep their figures. */
function failed(name: string, err: unknown): BenchRow {
  console.error(`roster bench: ${name} failed:`, err);
  return { name: `${name} (failed: ${String(err).slice(0, 80)})`, value: NaN, unit: 'count', budget: 'runs', ok: false };
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const csv = rosterCsv(Date.now().toString(36));
  const n = ROWS.toLocaleString('en-US');
  // Three previews; the slowest counts.
  const previews = [];
  for (let i = 0; i < 3; i++) previews.push(await postRoster(ctx, csv, true));
  const slowest = Math.max(...previews.map((p) => p.ms));
  rows.push({
    name: `POST /api/admin/imports?dry_run=1 (${n} rows), slowest of 3`,
    value: round(slowest, 0),
    unit: 'ms',
    budget: `<= ${PREVIEW_BUDGET_MS} ms`,
    ok: slowest <= PREVIEW_BUDGET_MS,
  });

  try {
    const imported = await postRoster(ctx, csv, false);
    rows.push(
      { name: `POST /api/admin/imports (${n} new rows, ${imported.counts.new ?? 0} invited)`, value: round(imported.ms, 0), unit: 'ms' },
      {
        name: `POST /api/admin/imports (${n} rows) D1 round trips`,
        value: imported.trips,
        unit: 'count',
        budget: `<= ${MAX_IMPORT_ROUND_TRIPS} (no statement per row)`,
        ok: imported.trips <= MAX_IMPORT_ROUND_TRIPS,
      },
    );
  } catch (err) {
    rows.push(failed(`POST /api/admin/imports (${n} rows)`, err));
  }

  try {
    // The roster out: 5,000 more members, inserted directly (one INSERT … SELECT over a count).
    const now = Date.now();
    ctx.sql(`INSERT OR IGNORE INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
SELECT 'bench-roster-' || i || '@bench.example', 'Roster Member ' || i, 'Standard', 0, 'x', 0, ${now}, ${now} FROM n;`);
    const started = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/admin/members.csv`, { headers: { Cookie: ctx.adminCookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    const exportMs = performance.now() - started;
    if (!res.ok) throw new Error(`members.csv answered ${res.status}`);
    const streamed = res.headers.get('content-length') === null;
    rows.push(
      { name: `GET /api/admin/members.csv (${n}+ members) time`, value: round(exportMs, 0), unit: 'ms' },
      { name: 'GET /api/admin/members.csv size', value: round(bytes / 1024, 1), unit: 'KB' },
      {
        name: 'GET /api/admin/members.csv streamed (no Content-Length)',
        value: streamed ? 1 : 0,
        unit: 'count',
        budget: '= 1',
        ok: streamed,
      },
    );
  } catch (err) {
    rows.push(failed('GET /api/admin/members.csv', err));
  }
  return rows;
}
