import { Hono, type Context } from 'hono';
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
import type { AppEnv } from '../../platform/hono-env';
import { AppError, parseInput } from '../../platform/app-error';
import { errorTextResponse } from '../../platform/http-errors';
import { pageQuery, restPage } from '../../platform/link-header';
import { actorOf, requestMeta } from '../../platform/request-actor';
import * as applications from './applications';
import { contactClub } from './contact-club';
import * as codes from './invitation-codes';
import * as passwordReset from './password-reset';
import * as registration from './registration';
import { sessionCookie } from '../auth/session-cookie';
import { jsonBody, jsonBodyWith } from '../../platform/json-body';
import { admins } from '../../platform/rest-guards';

type C = Context<AppEnv>;

/** SPEC 7 answers forgot/reset password as plain text, failures included. */
async function textAnswer(c: C, run: () => Promise<{ message: string }>) {
  try {
    return c.text((await run()).message);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return errorTextResponse(err);
  }
}

/** SPEC 7 membership paths: thin adapters over the same services as router.ts. */
export const membershipRoutes = new Hono<AppEnv>()
  .post('/api/membership/contact', async (c) => {
    const input = await jsonBody(c, ContactClubInputSchema);
    return c.json(await contactClub(c.get('deps'), await actorOf(c), input), 202);
  })
  .post('/api/validate-code', async (c) => {
    const input = await jsonBody(c, ValidateCodeInputSchema);
    return c.json(await codes.validateInvitationCode(c.get('deps'), requestMeta(c), input));
  })
  .post('/request', async (c) => {
    const input = await jsonBody(c, ApplicationInputSchema);
    await applications.submitApplication(c.get('deps'), requestMeta(c), input);
    return c.json({ ok: true, message: 'Application Submitted Successfully!' }, 201);
  })
  .get('/api/register/validate-token/:token', async (c) => {
    const input = parseInput(RegistrationTokenInputSchema, { token: c.req.param('token') });
    return c.json(await registration.registrationInvite(c.get('deps'), requestMeta(c), input));
  })
  .post('/api/register', async (c) => {
    const input = await jsonBody(c, RegisterInputSchema);
    const { session } = await registration.registerAndSignIn(c.get('deps'), await actorOf(c), requestMeta(c), input);
    if (session) c.header('Set-Cookie', sessionCookie(c.req.url, session.token, session.expiresAt), { append: true });
    return c.json({ ok: true, message: session ? 'Account created. You are signed in.' : 'Account created. You can now log in.' }, 201);
  })
  .post('/forgot-password', (c) =>
    textAnswer(c, async () =>
      passwordReset.requestPasswordReset(c.get('deps'), requestMeta(c), await jsonBody(c, ForgotPasswordInputSchema)),
    ),
  )
  .post('/reset-password', (c) =>
    textAnswer(c, async () => passwordReset.resetPassword(c.get('deps'), requestMeta(c), await jsonBody(c, ResetPasswordInputSchema))),
  )

  // Admin: applications.
  // SPEC 7's answers stay bare lists; the next page is in the Link header (issue 13).
  .get('/api/applications', admins, async (c) => {
    const input = parseInput(ListApplicationsInputSchema, { status: c.req.query('status'), ...pageQuery(c) });
    return c.json((await restPage(c, (deps, actor) => applications.listApplications(deps, actor, input))).items);
  })
  .patch('/api/applications/:id/status', admins, async (c) => {
    const input = await jsonBodyWith(c, DecideApplicationInputSchema, { id: c.req.param('id') });
    return c.json(await applications.decideApplication(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/applications/:id/resend-invitation', admins, async (c) => {
    const input = parseInput(IdInputSchema, { id: c.req.param('id') });
    return c.json(await applications.resendRegistrationInvitation(c.get('deps'), await actorOf(c), input));
  })

  // Admin: invitation codes.
  .get('/api/invitation-codes', admins, async (c) => {
    const input = parseInput(ListInvitationCodesInputSchema, pageQuery(c));
    return c.json((await restPage(c, (deps, actor) => codes.listInvitationCodes(deps, actor, input))).items);
  })
  .post('/api/invitation-codes', admins, async (c) => {
    const input = await jsonBody(c, CreateInvitationCodeInputSchema);
    return c.json(await codes.createInvitationCode(c.get('deps'), await actorOf(c), input), 201);
  })
  .get('/api/invitation-codes/:id/uses', admins, async (c) => {
    const input = parseInput(IdInputSchema, { id: c.req.param('id') });
    return c.json(await codes.listInvitationCodeUses(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/invitation-codes/:id/revoke', admins, async (c) => {
    const input = parseInput(IdInputSchema, { id: c.req.param('id') });
    return c.json(await codes.revokeInvitationCode(c.get('deps'), await actorOf(c), input));
  });
