// Issue 41, the Worker's texts: her emails in her language (users.language), the API's error
// messages in the request's (hers, else the device's), English exactly as written.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CLUB_NAME } from '../../../src/shared/constants';
import { INVALID_RESET_TOKEN } from '../../../src/shared/schemas/membership';
import { processNotificationNews } from '../../../src/worker/modules/notifications/fan-out';
import { sendDueInstantEmails } from '../../../src/worker/modules/notifications/instant-emails';
import { notify } from '../../../src/worker/modules/notifications/record';
import { applications } from '../../../src/worker/db/schema/membership';
import { users } from '../../../src/worker/db/schema/users';
import { createUser, deps, insertEvent, mailTo, request, type TestUser } from '../helpers';
import { applicationPayload, decide, insertCode, randomIp, tokenMailedTo } from '../membership/membership-helpers';
import { depsAt, join, settleNotifications } from '../notifications/notification-helpers';

const prefers = async (u: TestUser, language: string) =>
  expect((await request('/api/preferences', { method: 'PUT', as: u, body: { language } })).status).toBe(200);

describe('the Worker in her language', () => {
  it('emails a member who prefers French her reset link in French, the layout too', async () => {
    const u = await createUser();
    await prefers(u, 'fr');
    expect((await request('/forgot-password', { body: { email: u.email } })).status).toBe(200);
    await vi.waitFor(async () => expect(await mailTo(u.email)).toHaveLength(1), { timeout: 5000, interval: 50 });
    const [mail] = await mailTo(u.email);
    expect(mail!.subject).toBe(`Réinitialisez votre mot de passe ${CLUB_NAME}`);
    expect(mail!.html).toContain('<html lang="fr" dir="ltr">');
    expect(mail!.text).toContain('Choisir un nouveau mot de passe');
    expect(mail!.text).toContain(`Vous recevez cet e-mail en tant que membre de ${CLUB_NAME}.`);
    expect(mail!.text).not.toContain('Choose a new password');
  });

  it('writes a notification email in each reader’s language: French for her, English for the other', async () => {
    const host = await createUser({ type: 'Founding', name: 'Claire Dubois' });
    const [french, english] = [await createUser(), await createUser()];
    await prefers(french, 'fr');
    const ev = await insertEvent({ createdBy: host.id, title: 'Harbour walk' });
    await join(ev.id, french);
    await join(ev.id, english);
    const d = depsAt(Date.now());
    await notify(d, host.id, { kind: 'event_changed', eventId: ev.id, changes: ['time', 'place'] });
    await processNotificationNews(d);
    await sendDueInstantEmails(d);
    const [fr] = (await mailTo(french.email)).filter((m) => m.kind === 'notification_event_changed');
    expect(fr!.subject).toBe('Claire Dubois a modifié l’heure et le lieu de Harbour walk');
    expect(fr!.text).toContain('Chère');
    expect(fr!.text).toContain('L’ouvrir dans le club');
    const [en] = (await mailTo(english.email)).filter((m) => m.kind === 'notification_event_changed');
    expect(en!.subject).toBe('Claire Dubois changed the time and place of Harbour walk');
    expect(en!.text).toContain('Open it in the club');
  });

  it("answers a Japanese visitor's 401 and 400 in Japanese, and English exactly as written", async () => {
    const ja = { 'Accept-Language': 'ja,en;q=0.5' };
    const visitor = await request('/api/preferences', { headers: ja });
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get('Content-Language')).toBe('ja');
    expect(await visitor.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'ログインしてください。',
      error: 'ログインしてください。',
    });
    const english = await request('/api/preferences');
    expect([english.headers.get('Content-Language'), (await english.json<{ message: string }>()).message]).toEqual([
      'en',
      'Please log in.',
    ]);

    // SPEC's plain-text answer of /reset-password: the same text, in her language.
    const reset = { token: 'x'.repeat(43), newPassword: 'a long enough new password' };
    const refused = await request('/reset-password', { body: reset, headers: ja });
    expect([refused.status, await refused.text()]).toEqual([
      400,
      'このパスワード再設定リンクは無効か期限切れです。新しいリンクをご依頼ください。',
    ]);
    expect(await (await request('/reset-password', { body: reset })).text()).toBe(INVALID_RESET_TOKEN);

    // A field's message, and tRPC's errors (what the screens show).
    const bad = await request('/api/preferences', { method: 'PUT', body: { theme: 'dark' }, headers: { 'Accept-Language': 'es' } });
    expect((await bad.json<{ message: string }>()).message).toBe('Inicie sesión.');
    const trpc = await request('/trpc/account.preferences', { headers: ja });
    expect(trpc.headers.get('Content-Language')).toBe('ja');
    expect((await trpc.json<{ error: { message: string } }>()).error.message).toBe('ログインしてください。');
  });

  it('writes to an applicant in the language she applied in, and her account starts in it', async () => {
    const admin = await createUser({ admin: true });
    const code = await insertCode();
    const payload = applicationPayload(code.code);
    const fr = { 'Accept-Language': 'fr-FR,fr;q=0.9' };
    expect((await request('/request', { body: payload, ip: randomIp(), headers: fr })).status).toBe(201);
    const subjects = async () => (await mailTo(payload.email)).map((m) => m.subject);
    await vi.waitFor(async () => expect(await subjects()).toEqual(['Nous avons bien reçu votre candidature']), {
      timeout: 5000,
      interval: 50,
    });
    const [app] = await deps().db.select().from(applications).where(eq(applications.email, payload.email));
    expect(app!.language).toBe('fr');
    expect((await decide(admin, app!.id, true)).status).toBe(200);
    await vi.waitFor(async () => expect(await subjects()).toContain(`Bienvenue à ${CLUB_NAME} : créez votre compte`), {
      timeout: 5000,
      interval: 50,
    });
    const token = await tokenMailedTo(payload.email, '/register/');
    const body = { token, name: 'Inès Lambert', type: 'Standard', password: 'a-good-password' };
    expect((await request('/api/register', { body, ip: randomIp() })).status).toBe(201);
    const [member] = await deps().db.select({ language: users.language }).from(users).where(eq(users.email, payload.email));
    expect(member!.language).toBe('fr');
  });

  it('lists her notifications in her language, else the device’s', async () => {
    const host = await createUser({ type: 'Founding' });
    const guest = await createUser({ name: 'Sofia Rossi' });
    const ev = await insertEvent({ createdBy: host.id, title: 'Supper club' });
    await join(ev.id, guest);
    const res = await request('/api/comments', { as: guest, body: { content: 'Lovely', commentableId: `event-${ev.id}` } });
    expect(res.status).toBe(201);
    await settleNotifications();
    const texts = async (headers?: Record<string, string>) =>
      (await (await request('/api/notifications', { as: host, headers })).json<{ text: string }[]>()).map((e) => e.text);
    expect(await texts()).toEqual(['Sofia Rossi commented on Supper club']);
    expect(await texts({ 'Accept-Language': 'es' })).toEqual(['Sofia Rossi comentó en Supper club']);
    await prefers(host, 'fr');
    expect(await texts({ 'Accept-Language': 'es' })).toEqual(['Sofia Rossi a commenté Supper club']);
    const trpc = await request('/trpc/notifications.list?input=%7B%7D', { as: host });
    expect((await trpc.json<{ result: { data: { items: { text: string }[] } } }>()).result.data.items[0]!.text).toBe(
      'Sofia Rossi a commenté Supper club',
    );
  });

  it('writes a shared schema’s field messages in her language, those with a number or a field’s label too', async () => {
    const u = await createUser();
    await prefers(u, 'fr');
    const tooMany = await request('/api/notifications?limit=1000', { as: u });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors.limit).toEqual([
      'La taille de page doit être d’au plus 100.',
    ]);
    const english = await request('/api/notifications?limit=1000', { as: await createUser() });
    expect((await english.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors.limit).toEqual([
      'The page size must be at most 100.',
    ]);
    // A message naming its field by its label: the label in her language too.
    const tooLong = await request('/api/profile', { method: 'PUT', as: u, body: { title: 'x'.repeat(101) } });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors.title).toEqual([
      '« Fonction » doit comporter au plus 100 caractères.',
    ]);
  });

  it("answers a member in her account's language whatever the browser asks", async () => {
    const u = await createUser();
    await prefers(u, 'ar');
    const res = await request('/api/events/999999999', { as: u, headers: { 'Accept-Language': 'fr' } });
    expect(res.headers.get('Content-Language')).toBe('ar');
    expect((await res.json<{ message: string }>()).message).toMatch(/[\u0600-\u06FF]/);
  });
});
