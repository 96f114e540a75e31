import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  INVALID_CODE,
  type CreateInvitationCodeInput,
  type InvitationCodeStatus,
  type InvitationCodeUse,
  type InvitationCodeView,
  type ListInvitationCodesInput,
  type ValidateCodeInput,
  type ValidateCodeResult,
} from '../../../shared/schemas/membership';
import type { Page } from '../../../shared/schemas/page';
import type { Actor } from '../../platform/actor';
import { columnRef } from '../../db/column-ref';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { applications, invitationCodes } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/app-error';
import { randomPassword } from '../../platform/crypto';
import { enforceRateLimit } from '../../platform/rate-limit';
import { requireAdmin } from '../../platform/guards';
import type { RequestMeta } from '../../platform/request-actor';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { isoOrNull, publicFormLimit } from './membership-common';

type CodeRow = typeof invitationCodes.$inferSelect;

export function codeStatus(row: Pick<CodeRow, 'revokedAt' | 'expiresAt' | 'maxUses' | 'useCount'>, now: number): InvitationCodeStatus {
  if (row.revokedAt !== null) return 'revoked';
  if (row.expiresAt !== null && row.expiresAt <= now) return 'expired';
  if (row.maxUses !== null && row.useCount >= row.maxUses) return 'used up';
  return 'active';
}

/** The SQL twin of codeStatus(...) === 'active', for conditional writes. */
function usableCode(code: string, now: number) {
  return and(
    eq(invitationCodes.code, code),
    isNull(invitationCodes.revokedAt),
    or(isNull(invitationCodes.expiresAt), gt(invitationCodes.expiresAt, now)),
    or(isNull(invitationCodes.maxUses), lt(invitationCodes.useCount, invitationCodes.maxUses)),
  );
}

/**
 * POST /api/validate-code. Unknown, expired, revoked and used-up codes all get the same answer,
 * so the form cannot be used to learn which codes once existed.
 */
export async function validateInvitationCode(deps: Deps, meta: RequestMeta, input: ValidateCodeInput): Promise<ValidateCodeResult> {
  await enforceRateLimit(deps.env, 'PUBLIC_FORM_LIMITER', publicFormLimit('validate-code', meta));
  const [row] = await deps.db.select({ id: invitationCodes.id }).from(invitationCodes).where(usableCode(input.code, deps.now())).limit(1);
  return row ? { valid: true } : { valid: false, error: INVALID_CODE };
}

/**
 * Counts one use of a code, only if it is still usable: a single conditional UPDATE, so two
 * applications racing for a code's last use cannot both get it. Returns the code's id.
 */
export async function useInvitationCode(deps: Deps, code: string): Promise<number> {
  const [row] = await deps.db
    .update(invitationCodes)
    .set({ useCount: sql`${invitationCodes.useCount} + 1` })
    .where(usableCode(code, deps.now()))
    .returning({ id: invitationCodes.id });
  if (!row) throw new AppError('BAD_REQUEST', INVALID_CODE, { fieldErrors: { invitationCode: [INVALID_CODE] } });
  return row.id;
}

/** Gives a use back when the application it was counted for could not be stored. */
export function releaseInvitationCodeQuery(deps: Deps, id: number) {
  return deps.db
    .update(invitationCodes)
    .set({ useCount: sql`max(${invitationCodes.useCount} - 1, 0)` })
    .where(eq(invitationCodes.id, id));
}

type CodeCursor = [createdAt: number, id: number];

/** One page (size + 1 rows), newest first after the cursor's [created_at, id]: a walk of invitation_codes_created_idx. */
export function codePageQuery(deps: Deps, after: CodeCursor | undefined, size: number) {
  return deps.db
    .select({ code: invitationCodes, createdBy: users.name, createdById: users.id })
    .from(invitationCodes)
    .leftJoin(users, eq(users.id, invitationCodes.createdBy))
    .where(
      after ? sql`(${columnRef(invitationCodes.createdAt)}, ${columnRef(invitationCodes.id)}) < (${after[0]}, ${after[1]})` : undefined,
    )
    .orderBy(desc(invitationCodes.createdAt), desc(invitationCodes.id))
    .limit(size + 1);
}

