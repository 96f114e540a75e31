import * as z from 'zod';
import { ACCOUNT_TYPES } from '../../../shared/constants';
import { AdminDeleteUserInputSchema } from '../../../shared/schemas/account';
import { AuditLogListInputSchema } from '../../../shared/schemas/audit-log';
import { ChangePrivilegeInputSchema, IdInputSchema, ListUsersInputSchema, SetAdminInputSchema } from '../../../shared/schemas/membership';
import { IsoDateTime, describeRoutes } from '../../platform/openapi';
import { HomeCardSchema } from '../homes/rest-docs';
import type { adminRoutes } from './rest';
import { RenewMembershipInputSchema } from '../../../shared/schemas/membership-terms';
import { membershipTermFields, MembershipTermSchema, RenewalSchema } from '../membership/terms-rest-docs';

const memberFields = {
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  admin: z.boolean(),
  created_at: IsoDateTime,
  ...membershipTermFields,
};

const UserSchema = z
  .object({
    ...memberFields,
    must_change_password: z.boolean(),
    can_change_admin: z.boolean(),
    can_reset_password: z.boolean(),
    no_shows: z
      .number()
      .int()
      .describe('Events she joined and did not come to in the last 12 months, where attendance was taken (issue 43)'),
  })
  .meta({ id: 'User' });

const MemberProfileSchema = z
  .object({
    ...memberFields,
    renewals: z.array(RenewalSchema).describe('Her renewals, newest first (the last 20; the audit log keeps them all)'),
    properties: z.array(
      z.object({ id: z.number().int(), address: z.string(), type: z.string(), description: z.string(), availability: z.string() }),
    ),
    homes: z.array(HomeCardSchema),
    more_homes: z.boolean(),
  })
  .meta({ id: 'MemberProfile' });

const idAndName = z.object({ id: z.number().int(), name: z.string() });

const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: IsoDateTime,
    actor: idAndName.nullable(),
    action: z.string(),
    label: z.string(),
    target: z
      .object({ type: z.string(), type_label: z.string(), id: z.string(), name: z.string().nullable(), path: z.string().nullable() })
      .nullable(),
    details: z.array(z.object({ label: z.string(), value: z.string() })),
  })
  .meta({ id: 'AuditLogEntry' });

/** SPEC 7 "Admin" user calls and the audit log (users.ts, audit-log.ts, delete-account.ts). */
export const adminRestDocs = describeRoutes<typeof adminRoutes>()('Admin: members', {
  'GET /api/users': {
    operationId: 'listUsers',
    summary: 'A page of the members, by name',
    access: 'admin',
    query: ListUsersInputSchema,
    paged: true,
    responses: { 200: z.array(UserSchema) },
  },
  'GET /api/users/:id': {
    operationId: 'getMemberProfile',
    summary: 'One member, with her properties and homes',
    access: 'admin',
    params: IdInputSchema,
    responses: { 200: MemberProfileSchema },
    errors: [404],
  },
  'PUT /api/users/:id/privilege': {
    operationId: 'changePrivilege',
    summary: "Change a member's account type",
    access: 'admin',
    params: IdInputSchema,
    body: ChangePrivilegeInputSchema.omit({ id: true }),
    responses: { 200: z.object({ ok: z.literal(true), type: z.enum(ACCOUNT_TYPES) }) },
    errors: [404],
  },
  'PUT /api/users/:id/admin': {
    operationId: 'setAdmin',
    summary: 'Grant or take back the admin role',
    access: 'admin',
    params: IdInputSchema,
    body: SetAdminInputSchema.omit({ id: true }),
    responses: { 200: z.object({ ok: z.literal(true), admin: z.boolean() }) },
    errors: [404, 409],
  },
  'PUT /api/users/:id/reset-password-to-temp': {
    operationId: 'resetPasswordToTemp',
    summary: 'Give a member a random temporary password (shown once; her sessions end)',
    description: "SPEC 7's {password} body is not read: the server makes the password (DECISIONS).",
    access: 'admin',
    params: IdInputSchema,
    responses: { 200: z.object({ temporary_password: z.string() }) },
    errors: [404, 409],
  },
  'DELETE /api/users/:id': {
    operationId: 'deleteUser',
    summary: 'Delete a member and her data',
    access: 'admin',
    params: { id: AdminDeleteUserInputSchema.shape.userId },
    responses: { 200: z.object({ ok: z.literal(true), message: z.string() }) },
    errors: [404, 409],
  },
  'PUT /api/users/:id/membership': {
    operationId: 'renewMembership',
    summary: 'Record a renewal: her new renews_on (YYYY-MM-DD) and a note (issue 24)',
    description: 'SPEC 9: renews_on is at least six months after member_since (400 otherwise). Kept in her history, audited.',
    access: 'admin',
    params: IdInputSchema,
    body: RenewMembershipInputSchema.omit({ id: true }),
    responses: { 200: MembershipTermSchema },
    errors: [404, 409],
  },
  'GET /api/admin/members.csv': {
    operationId: 'exportRoster',
    summary: 'The roster as CSV (issue 24), streamed',
    description:
      'BOM and CRLF; columns email,name,type,admin,member_since,renews_on,status,city,country; formula cells prefixed with an apostrophe.',
    access: 'admin',
    responses: {
      200: {
        description: 'The roster, as an attachment.',
        mediaType: 'text/csv; charset=utf-8',
        headers: { 'Content-Disposition': 'attachment; filename="owow-roster-YYYY-MM-DD.csv"' },
      },
    },
  },
  'GET /api/admin/audit-log': {
    operationId: 'listAuditLog',
    summary: 'A page of the audit log, newest first',
    access: 'admin',
    query: AuditLogListInputSchema,
    paged: true,
    responses: { 200: z.array(AuditEntrySchema) },
  },
  'GET /api/admin/audit-log/filters': {
    operationId: 'getAuditLogFilters',
    summary: 'The actions and actors the audit log can be filtered by',
    access: 'admin',
    responses: { 200: z.object({ actions: z.array(z.object({ action: z.string(), label: z.string() })), actors: z.array(idAndName) }) },
  },
});
