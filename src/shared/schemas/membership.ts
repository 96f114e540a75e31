import * as z from 'zod';
import { ACCOUNT_TYPES, CLUB_NAME } from '../constants';
import { EmailSchema, IdSchema, NewPasswordSchema, PersonNameSchema, TokenSchema } from './common';
import { acceptingOldNames, UnixMsSchema, unixMsToIso } from './old-field-names';
import type { HomeCard } from './homes';
import { MEMBERSHIP_STATUSES, CLUB_NOTE_MAX, type MembershipTerm } from '../membership-term';
import type { RenewalView } from './membership-terms';
import { PageQuerySchema, type Page } from './page';
import { withValues } from '../message';

// SPEC 2, 5 and 7: the membership pipeline's inputs (the application itself is in ./application.ts).
// The forms, the tRPC procedures and the REST routes all validate with these, so the form's rules
// also hold on the server.

export const ENTER_CODE = /*i18n*/ 'Please enter your invitation code.';
export const INVALID_CODE = /*i18n*/ 'Invalid invitation code.';

/** Codes compare case-insensitively: stored and looked up upper-cased. */
export const InvitationCodeSchema = z
  .string({ error: ENTER_CODE })
  .trim()
  .min(1, ENTER_CODE)
  .max(64, INVALID_CODE)
  .transform((s) => s.toUpperCase());

export const ValidateCodeInputSchema = z.object({ code: InvitationCodeSchema });
export type ValidateCodeInput = z.infer<typeof ValidateCodeInputSchema>;
export interface ValidateCodeResult {
  valid: boolean;
  error?: string;
}

// Registration by emailed token (SPEC 2 and 7).
export const INVALID_REGISTRATION_TOKEN = /*i18n*/ 'Invalid or expired token. Please request a new invitation.';

export const RegistrationTokenInputSchema = z.object({ token: TokenSchema });

export interface RegistrationInvite {
  email: string;
  /** The applicant's name, to prefill the form. */
  name: string;
  /** DECISIONS: the application's type, plus Founding when the accepting admin granted it. */
  allowed_types: (typeof ACCOUNT_TYPES)[number][];
}

