import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { AccountType } from '../../../shared/constants';
import type { ApplicationInput } from '../../../shared/schemas/application';
import type {
  ApplicationsPage,
  ApplicationStatus,
  ApplicationView,
  DecideApplicationInput,
  ListApplicationsInput,
} from '../../../shared/schemas/membership';
import type { Actor, MemberActor } from '../../platform/actor';
import { applications, invitationCodes } from '../../db/schema/membership';
import { users } from '../../db/schema/users';
import { columnRef } from '../../db/column-ref';
import { AppError } from '../../platform/app-error';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { enforceRateLimit } from '../../platform/rate-limit';
import { enqueueRenderedEmail } from '../mail/enqueue';
import { appLink } from '../mail/layout';
import { registrationEmail } from './emails/registration-email';
import { rejectionEmail } from './emails/rejection-email';
import { applicationReceivedEmail } from './emails/application-received-email';
import { requireAdmin } from '../../platform/guards';
import type { RequestMeta } from '../../platform/request-actor';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { releaseInvitationCodeQuery, useInvitationCode } from './invitation-codes';
import { guardedAuditQuery, isoOrNull, publicFormLimit } from './membership-common';
import { issueToken, retireTokensQuery } from './single-use-tokens';
import { notify } from '../notifications/record';

type ApplicationRow = typeof applications.$inferSelect;

/**
 * POST /request. The code's use is counted first with a conditional UPDATE (so a code with one
 * use left admits one application), then the application is stored; if that fails the use is
 * given back.
 */
export async function submitApplication(deps: Deps, meta: RequestMeta, input: ApplicationInput): Promise<{ ok: true }> {
  await enforceRateLimit(deps.env, 'PUBLIC_FORM_LIMITER', publicFormLimit('application', meta));
  const codeId = await useInvitationCode(deps, input.invitationCode);
  const host = input.membershipType === 'Travel Host';
  let applicationId: number;
  try {
    const [row] = await deps.db
      .insert(applications)
      .values({
        invitationCodeId: codeId,
        fullName: input.full_name,
        email: input.email,
        phone: input.phone,
        reason: input.reason,
        interests: input.interests,
        availability: input.availability,
        referral: input.referral || null,
        comments: input.comments || null,
        membershipType: input.membershipType,
        language: meta.language ?? null,
        // Property fields belong to Travel Host applications only.
        propertyAddress: host ? input.propertyAddress! : null,
        propertyType: host ? input.propertyType! : null,
        propertyDescription: host ? input.propertyDescription! : null,
        propertyAvailability: host ? input.propertyAvailability! : null,
        createdAt: deps.now(),
      })
      .returning({ id: applications.id });
    applicationId = row!.id;
  } catch (err) {
    await releaseInvitationCodeQuery(deps, codeId).run();
    throw err;
  }
  await notify(deps, null, { kind: 'application', applicationId });
  // No account yet: in the language of the page she applied from (its device's).
  await enqueueRenderedEmail(deps, {
    kind: 'application_received',
    render: () => applicationReceivedEmail({ name: input.full_name }),
    recipients: [{ email: input.email, name: input.full_name, language: meta.language ?? null }],
  });
  return { ok: true };
}

const STATUS_FILTER: Record<ApplicationStatus, SQL | undefined> = {
  all: undefined,
  pending: isNull(applications.accepted),
  accepted: eq(applications.accepted, true),
  rejected: eq(applications.accepted, false),
};

const decider = alias(users, 'decider');

function toView(row: ApplicationRow, decidedBy: string | null, code: string | null): ApplicationView {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    phone: row.phone,
    reason: row.reason,
    interests: row.interests,
    availability: row.availability,
    referral: row.referral,
    comments: row.comments,
    membership_type: row.membershipType,
    created_at: new Date(row.createdAt).toISOString(),
    accepted: row.accepted,
    granted_founding: row.grantedFounding,
    decided_at: isoOrNull(row.decidedAt),
    decided_by: decidedBy,
    invitation_code: code,
    properties: row.propertyAddress
      ? {
          address: row.propertyAddress,
          type: row.propertyType ?? '',
          description: row.propertyDescription ?? '',
          availability: row.propertyAvailability ?? '',
        }
      : null,
  };
}

