/**
 * One D1 round trip for a read (issue 29, ADR 0020): a check that would cost a round trip of its
 * own (the session check) rides in the request's first batch of reads instead. D1 runs a batch's
 * statements in order on one snapshot, so the check sees exactly the state the page's reads see.
 *
 * A rider is a statement and a `check` of its first row. Until the check has passed:
 * - the first `batch()` whose statements are all SELECTs carries the rider in front; its own
 *   results come back to the caller as if it had run alone;
 * - anything else (a write, a lone statement, a second call while the first is in flight) waits
 *   for the check, which runs on its own if nothing carried it, so no write ever runs before it;
 * - `settle()` (the end of the request) runs the check on its own if no batch carried it.
 * A failed check rejects `settle()` with its error; writes waiting for it throw that error, reads
 * that already ran keep their answers (the caller discards the response: session-middleware.ts).
 */

export interface Rider {
  sql: string;
  params: unknown[];
  /** Throws when the first row (null: none) proves the request's assumption wrong. */
  check(row: Record<string, unknown> | null): void;
}

export interface FirstTrip {
  /** Puts a rider on the first round trip; at most one per request. */
  ride(rider: Rider): void;
  /** Resolves once the rider's check has passed (at once when there is none); rejects when it failed. */
  settle(): Promise<void>;
}

type Session = D1Database | D1DatabaseSession;

/**
 * A plain SELECT (Drizzle writes `select …`): only these share a trip with an unchecked rider
 * here, and only these are merged into one batch by d1-coalesce.ts.
 */
export const READ_ONLY = /^\s*select\s/i;

export function withFirstTrip(real: Session): { d1: Session; firstTrip: FirstTrip } {
  let rider: Rider | undefined;
  let state: 'none' | 'waiting' | 'running' | 'done' = 'none';
  let verdict: Promise<void> = Promise.resolve();
  let pass: () => void = () => {};
  let fail: (err: unknown) => void = () => {};
  const inner = new WeakMap<object, { stmt: D1PreparedStatement; sql: string }>();

  const riderStatement = () => real.prepare(rider!.sql).bind(...rider!.params);
  const judge = (row: Record<string, unknown> | null) => {
    try {
      rider!.check(row);
      state = 'done';
      pass();
    } catch (err) {
      state = 'done';
      fail(err);
      throw err;
    }
  };
  /** Runs the check alone when no batch has carried it, then waits for its verdict. */
  const settle = async () => {
    if (state === 'waiting') {
      state = 'running';
      let row: Record<string, unknown> | null;
      try {
        row = await riderStatement().first<Record<string, unknown>>();
      } catch (err) {
        state = 'done';
        fail(err);
        throw err;
      }
      judge(row);
    }
    return verdict;
  };

  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const after =
      <T>(run: () => Promise<T>) =>
      async () => {
        await settle();
        return run();
      };
    const wrapped = {
      bind: (...values: unknown[]) => wrap(stmt.bind(...values), sql),
      first: (col?: string) => after(() => (col === undefined ? stmt.first() : stmt.first(col)))(),
      run: after(() => stmt.run()),
      all: after(() => stmt.all()),
      raw: (opts?: { columnNames?: boolean }) => after(() => stmt.raw(opts as { columnNames: true }))(),
    } as unknown as D1PreparedStatement;
    inner.set(wrapped, { stmt, sql });
    return wrapped;
  };

  const d1 = {
    prepare: (query: string) => wrap(real.prepare(query), query),
    async batch(statements: D1PreparedStatement[]) {
      const unwrapped = statements.map((s) => inner.get(s) ?? { stmt: s, sql: '' });
      if (state === 'waiting' && unwrapped.every((s) => READ_ONLY.test(s.sql))) {
        state = 'running';
        let results: D1Result[];
        try {
          results = await real.batch([riderStatement(), ...unwrapped.map((s) => s.stmt)]);
        } catch (err) {
          state = 'done';
          fail(err);
          throw err;
        }
        const [checked, ...rest] = results;
        // A failed check leaves the reads' answers to the caller: the response is discarded.
        try {
          judge((checked?.results?.[0] as Record<string, unknown> | undefined) ?? null);
        } catch {
          /* settle() reports it */
        }
        return rest;
      }
      await settle();
      return real.batch(unwrapped.map((s) => s.stmt));
    },
    getBookmark: () => ('getBookmark' in real ? real.getBookmark() : null),
  } as unknown as Session;

  const firstTrip: FirstTrip = {
    ride(r) {
      if (rider) throw new Error('one rider per request');
      rider = r;
      state = 'waiting';
      verdict = new Promise<void>((resolve, reject) => {
        pass = resolve;
        fail = reject;
      });
      // Nobody may be left with an unhandled rejection: settle() hands the verdict on.
      verdict.catch(() => {});
    },
    settle,
  };
  return { d1, firstTrip };
}