export const RegisterInputSchema = z.object({
  token: TokenSchema,
  name: PersonNameSchema,
  type: z.enum(ACCOUNT_TYPES, { error: /*i18n*/ 'Account type is required.' }),
  password: NewPasswordSchema,
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

// Forgot and reset password.
export const ForgotPasswordInputSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;
/** The one answer to every forgot-password request, whether or not the account exists. */
export const FORGOT_PASSWORD_ANSWER =
  /*i18n*/ 'If an account exists for that email, a password reset link is on its way. Please check your inbox.';

export const ResetPasswordInputSchema = z.object({ token: TokenSchema, newPassword: NewPasswordSchema });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;
export const INVALID_RESET_TOKEN = /*i18n*/ 'This password reset link is invalid or has expired. Please request a new one.';
export const PASSWORD_RESET_DONE = /*i18n*/ 'Your password has been reset. You can now log in with your new password.';

// Admin: applications.
export const APPLICATION_STATUSES = ['pending', 'all', 'accepted', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** GET /api/applications and applications.list: one tab, newest first, a page at a time (issue 13). */
export const ListApplicationsInputSchema = z
  .object({ status: z.enum(APPLICATION_STATUSES, { error: /*i18n*/ 'Unknown application status.' }).default('all') })
  .extend(PageQuerySchema.shape);
export type ListApplicationsInput = z.output<typeof ListApplicationsInputSchema>;

/** How many applications each tab holds: the tabs' badges and the card pager's "3 of 41". */
export type ApplicationCounts = Record<ApplicationStatus, number>;

/** A page of applications; `counts` comes with a first page (null on the pages after it). */
export interface ApplicationsPage extends Page<ApplicationView> {
  counts: ApplicationCounts | null;
}

export const REJECTION_EMAIL_MAX = 5000;
export const REJECTION_EMAIL_EMPTY = /*i18n*/ 'Write the rejection email, or leave "Send a rejection email" unticked.';

export const DecideApplicationInputSchema = acceptingOldNames(
  z.object({
    id: IdSchema,
    accepted: z.boolean({ error: 'accepted must be true or false.' }),
    /** Only with accepted: lets the invitee choose Founding at registration. */
    grant_founding: z.boolean().optional(),
    /**
     * Only with a rejection: the email the admin chose to send, as she edited it (plain text).
     * Absent: nothing is sent (DECISIONS "Membership pipeline").
     */
    rejection_email: z
      .string({ error: REJECTION_EMAIL_EMPTY })
      .trim()
      .min(1, REJECTION_EMAIL_EMPTY)
      .max(REJECTION_EMAIL_MAX, withValues(/*i18n*/ 'The email may have at most {max} characters.', { max: REJECTION_EMAIL_MAX }))
      .optional(),
  }),
  { grant_founding: 'grantFounding', rejection_email: 'rejectionEmail' },
);

/** The kind default text the admin starts from when she chooses to send a rejection email. */
export function defaultRejectionEmail(fullName: string): string {
  return `Dear ${fullName},

Thank you for applying to join ${CLUB_NAME}, and for taking the time to tell us about yourself and what you hope to find here. We read every application with care.

After much thought, we are not able to offer you a membership at this time. Our circle is small and its places are few, so this is no judgement of you or of all you would bring.

We are grateful for your interest and wish you every joy in the things you love outside work. Should your circumstances change, you would be welcome to apply again with a new invitation.

With warm regards,
The ${CLUB_NAME} membership committee`;
}
export type DecideApplicationInput = z.infer<typeof DecideApplicationInputSchema>;

export const IdInputSchema = z.object({ id: IdSchema });

/** SPEC 3 Application, as the admin screens see it. */
export interface ApplicationView {
  id: number;
  full_name: string;
  email: string;
  phone: string;
  reason: string;
  interests: string[];
  availability: string;
  referral: string | null;
  comments: string | null;
  membership_type: string;
  created_at: string;
  accepted: boolean | null;
  granted_founding: boolean;
  decided_at: string | null;
  decided_by: string | null;
  invitation_code: string | null;
  properties: null | { address: string; type: string; description: string; availability: string };
}

// Admin: users.
export const ChangePrivilegeInputSchema = z.object({ id: IdSchema, type: z.enum(ACCOUNT_TYPES, { error: /*i18n*/ 'Type is required.' }) });
export type ChangePrivilegeInput = z.infer<typeof ChangePrivilegeInputSchema>;
export const SetAdminInputSchema = z.object({ id: IdSchema, admin: z.boolean({ error: 'admin must be true or false.' }) });
export type SetAdminInput = z.infer<typeof SetAdminInputSchema>;

/**
 * User Management's status filter (issue 24): a membership status, or `due`, the active members
 * whose renewal falls in the next 30 days (the admin dashboard links to it); `due_60` and
 * `due_90`, in the next 60 and 90 days (Insights links to them, issue 42).
 */
export const USER_STATUS_FILTERS = [...MEMBERSHIP_STATUSES, 'due', 'due_60', 'due_90'] as const;
/** The renewal windows of the `due` filters, in days. */
export const DUE_FILTER_DAYS = { due: 30, due_60: 60, due_90: 90 } as const;
export type DueFilter = keyof typeof DUE_FILTER_DAYS;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/**
 * GET /api/users and admin.users.list: the members by name, a page at a time (issue 13);
 * `search` keeps those whose name or email contains it (ASCII letters in either case), `status`
 * those of a membership status (issue 24).
 */
export const ListUsersInputSchema = z
  .object({
    search: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: /*i18n*/ 'The search must be text.' })
        .trim()
        .max(100, /*i18n*/ 'The search has at most 100 characters.')
        .optional(),
    ),
    status: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z.enum(USER_STATUS_FILTERS, { error: /*i18n*/ 'Status is active, grace, lapsed, due, due_60 or due_90.' }).optional(),
    ),
  })
  .extend(PageQuerySchema.shape)
  .optional();
export type ListUsersInput = NonNullable<z.output<typeof ListUsersInputSchema>>;

/** How many members of each type there are, and in all (User Management's heading). */
export type MemberCounts = Record<(typeof ACCOUNT_TYPES)[number], number> & { total: number };

export interface UserView extends MembershipTerm {
  user_id: number;
  name: string;
  email: string;
  type: (typeof ACCOUNT_TYPES)[number];
  admin: boolean;
  must_change_password: boolean;
  created_at: string;
  /** The viewing admin may grant or remove this member's admin flag (never remove her own). */
  can_change_admin: boolean;
  /** The viewing admin may give this member a temporary password (not herself). */
  can_reset_password: boolean;
  /** Events she joined and did not come to in the last 12 months, where the door took attendance (issue 43). */
  no_shows: number;
}