type AppCursor = [createdAt: number, id: number];

/**
 * One page (size + 1 rows) of a tab, newest first, after the cursor's [created_at, id]: one status
 * walks applications_status_idx (accepted, created_at, then the rowid), All walks
 * applications_created_idx; the decider's name and the code come by primary key.
 */
export function applicationPageQuery(deps: Deps, status: ApplicationStatus, after: AppCursor | undefined, size: number) {
  const createdAt = columnRef(applications.createdAt);
  const id = columnRef(applications.id);
  return deps.db
    .select({ app: applications, decidedBy: decider.name, code: invitationCodes.code })
    .from(applications)
    .leftJoin(decider, eq(decider.id, applications.decidedBy))
    .leftJoin(invitationCodes, eq(invitationCodes.id, applications.invitationCodeId))
    .where(and(STATUS_FILTER[status], after ? sql`(${createdAt}, ${id}) < (${after[0]}, ${after[1]})` : undefined))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(size + 1);
}

/** Each tab's count: three ranges of applications_status_idx counted in the index, no row read. */
export function applicationCountsQuery(deps: Deps) {
  const accepted = columnRef(applications.accepted);
  const countWhere = (where: SQL, name: string) =>
    sql<number>`(SELECT count(*) FROM ${applications} WHERE ${where})`.mapWith(Number).as(name);
  return deps.db
    .select({
      pending: countWhere(sql`${accepted} IS NULL`, 'pending_count'),
      accepted: countWhere(sql`${accepted} = 1`, 'accepted_count'),
      rejected: countWhere(sql`${accepted} = 0`, 'rejected_count'),
    })
    .from(sql`(SELECT 1)`);
}

/**
 * GET /api/applications and applications.list: a tab a page at a time, newest first (issue 13).
 * A first page brings the tabs' counts in the same D1 round trip (one batch).
 */
