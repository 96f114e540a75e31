import { Hono, type Context } from 'hono';
import * as z from 'zod';
import {
  ApplicationInputSchema,
  ChangePrivilegeInputSchema,
  CreateInvitationCodeInputSchema,
  DecideApplicationInputSchema,
  ForgotPasswordInputSchema,
  IdInputSchema,
  ListApplicationsInputSchema,
  RegisterInputSchema,
  RegistrationTokenInputSchema,
  ResetPasswordInputSchema,
  SetAdminInputSchema,
  ValidateCodeInputSchema,
} from '../../shared/schemas/membership';
import type { AppEnv } from '../hono-env';
import { AppError, parseInput } from '../lib/app-error';
import { actorOf, requestMeta } from '../request-actor';
import * as adminUsers from '../services/admin-users';
import * as applications from '../services/applications';
import * as codes from '../services/invitation-codes';
import * as passwordReset from '../services/password-reset';
import * as registration from '../services/registration';
import { jsonBody } from './body';

type C = Context<AppEnv>;

const JsonObjectSchema = z.record(z.string(), z.unknown(), { error: 'The request body must be a JSON object.' });

/** The path's :id merged into the JSON body, validated with the procedure's shared schema. */
async function idAndBody<S extends z.ZodType>(c: C, schema: S): Promise<z.output<S>> {
  const body = await jsonBody(c, JsonObjectSchema);
  return parseInput(schema, { ...body, id: c.req.param('id') });
}

/** SPEC 7 answers forgot/reset password as plain text, failures included. */
async function textAnswer(c: C, run: () => Promise<{ message: string }>) {
  try {
    return c.text((await run()).message);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.retryAfter) c.header('Retry-After', String(err.retryAfter));
    return c.text(err.message, err.status);
  }
}

/** SPEC 7 membership paths: thin adapters over the same services as trpc/routers/membership.ts. */
export const membershipRoutes = new Hono<AppEnv>()
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
    await registration.register(c.get('deps'), requestMeta(c), input);
    return c.json({ ok: true, message: 'Account created. You can now log in.' }, 201);
  })
  .post('/forgot-password', (c) =>
    textAnswer(c, async () => passwordReset.requestPasswordReset(c.get('deps'), requestMeta(c), await jsonBody(c, ForgotPasswordInputSchema))),
  )
  .post('/reset-password', (c) =>
    textAnswer(c, async () => passwordReset.resetPassword(c.get('deps'), requestMeta(c), await jsonBody(c, ResetPasswordInputSchema))),
  )

  // Admin: applications.
  .get('/api/applications', async (c) => {
    const input = parseInput(ListApplicationsInputSchema, { status: c.req.query('status') });
    return c.json(await applications.listApplications(c.get('deps'), await actorOf(c), input));
  })
  .patch('/api/applications/:id/status', async (c) => {
    const input = await idAndBody(c, DecideApplicationInputSchema);
    return c.json(await applications.decideApplication(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/applications/:id/resend-invitation', async (c) => {
    const input = parseInput(IdInputSchema, { id: c.req.param('id') });
    return c.json(await applications.resendRegistrationInvitation(c.get('deps'), await actorOf(c), input));
  })

  // Admin: users.
  .get('/api/users', async (c) => c.json(await adminUsers.listUsers(c.get('deps'), await actorOf(c))))
  .put('/api/users/:id/privilege', async (c) => {
    const input = await idAndBody(c, ChangePrivilegeInputSchema);
    return c.json(await adminUsers.changePrivilege(c.get('deps'), await actorOf(c), input));
  })
  .put('/api/users/:id/admin', async (c) => {
    const input = await idAndBody(c, SetAdminInputSchema);
    return c.json(await adminUsers.setAdmin(c.get('deps'), await actorOf(c), input));
  })
  // SPEC's {password} body is not used: the server makes the temporary password (DECISIONS).
  .put('/api/users/:id/reset-password-to-temp', async (c) => {
    const input = parseInput(IdInputSchema, { id: c.req.param('id') });
    return c.json(await adminUsers.resetPasswordToTemp(c.get('deps'), await actorOf(c), input));
  })

  // Admin: invitation codes.
  .get('/api/invitation-codes', async (c) => c.json(await codes.listInvitationCodes(c.get('deps'), await actorOf(c))))
  .post('/api/invitation-codes', async (c) => {
    const input = await jsonBody(c, CreateInvitationCodeInputSchema);
    return c.json(await codes.createInvitationCode(c.get('deps'), await actorOf(c), input), 201);
  })
  .get('/api/invitation-codes/:id/uses', async (c) => {
    const input = parseInput(IdInputSchema, { id: c.req.param('id') });
    return c.json(await codes.listInvitationCodeUses(c.get('deps'), await actorOf(c), input));
  })
  .post('/api/invitation-codes/:id/revoke', async (c) => {
    const input = parseInput(IdInputSchema, { id: c.req.param('id') });
    return c.json(await codes.revokeInvitationCode(c.get('deps'), await actorOf(c), input));
  });
