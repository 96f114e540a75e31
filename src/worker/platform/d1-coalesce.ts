/**
 * One D1 round trip for a page made of several reads (issue 27): a member's first screen asks a
 * few tRPC procedures side by side, and each list sends its own batch of SELECTs. Over this D1,
 * every batch sent before the next macrotask (the procedures' own steps before their reads are
 * microtasks, no I/O) goes out as one batch; each caller gets its own statements' results back, as
 * if it had run alone. D1 runs a batch on one snapshot, so the reads also agree with each other.
 *
 * Only batches whose statements are all SELECTs are merged (a failing statement fails the merged
 * batch, and a read that fails is only left out of the page: src/worker/first-screen.ts); anything
 * else, and a lone statement, passes through as it is.
 */

type Session = D1Database | D1DatabaseSession;

const READ_ONLY = /^\s*select\s/i;

interface Waiting {
  statements: D1PreparedStatement[];
  resolve(results: D1Result[]): void;
  reject(err: unknown): void;
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

  const prepare = (query: string) => {
    const stmt = real.prepare(query);
    const tag = (s: D1PreparedStatement): D1PreparedStatement => {
      sqlOf.set(s, query);
      const bind = s.bind.bind(s);
      return Object.assign(s, { bind: (...values: unknown[]) => tag(bind(...values)) });
    };
    return tag(stmt);
  };

  return {
    prepare,
    batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
      if (statements.length === 0 || !statements.every((s) => READ_ONLY.test(sqlOf.get(s) ?? ''))) return real.batch(statements);
      return new Promise<D1Result[]>((resolve, reject) => {
        if (waiting.length === 0) setTimeout(flush, 0);
        waiting.push({ statements, resolve, reject });
      });
    },
    getBookmark: () => ('getBookmark' in real ? real.getBookmark() : null),
  } as unknown as S;
}
