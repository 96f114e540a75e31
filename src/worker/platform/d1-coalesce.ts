import { READ_ONLY } from './d1-first-trip';

/**
 * One D1 round trip for a page made of several reads (issue 27): a member's first screen asks a
 * few tRPC procedures side by side, and each sends its reads on its own. Over this D1, every SELECT
 * sent before the next macrotask (the procedures' own steps before their reads are microtasks, no
 * I/O) goes out in one batch, which also carries the session's check (d1-first-trip.ts); each
 * caller gets its own statements' results back, as if they had run alone. D1 runs a batch on one
 * snapshot, so the page's reads also agree with each other.
 *
 * - Batches of SELECTs and lone SELECTs (`all`, `first`, `raw`) are merged; anything else passes
 *   through as it is. A failing statement fails the merged batch: a read that fails is only left
 *   out of the page (src/worker/first-screen.ts), which then asks for it itself.
 * - A batch answers rows as objects, and `raw()` (Drizzle's selects) wants arrays in column
 *   order. Objects keep the columns' order, but two columns of one name collapse into one key:
 *   when a row has fewer keys than the statement's select list names, that statement runs again
 *   on its own, so no answer is ever wrong, at worst one trip later.
 */

type Session = D1Database | D1DatabaseSession;
type Row = Record<string, unknown>;

interface Waiting {
  statements: D1PreparedStatement[];
  resolve(results: D1Result[]): void;
  reject(err: unknown): void;
}

/** How many columns a SELECT names (its top-level commas before FROM, plus one); null if unsure. */
export function selectColumnCount(sql: string): number | null {
  const start = /^\s*select\s+(distinct\s+)?/i.exec(sql);
  if (!start) return null;
  let depth = 0;
  let commas = 0;
  for (let i = start[0].length; i < sql.length; i++) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"' || ch === '`') {
      const end = sql.indexOf(ch, i + 1);
      if (end < 0) return null;
      i = end;
    } else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && ch === ',') commas++;
    else if (depth === 0 && /\s/.test(ch) && /^\s+from[\s"(]/i.test(sql.slice(i, i + 7))) return commas + 1;
    if (depth < 0) return null;
  }
  return depth === 0 ? commas + 1 : null;
}

export function coalescingD1<S extends Session>(real: S): S {
  const sqlOf = new WeakMap<object, string>();
  let waiting: Waiting[] = [];

  const flush = () => {
    const group = waiting;
    waiting = [];
    real.batch(group.flatMap((w) => w.statements)).then(
      (results) => {
        let at = 0;
        for (const w of group) {
          w.resolve(results.slice(at, at + w.statements.length));
          at += w.statements.length;
        }
      },
      (err: unknown) => group.forEach((w) => w.reject(err)),
    );
  };
  const enqueue = (statements: D1PreparedStatement[]) =>
    new Promise<D1Result[]>((resolve, reject) => {
      if (waiting.length === 0) setTimeout(flush, 0);
      waiting.push({ statements, resolve, reject });
    });
  const lone = async (s: D1PreparedStatement) => (await enqueue([s]))[0]!;

  const prepare = (query: string) => {
    const tag = (s: D1PreparedStatement): D1PreparedStatement => {
      sqlOf.set(s, query);
      if (!READ_ONLY.test(query)) return s;
      const bind = s.bind.bind(s);
      const raw = s.raw.bind(s) as (opts?: { columnNames?: boolean }) => Promise<unknown[]>;
      return Object.assign(s, {
        bind: (...values: unknown[]) => tag(bind(...values)),
        all: () => lone(s),
        first: async (col?: string) => {
          const row = ((await lone(s)).results[0] as Row | undefined) ?? null;
          return col === undefined ? row : (row?.[col] ?? null);
        },
        raw: async (opts?: { columnNames?: boolean }) => {
          if (opts?.columnNames) return raw(opts);
          const rows = (await lone(s)).results as Row[];
          const columns = selectColumnCount(query);
          if (rows.length && Object.keys(rows[0]!).length !== columns) return raw();
          return rows.map((row) => Object.values(row));
        },
      });
    };
    return tag(real.prepare(query));
  };

  return {
    prepare,
    batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
      if (statements.length === 0 || !statements.every((s) => READ_ONLY.test(sqlOf.get(s) ?? ''))) return real.batch(statements);
      return enqueue(statements);
    },
    getBookmark: () => ('getBookmark' in real ? real.getBookmark() : null),
  } as unknown as S;
}
