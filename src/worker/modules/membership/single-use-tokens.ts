import { and, eq, gt, isNull } from 'drizzle-orm';
import { TOKEN_TTL_MS, type AccountType, type TokenPurpose } from '../../../shared/constants';
import { tokens } from '../../db/schema/membership';
import { randomToken, sha256Hex } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';

type TokenRow = typeof tokens.$inferSelect;

export interface IssuedToken {
  /** The secret for the emailed link; only its SHA-256 is stored. */
  token: string;
  /** The insert, to run in the caller's db.batch with the change it belongs to. */
  insert: ReturnType<typeof insertQuery>;
  expiresAt: number;
}

function insertQuery(deps: Deps, values: typeof tokens.$inferInsert) {
  return deps.db.insert(tokens).values(values);
}

/** A new single-use token of a purpose, with that purpose's lifetime (DECISIONS). */
export async function issueToken(
  deps: Deps,
  purpose: TokenPurpose,
  fields: { email?: string; userId?: number; applicationId?: number; allowedTypes?: AccountType[]; createdBy?: number | null },
): Promise<IssuedToken> {
  const token = randomToken();
  const now = deps.now();
  const expiresAt = now + TOKEN_TTL_MS[purpose];
  const insert = insertQuery(deps, { tokenHash: await sha256Hex(token), purpose, ...fields, expiresAt, createdAt: now });
  return { token, insert, expiresAt };
}

function liveToken(hash: string, purpose: TokenPurpose, now: number) {
  return and(eq(tokens.tokenHash, hash), eq(tokens.purpose, purpose), isNull(tokens.usedAt), gt(tokens.expiresAt, now));
}

/** The token's row when it is known, of this purpose, unused and unexpired; otherwise null. */
export async function findLiveToken(deps: Deps, purpose: TokenPurpose, token: string): Promise<TokenRow | null> {
  const [row] = await deps.db
    .select()
    .from(tokens)
    .where(liveToken(await sha256Hex(token), purpose, deps.now()))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a token up with one conditional UPDATE ... RETURNING: of two concurrent uses exactly one
 * gets the row, the other gets null (as do unknown, expired and used tokens).
 */
export async function consumeToken(deps: Deps, purpose: TokenPurpose, token: string): Promise<TokenRow | null> {
  const now = deps.now();
  const [row] = await deps.db
    .update(tokens)
    .set({ usedAt: now })
    .where(liveToken(await sha256Hex(token), purpose, now))
    .returning();
  return row ?? null;
}

/** Retires every unused token of a purpose for a member or an application (a newer one replaces them). */
export function retireTokensQuery(deps: Deps, purpose: TokenPurpose, owner: { userId: number } | { applicationId: number }) {
  const ownerMatch = 'userId' in owner ? eq(tokens.userId, owner.userId) : eq(tokens.applicationId, owner.applicationId);
  return deps.db
    .update(tokens)
    .set({ usedAt: deps.now() })
    .where(and(ownerMatch, eq(tokens.purpose, purpose), isNull(tokens.usedAt)));
}
