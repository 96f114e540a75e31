import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_DONE } from '../../../src/shared/schemas/membership';
import { COMMON_PASSWORD_MESSAGE, EMAIL_PASSWORD_MESSAGE } from '../../../src/worker/modules/auth/password-policy';
import { createUser, mailTo, request, trpc } from '../helpers';
import { acceptedInvite, randomIp, tokenMailedTo } from './membership-helpers';

const registerWith = (body: Record<string, unknown>) => request('/api/register', { body, ip: randomIp() });
const reset = (token: string, newPassword: string) => request('/reset-password', { body: { token, newPassword }, ip: randomIp() });

describe('registration refuses a common password', () => {
  it('answers the message on the password field and leaves the invitation usable', async () => {
    const admin = await createUser({ admin: true });
    const { app, token } = await acceptedInvite(admin);
    const common = await registerWith({ token, name: 'Nora Quinn', type: 'Standard', password: 'password123' });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE, fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] } });
    const local = app.email.split('@')[0]!.toUpperCase();
    const own = await registerWith({ token, name: 'Nora Quinn', type: 'Standard', password: local });
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ message: EMAIL_PASSWORD_MESSAGE });
    // Over tRPC too, with the same message.
    const viaTrpc = await trpc('membership.register', { token, name: 'Nora Quinn', type: 'Standard', password: 'sunshine' });
    expect(viaTrpc.status).toBe(400);
    expect((await viaTrpc.json<{ error: { message: string } }>()).error.message).toBe(COMMON_PASSWORD_MESSAGE);
    // The token was not spent by the refusals.
    expect((await registerWith({ token, name: 'Nora Quinn', type: 'Standard', password: 'a-good-password' })).status).toBe(201);
  });
});

describe('reset refuses a common password', () => {
  it('answers the message as text and leaves the link usable', async () => {
    const member = await createUser();
    await request('/forgot-password', { body: { email: member.email }, ip: randomIp() });
    await vi.waitFor(async () => expect((await mailTo(member.email)).length).toBeGreaterThan(0), { timeout: 5000, interval: 50 });
    const token = await tokenMailedTo(member.email, '/reset-password/');
    const common = await reset(token, 'trustno1');
    expect(common.status).toBe(400);
    expect(await common.text()).toBe(COMMON_PASSWORD_MESSAGE);
    const own = await reset(token, member.email);
    expect(own.status).toBe(400);
    expect(await own.text()).toBe(EMAIL_PASSWORD_MESSAGE);
    const viaTrpc = await trpc('membership.resetPassword', { token, newPassword: 'letmein1' });
    expect(viaTrpc.status).toBe(400);
    expect((await viaTrpc.json<{ error: { message: string } }>()).error.message).toBe(COMMON_PASSWORD_MESSAGE);
    const ok = await reset(token, 'a-brand-new-password');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe(PASSWORD_RESET_DONE);
  });
});
