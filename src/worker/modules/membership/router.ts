import { ApplicationInputSchema } from '../../../shared/schemas/application';
import {
  ContactClubInputSchema,
  CreateInvitationCodeInputSchema,
  DecideApplicationInputSchema,
  ForgotPasswordInputSchema,
  IdInputSchema,
  ListApplicationsInputSchema,
  ListInvitationCodesInputSchema,
  RegisterInputSchema,
  RegistrationTokenInputSchema,
  ResetPasswordInputSchema,
  ValidateCodeInputSchema,
} from '../../../shared/schemas/membership';
import * as applications from './applications';
import { contactClub } from './contact-club';
import * as codes from './invitation-codes';
import * as passwordReset from './password-reset';
import * as registration from './registration';
import { sessionCookie } from '../auth/session-cookie';
import * as roster from './roster-import';
import { ImportIdInputSchema, ListImportsInputSchema, ResendImportInvitationInputSchema } from '../../../shared/schemas/roster-import';
import { adminProcedure, publicProcedure, router } from '../../platform/trpc';

// Thin adapters over the membership services (the REST twins are in rest.ts). The
// services check every role themselves; adminProcedure only answers a visitor early.
export const membershipRouter = router({
  /** Issue 46: a lapsed (or due) member writes to the club's admins. */
  contactClub: publicProcedure.input(ContactClubInputSchema).mutation(({ ctx, input }) => contactClub(ctx.deps, ctx.actor, input)),
  validateCode: publicProcedure
    .input(ValidateCodeInputSchema)
    .mutation(({ ctx, input }) => codes.validateInvitationCode(ctx.deps, ctx.meta, input)),
  submitApplication: publicProcedure
    .input(ApplicationInputSchema)
    .mutation(({ ctx, input }) => applications.submitApplication(ctx.deps, ctx.meta, input)),
  registrationInvite: publicProcedure
    .input(RegistrationTokenInputSchema)
    .query(({ ctx, input }) => registration.registrationInvite(ctx.deps, ctx.meta, input)),
  register: publicProcedure.input(RegisterInputSchema).mutation(async ({ ctx, input }) => {
    const { session, email } = await registration.registerAndSignIn(ctx.deps, ctx.actor, ctx.meta, input);
    if (session) ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.req.url, session.token, session.expiresAt));
    return { ok: true as const, email, signedIn: session !== null };
  }),
  forgotPassword: publicProcedure
    .input(ForgotPasswordInputSchema)
    .mutation(({ ctx, input }) => passwordReset.requestPasswordReset(ctx.deps, ctx.meta, input)),
  resetPassword: publicProcedure
    .input(ResetPasswordInputSchema)
    .mutation(({ ctx, input }) => passwordReset.resetPassword(ctx.deps, ctx.meta, input)),

  imports: router({
    list: adminProcedure.input(ListImportsInputSchema).query(({ ctx, input }) => roster.listImports(ctx.deps, ctx.actor, input)),
    report: adminProcedure
      .input(ImportIdInputSchema)
      .query(({ ctx, input }) => roster.getImportReport(ctx.deps, ctx.actor, input, ctx.meta)),
    resend: adminProcedure
      .input(ResendImportInvitationInputSchema)
      .mutation(({ ctx, input }) => roster.resendImportInvitation(ctx.deps, ctx.actor, input)),
  }),
  applications: router({
    list: adminProcedure
      .input(ListApplicationsInputSchema)
      .query(({ ctx, input }) => applications.listApplications(ctx.deps, ctx.actor, input)),
    decide: adminProcedure
      .input(DecideApplicationInputSchema)
      .mutation(({ ctx, input }) => applications.decideApplication(ctx.deps, ctx.actor, input)),
    resendInvitation: adminProcedure
      .input(IdInputSchema)
      .mutation(({ ctx, input }) => applications.resendRegistrationInvitation(ctx.deps, ctx.actor, input)),
  }),

  codes: router({
    list: adminProcedure
      .input(ListInvitationCodesInputSchema)
      .query(({ ctx, input }) => codes.listInvitationCodes(ctx.deps, ctx.actor, input)),
    uses: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => codes.listInvitationCodeUses(ctx.deps, ctx.actor, input)),
    create: adminProcedure
      .input(CreateInvitationCodeInputSchema)
      .mutation(({ ctx, input }) => codes.createInvitationCode(ctx.deps, ctx.actor, input)),
    revoke: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => codes.revokeInvitationCode(ctx.deps, ctx.actor, input)),
  }),
});