/** GET /api/invitation-codes and codes.list: newest first, a page at a time (issue 13); one D1 statement. */
export async function listInvitationCodes(
  deps: Deps,
  actor: Actor,
  input: ListInvitationCodesInput = {},
): Promise<Page<InvitationCodeView>> {
  requireAdmin(actor);
  const size = pageSize(input.limit);
  const rows = await codePageQuery(deps, decodeCursor(input.cursor, ['n', 'n']) as CodeCursor | undefined, size);
  const now = deps.now();
  return toPage(
    rows,
    size,
    ({ code: c }) => [c.createdAt, c.id],
    ({ code: c, createdBy, createdById }) => ({
      id: c.id,
      code: c.code,
      note: c.note,
      expires_at: isoOrNull(c.expiresAt),
      max_uses: c.maxUses,
      use_count: c.useCount,
      revoked_at: isoOrNull(c.revokedAt),
      created_at: new Date(c.createdAt).toISOString(),
      created_by_name: createdBy,
      created_by_id: createdById,
      status: codeStatus(c, now),
    }),
  );
}

/** The applications submitted with a code (its uses), newest first. */
export async function listInvitationCodeUses(deps: Deps, actor: Actor, input: { id: number }): Promise<InvitationCodeUse[]> {
  requireAdmin(actor);
  const rows = await deps.db
    .select({
      application_id: applications.id,
      full_name: applications.fullName,
      email: applications.email,
      createdAt: applications.createdAt,
      accepted: applications.accepted,
    })
    .from(applications)
    .where(eq(applications.invitationCodeId, input.id))
    .orderBy(desc(applications.createdAt))
    .limit(200);
  return rows.map(({ createdAt, ...r }) => ({ ...r, created_at: new Date(createdAt).toISOString() }));
}

/** A readable random code such as OWOW-7KQM-X3TD. */
function generateCode(): string {
  const raw = randomPassword(8).toUpperCase();
  return `OWOW-${raw.slice(0, 4)}-${raw.slice(4)}`;
}

export async function createInvitationCode(deps: Deps, actor: Actor, input: CreateInvitationCodeInput): Promise<InvitationCodeView> {
  const admin = requireAdmin(actor);
  const now = deps.now();
  const expiresAt = input.expires_at == null ? null : Date.parse(input.expires_at);
  if (expiresAt !== null && expiresAt <= now) {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The expiry must be in the future.', {
      fieldErrors: { expires_at: ['The expiry must be in the future.'] },
    });
  }
  const code = input.code || generateCode();
  const [existing] = await deps.db.select({ id: invitationCodes.id }).from(invitationCodes).where(eq(invitationCodes.code, code)).limit(1);
  if (existing)
    throw new AppError('CONFLICT', /*i18n*/ 'That code already exists.', { fieldErrors: { code: ['That code already exists.'] } });
  const values = {
    code,
    note: input.note || null,
    expiresAt,
    maxUses: input.max_uses ?? null,
    createdBy: admin.id,
    createdAt: now,
  };
  const [[row]] = await deps.db.batch([
    deps.db.insert(invitationCodes).values(values).returning(),
    auditEntry(
      deps,
      admin,
      'invitation_code.create',
      { type: 'invitation_code', id: code },
      {
        expiresAt: values.expiresAt,
        maxUses: values.maxUses,
        note: values.note,
      },
    ),
  ]);
  return {
    id: row!.id,
    code,
    note: values.note,
    expires_at: isoOrNull(values.expiresAt),
    max_uses: values.maxUses,
    use_count: 0,
    revoked_at: null,
    created_at: new Date(now).toISOString(),
    created_by_name: admin.name,
    created_by_id: admin.id,
    status: 'active',
  };
}

export async function revokeInvitationCode(deps: Deps, actor: Actor, input: { id: number }): Promise<{ ok: true }> {
  const admin = requireAdmin(actor);
  const [row] = await deps.db.select().from(invitationCodes).where(eq(invitationCodes.id, input.id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', /*i18n*/ 'Invitation code not found.');
  if (row.revokedAt !== null) throw new AppError('CONFLICT', /*i18n*/ 'This code is already revoked.');
  await deps.db.batch([
    deps.db
      .update(invitationCodes)
      .set({ revokedAt: deps.now() })
      .where(and(eq(invitationCodes.id, row.id), isNull(invitationCodes.revokedAt))),
    auditEntry(deps, admin, 'invitation_code.revoke', { type: 'invitation_code', id: row.code }, { useCount: row.useCount }),
  ]);
  return { ok: true };
}