export async function listApplications(deps: Deps, actor: Actor, input: ListApplicationsInput): Promise<ApplicationsPage> {
  requireAdmin(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n', 'n']) as AppCursor | undefined;
  const pageQuery = applicationPageQuery(deps, input.status, after, size);
  const [rows, counted] = after ? [await pageQuery, undefined] : await deps.db.batch([pageQuery, applicationCountsQuery(deps)]);
  const c = counted?.[0];
  return {
    ...toPage(
      rows,
      size,
      (r) => [r.app.createdAt, r.app.id],
      (r) => toView(r.app, r.decidedBy, r.code),
    ),
    counts: c ? { ...c, all: c.pending + c.accepted + c.rejected } : null,
  };
}

async function loadApplication(deps: Deps, id: number) {
  const [row] = await deps.db
    .select({ app: applications, decidedBy: decider.name, code: invitationCodes.code })
    .from(applications)
    .leftJoin(decider, eq(decider.id, applications.decidedBy))
    .leftJoin(invitationCodes, eq(invitationCodes.id, applications.invitationCodeId))
    .where(eq(applications.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', /*i18n*/ 'Application not found.');
  return row;
}

/** DECISIONS: the application's own type, plus Founding when the accepting admin granted it. */
function allowedTypesOf(app: Pick<ApplicationRow, 'membershipType' | 'grantedFounding'>): AccountType[] {
  const own: AccountType = app.membershipType === 'Travel Host' ? 'Travel Host' : 'Standard';
  return app.grantedFounding ? [own, 'Founding'] : [own];
}

async function refuseExistingMember(deps: Deps, email: string) {
  const [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (member) throw new AppError('CONFLICT', /*i18n*/ 'A member with this email already exists.');
}

/** Creates a registration token for an accepted application and enqueues the invitation email. */
async function sendRegistrationInvitation(deps: Deps, admin: MemberActor, app: ApplicationRow, resend: boolean) {
  const issued = await issueToken(deps, 'registration', {
    email: app.email,
    applicationId: app.id,
    allowedTypes: allowedTypesOf(app),
    createdBy: admin.id,
  });
  await deps.db.batch([
    retireTokensQuery(deps, 'registration', { applicationId: app.id }),
    issued.insert,
    ...(resend
      ? [auditEntry(deps, admin, 'application.resend_invitation', { type: 'application', id: app.id }, { email: app.email })]
      : []),
  ]);
  const link = appLink(deps.env.APP_ORIGIN, `/register/${issued.token}`);
  // An applicant has no account yet: the language she applied in.
  await enqueueRenderedEmail(deps, {
    kind: 'registration',
    render: () => registrationEmail({ name: app.fullName, link, expiresAt: issued.expiresAt }),
    recipients: [{ email: app.email, name: app.fullName, language: app.language }],
    senderId: admin.id,
  });
}

/**
 * PATCH /api/applications/{id}/status. Only a pending application moves, by one conditional
 * UPDATE, so of two admins deciding at once one wins and the other gets 409. Accepting issues
 * the registration token and emails it; rejecting sends nothing unless the admin wrote a
 * rejection email (rejection_email), which is queued once the rejection is recorded.
 */
export async function decideApplication(deps: Deps, actor: Actor, input: DecideApplicationInput): Promise<ApplicationView> {
  const admin = requireAdmin(actor);
  if (input.accepted && input.rejection_email !== undefined) {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'A rejection email goes only with a rejection.', {
      fieldErrors: { rejection_email: ['A rejection email goes only with a rejection.'] },
    });
  }
  const current = await loadApplication(deps, input.id);
  if (current.app.accepted !== null) throw new AppError('CONFLICT', /*i18n*/ 'This application has already been decided.');
  if (input.accepted) await refuseExistingMember(deps, current.app.email);
  const now = deps.now();
  const grantedFounding = input.accepted && input.grant_founding === true;
  const [[row]] = await deps.db.batch([
    deps.db
      .update(applications)
      .set({ accepted: input.accepted, grantedFounding, decidedBy: admin.id, decidedAt: now })
      .where(and(eq(applications.id, input.id), isNull(applications.accepted)))
      .returning(),
    guardedAuditQuery(
      deps,
      admin,
      {
        action: input.accepted ? 'application.accept' : 'application.reject',
        target: { type: 'application', id: input.id },
        details: {
          email: current.app.email,
          grantedFounding,
          ...(input.accepted ? {} : { rejectionEmail: input.rejection_email !== undefined }),
        },
        at: now,
      },
      applications,
      and(
        eq(applications.id, input.id),
        eq(applications.decidedBy, admin.id),
        eq(applications.decidedAt, now),
        eq(applications.accepted, input.accepted),
      ),
    ),
  ]);
  if (!row) throw new AppError('CONFLICT', /*i18n*/ 'This application has already been decided.');
  if (row.accepted) await sendRegistrationInvitation(deps, admin, row, false);
  else if (input.rejection_email !== undefined) {
    const text = input.rejection_email;
    await enqueueRenderedEmail(deps, {
      kind: 'application_rejected',
      render: () => rejectionEmail({ text }),
      recipients: [{ email: row.email, name: row.fullName, language: row.language }],
      senderId: admin.id,
    });
  }
  return toView(row, admin.name, current.code);
}

/**
 * A fresh registration link for an accepted applicant who has not registered yet (the first
 * expired, or the email went astray). Earlier links of the application stop working.
 */
export async function resendRegistrationInvitation(deps: Deps, actor: Actor, input: { id: number }): Promise<{ ok: true }> {
  const admin = requireAdmin(actor);
  const { app } = await loadApplication(deps, input.id);
  if (app.accepted !== true) throw new AppError('CONFLICT', /*i18n*/ 'Only an accepted application can be sent a new invitation.');
  await refuseExistingMember(deps, app.email);
  await sendRegistrationInvitation(deps, admin, app, true);
  return { ok: true };
}