/** A property from a member's Travel Host application (it became her first listed property). */
export interface MemberProperty {
  id: number;
  address: string;
  type: string;
  description: string;
  availability: string;
}

/**
 * A member's profile in User Management: her account, her term and its renewals (newest first),
 * and her Travel Host properties and homes.
 */
export interface MemberProfile extends MembershipTerm {
  renewals: RenewalView[];
  user_id: number;
  name: string;
  email: string;
  type: (typeof ACCOUNT_TYPES)[number];
  admin: boolean;
  created_at: string;
  /** From her application, oldest first. */
  properties: MemberProperty[];
  /** Her homes in every state, newest first (the homes module's list); more_homes when there are more. */
  homes: HomeCard[];
  more_homes: boolean;
}

/** A page of members; `counts` comes with a first page (null on the pages after it). */
export interface UsersPage extends Page<UserView> {
  counts: MemberCounts | null;
}

// Admin: invitation codes.
export const NewInvitationCodeSchema = z
  .string()
  .trim()
  .max(40, /*i18n*/ 'A code has at most 40 characters.')
  .regex(/^[A-Za-z0-9-]*$/, /*i18n*/ 'Use letters, digits and hyphens only.')
  .refine((s) => s === '' || s.length >= 4, /*i18n*/ 'A code has at least 4 characters.')
  .transform((s) => s.toUpperCase());

export const CreateInvitationCodeInputSchema = acceptingOldNames(
  z.object({
    /** Empty: the server makes a random one. */
    code: NewInvitationCodeSchema.optional(),
    note: z.string().trim().max(200, /*i18n*/ 'The note has at most 200 characters.').optional(),
    /** An ISO 8601 instant with Z; absent or null: never expires. */
    expires_at: z.iso.datetime({ error: /*i18n*/ 'The expiry must be an ISO 8601 date and time with Z.' }).nullable().optional(),
    max_uses: z
      .number({ error: /*i18n*/ 'Maximum uses must be a whole number.' })
      .int(/*i18n*/ 'Maximum uses must be a whole number.')
      .min(1, /*i18n*/ 'Maximum uses must be at least 1.')
      .max(100_000)
      .nullable()
      .optional(),
  }),
  // Before issue 47 the expiry was Unix ms under expiresAt.
  { expires_at: { name: 'expiresAt', schema: UnixMsSchema, toNew: unixMsToIso }, max_uses: 'maxUses' },
);
export type CreateInvitationCodeInput = z.infer<typeof CreateInvitationCodeInputSchema>;

export const INVITATION_CODE_STATUSES = ['active', 'expired', 'used up', 'revoked'] as const;
export type InvitationCodeStatus = (typeof INVITATION_CODE_STATUSES)[number];

export interface InvitationCodeView {
  id: number;
  code: string;
  note: string | null;
  expires_at: string | null;
  max_uses: number | null;
  use_count: number;
  revoked_at: string | null;
  created_at: string;
  /** The admin who made it (both null once her account is gone). */
  created_by_name: string | null;
  created_by_id: number | null;
  status: InvitationCodeStatus;
}

/** GET /api/invitation-codes and codes.list: newest first, a page at a time (issue 13). */
export const ListInvitationCodesInputSchema = PageQuerySchema.optional();
export type ListInvitationCodesInput = NonNullable<z.output<typeof ListInvitationCodesInputSchema>>;

export interface InvitationCodeUse {
  application_id: number;
  full_name: string;
  email: string;
  created_at: string;
  accepted: boolean | null;
}

/** Issue 46: what a member whose membership lapsed (or is due) writes to the club's admins. */
export const ContactClubInputSchema = z.object({
  message: z
    .string()
    .trim()
    .max(
      CLUB_NOTE_MAX,
      withValues(/*i18n*/ 'The message must be at most {max} characters.', { max: CLUB_NOTE_MAX.toLocaleString('en-US') }),
    )
    .optional()
    .default(''),
});
export type ContactClubInput = z.infer<typeof ContactClubInputSchema>;
/** The answer of POST /api/membership/contact. */
export const CLUB_CONTACTED = /*i18n*/ 'Your message was sent to the club’s admins. They will write to you by email.';
