import { inArray } from 'drizzle-orm';
import { objectDeletions } from '../../db/schema/images';
import type { Deps } from '../../platform/deps';
import { describeError } from '../../platform/log-redaction';
import type { ScheduledJob } from '../../platform/scheduled-job';

/*
 * Bytes that must go with their rows, deleted durably (issue 44): the keys are written in the same
 * D1 batch that deletes the rows (objectDeletionWrites), R2 is asked right after
 * (finishObjectDeletions), and whatever R2 refused, or a Worker that stopped midway left, is
 * deleted by the housekeeping (objectDeletionsJob).
 */

// D1 binds at most 100 parameters a statement: a row binds 2 (key, since), a delete 1 a key.
const ROWS_PER_INSERT = 45;
const KEYS_PER_DELETE = 90;
/** R2 deletes at most 1,000 keys a call; the housekeeping takes this many a run. */
const KEYS_PER_RUN = 900;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The inserts that note `keys` for deletion, to put in the batch that deletes their rows. */
export function objectDeletionWrites(deps: Deps, keys: string[]) {
  const since = deps.now();
  return chunks([...new Set(keys.filter(Boolean))], ROWS_PER_INSERT).map((part) =>
    deps.db
      .insert(objectDeletions)
      .values(part.map((key) => ({ key, since })))
      .onConflictDoNothing(),
  );
}

/**
 * Deletes the noted bytes from R2 and then their notes; a part R2 refuses keeps its notes for the
 * housekeeping. Answers how many keys went.
 */
export async function finishObjectDeletions(deps: Deps, keys: string[]): Promise<number> {
  let done = 0;
  for (const part of chunks([...new Set(keys.filter(Boolean))], KEYS_PER_DELETE)) {
    try {
      await deps.env.IMAGES.delete(part);
      await deps.db.delete(objectDeletions).where(inArray(objectDeletions.key, part));
      done += part.length;
    } catch (err) {
      // The notes stay: the next housekeeping run tries these keys again.
      console.error('R2 delete failed; left for the housekeeping', { objects: part.length, error: describeError(err) });
    }
  }
  return done;
}

/** Housekeeping: the bytes R2 did not delete when their rows went, oldest first, a bounded number a run. */
export const objectDeletionsJob: ScheduledJob = {
  name: 'object-deletions',
  async run(deps) {
    const rows = await deps.db
      .select({ key: objectDeletions.key })
      .from(objectDeletions)
      .orderBy(objectDeletions.since)
      .limit(KEYS_PER_RUN);
    return {
      deleted: await finishObjectDeletions(
        deps,
        rows.map((r) => r.key),
      ),
    };
  },
};
