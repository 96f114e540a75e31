import * as z from 'zod';
import { ACCOUNT_TYPES } from '../../../shared/constants';
import { ApplicationInputSchema } from '../../../shared/schemas/application';
import {
  ContactClubInputSchema,
  CreateInvitationCodeInputSchema,
  DecideApplicationInputSchema,
  ForgotPasswordInputSchema,
  IdInputSchema,
  INVITATION_CODE_STATUSES,
  ListApplicationsInputSchema,
  ListInvitationCodesInputSchema,
  RegisterInputSchema,
  RegistrationTokenInputSchema,
  ResetPasswordInputSchema,
  ValidateCodeInputSchema,
} from '../../../shared/schemas/membership';
import { omitAccepting } from '../../../shared/schemas/old-field-names';
import { describeRoutes, IsoDateTime, OkSchema } from '../../platform/openapi';
import type { membershipRoutes } from './rest';

const ApplicationSchema = z
  .object({
    id: z.number().int(),
    full_name: z.string(),
    email: z.string(),
    phone: z.string(),
    reason: z.string(),
    interests: z.array(z.string()),
    availability: z.string(),
    referral: z.string().nullable(),
    comments: z.string().nullable(),
    membership_type: z.string(),
    created_at: IsoDateTime,
    accepted: z.boolean().nullable().describe('null: pending'),
    granted_founding: z.boolean(),
    decided_at: IsoDateTime.nullable(),
    decided_by: z.string().nullable(),
    invitation_code: z.string().nullable(),
    properties: z.object({ address: z.string(), type: z.string(), description: z.string(), availability: z.string() }).nullable(),
  })
  .meta({ id: 'Application' });

const InvitationCodeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    note: z.string().nullable(),
    expires_at: IsoDateTime.nullable(),
    max_uses: z.number().int().nullable(),
    use_count: z.number().int(),
    revoked_at: IsoDateTime.nullable(),
    created_at: IsoDateTime,
    created_by_name: z.string().nullable(),
    created_by_id: z.number().int().nullable(),
    status: z.enum(INVITATION_CODE_STATUSES),
  })
  .meta({ id: 'InvitationCode' });

const created = z.object({ ok: z.literal(true), message: z.string() });
const text = { description: 'The message to show (SPEC 7 answers these as text).', mediaType: 'text/plain' };
const codeId = { params: IdInputSchema };

/** SPEC 7's membership paths (applications.ts, invitation-codes.ts, registration.ts, password-reset.ts). */
export const membershipRestDocs = describeRoutes<typeof membershipRoutes>()('Membership', {
  'POST /api/membership/contact': {
    operationId: 'contactClub',
    summary: "A member writes to the club's admins about renewing (kept while her membership has lapsed); they receive it by email",
    access: 'member',
    body: ContactClubInputSchema,
    responses: { 202: z.object({ message: z.string() }) },
    errors: [409, 429],
  },
  'POST /api/validate-code': {
    operationId: 'validateInvitationCode',
    summary: 'Whether an invitation code may be used (step 1 of the application)',
    access: 'public',
    body: ValidateCodeInputSchema,
    responses: { 200: z.object({ valid: z.boolean(), error: z.string().optional() }) },
    errors: [429],
  },
  'POST /request': {
    operationId: 'submitApplication',
    summary: 'Apply for membership with an invitation code',
    access: 'public',
    body: ApplicationInputSchema,
    responses: { 201: created },
    errors: [409, 429],
  },
  'GET /api/register/validate-token/:token': {
    operationId: 'getRegistrationInvite',
    summary: "The registration link's email and the account types it offers",
    access: 'public',
    params: RegistrationTokenInputSchema,
    responses: { 200: z.object({ email: z.string(), name: z.string(), allowed_types: z.array(z.enum(ACCOUNT_TYPES)) }) },
    errors: [404, 429],
  },
  'POST /api/register': {
    operationId: 'register',
    summary: 'Create the account of an accepted application',
    access: 'public',
    body: RegisterInputSchema,
    responses: { 201: created },
    errors: [404, 409, 429],
  },
  'POST /forgot-password': {
    operationId: 'requestPasswordReset',
    summary: 'Email a reset link (the same answer whether or not the account exists)',
    access: 'public',
    body: ForgotPasswordInputSchema,
    responses: { 200: text },
    errors: [429],
    textErrors: true,
  },
  'POST /reset-password': {
    operationId: 'resetPassword',
    summary: "Set a new password with the reset link's token",
    access: 'public',
    body: ResetPasswordInputSchema,
    responses: { 200: text },
    errors: [404, 429],
    textErrors: true,
  },
  'GET /api/applications': {
    operationId: 'listApplications',
    summary: 'A page of the applications, newest first (status: pending, accepted, rejected or all)',
    access: 'admin',
    query: ListApplicationsInputSchema,
    paged: true,
    responses: { 200: z.array(ApplicationSchema) },
  },
  'PATCH /api/applications/:id/status': {
    operationId: 'decideApplication',
    summary: 'Accept (emails a registration link) or reject a pending application',
    access: 'admin',
    params: IdInputSchema,
    body: omitAccepting(DecideApplicationInputSchema, { id: true }),
    responses: { 200: ApplicationSchema },
    errors: [404, 409],
  },
  'POST /api/applications/:id/resend-invitation': {
    operationId: 'resendRegistrationInvitation',
    summary: 'Email an accepted applicant a new registration link',
    access: 'admin',
    params: IdInputSchema,
    responses: { 200: OkSchema },
    errors: [404, 409],
  },
  'GET /api/invitation-codes': {
    operationId: 'listInvitationCodes',
    summary: 'A page of the invitation codes, newest first',
    access: 'admin',
    query: ListInvitationCodesInputSchema,
    paged: true,
    responses: { 200: z.array(InvitationCodeSchema) },
  },
  'POST /api/invitation-codes': {
    operationId: 'createInvitationCode',
    summary: 'Create an invitation code (random unless given), with an optional expiry and maximum uses',
    access: 'admin',
    body: CreateInvitationCodeInputSchema,
    responses: { 201: InvitationCodeSchema },
    errors: [409],
  },
  'GET /api/invitation-codes/:id/uses': {
    operationId: 'listInvitationCodeUses',
    summary: 'The applications that used a code',
    access: 'admin',
    ...codeId,
    responses: {
      200: z.array(
        z.object({
          application_id: z.number().int(),
          full_name: z.string(),
          email: z.string(),
          created_at: IsoDateTime,
          accepted: z.boolean().nullable(),
        }),
      ),
    },
    errors: [404],
  },
  'POST /api/invitation-codes/:id/revoke': {
    operationId: 'revokeInvitationCode',
    summary: 'Revoke a code (applications already made with it stay)',
    access: 'admin',
    ...codeId,
    responses: { 200: OkSchema },
    errors: [404, 409],
  },
});
