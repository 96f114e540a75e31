import { eq } from 'drizzle-orm';
import type { AccountType } from '../../../src/shared/constants';
import { applications, auditLog, invitationCodes } from '../../../src/worker/db/schema/membership';
import { deps, mailTo, request, unique, type TestUser } from '../helpers';

/** A random client IP, so each test has its own public-form rate-limit budget. */
export const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** Inserts an invitation code directly (the admin screen is tested on its own). */
export async function insertCode(opts: { maxUses?: number | null; expiresAt?: number | null; revoked?: boolean } = {}) {
  const code = unique('CODE-').toUpperCase();
  const [row] = await deps()
    .db.insert(invitationCodes)
    .values({ code, maxUses: opts.maxUses ?? null, expiresAt: opts.expiresAt ?? null, revokedAt: opts.revoked ? Date.now() : null })
    .returning();
  return row!;
}

export async function codeRow(id: number) {
  const [row] = await deps().db.select().from(invitationCodes).where(eq(invitationCodes.id, id));
  return row!;
}

/** A valid SPEC 7 application payload; Travel Host ones carry the four property fields. */
export function applicationPayload(code: string, overrides: Record<string, unknown> = {}) {
  const type = (overrides.membershipType as string | undefined) ?? 'Standard';
  return {
    invitationCode: code,
    full_name: `Applicant ${unique('a')}`,
    email: `${unique('apply')}@test.example`,
    phone: '1-4155550123',
    reason: 'I love slow travel and good conversation.',
    interests: ['Travel', 'Workshops'],
    availability: 'Weekends',
    referral: 'A friend',
    comments: '',
    membershipType: type,
    ...(type === 'Travel Host'
      ? {
          propertyAddress: '1 Ocean Drive, Maui',
          propertyType: 'House',
          propertyDescription: 'Three bedrooms by the sea.',
          propertyAvailability: 'Seasonal',
        }
      : {}),
    ...overrides,
  };
}

/** Submits an application with a fresh code and returns its row. */
export async function submitApplication(overrides: Record<string, unknown> = {}) {
  const code = await insertCode();
  const payload = applicationPayload(code.code, overrides);
  const res = await request('/request', { body: payload, ip: randomIp() });
  if (res.status !== 201) throw new Error(`application refused: ${res.status} ${await res.text()}`);
  const [row] = await deps().db.select().from(applications).where(eq(applications.email, payload.email));
  return { ...row!, payload };
}

export async function decide(admin: TestUser, id: number, accepted: boolean, grantFounding?: boolean) {
  return request(`/api/applications/${id}/status`, { method: 'PATCH', body: { accepted, grant_founding: grantFounding }, as: admin });
}

/** The token of the newest link with this path prefix mailed to an address. */
export async function tokenMailedTo(email: string, prefix: '/register/' | '/reset-password/'): Promise<string> {
  const mail = (await mailTo(email)).find((m) => m.text.includes(prefix));
  if (!mail) throw new Error(`no ${prefix} mail to ${email}`);
  return mail.text.match(new RegExp(`${prefix}([A-Za-z0-9_-]+)`))![1]!;
}

/** Accepts a fresh application (optionally granting Founding) and returns the mailed token. */
export async function acceptedInvite(admin: TestUser, opts: { membershipType?: AccountType; grantFounding?: boolean } = {}) {
  const app = await submitApplication(opts.membershipType ? { membershipType: opts.membershipType } : {});
  const res = await decide(admin, app.id, true, opts.grantFounding);
  if (res.status !== 200) throw new Error(`accept refused: ${res.status} ${await res.text()}`);
  return { app, token: await tokenMailedTo(app.email, '/register/') };
}

export async function auditFor(targetType: string, targetId: number | string) {
  return deps()
    .db.select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(targetId)))
    .then((rows) => rows.filter((r) => r.targetType === targetType));
}
