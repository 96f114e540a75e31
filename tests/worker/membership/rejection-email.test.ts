import { describe, expect, it } from 'vitest';
import { CLUB_NAME } from '../../../src/shared/constants';
import { defaultRejectionEmail, REJECTION_EMAIL_EMPTY } from '../../../src/shared/schemas/membership';
import { createUser, mailTo, request, trpc } from '../helpers';
import { auditFor, submitApplication } from './membership-helpers';

/** The mail of the decision: her application's acknowledgement (issue 46) came before it. */
const decisionMail = async (email: string) => (await mailTo(email)).filter((m) => m.kind !== 'application_received');

// Issue 14: rejecting an application offers "Send a rejection email" (unticked by default) with
// an editable, kind text. The email goes through the queue only when the admin asks for it.

const reject = (admin: Awaited<ReturnType<typeof createUser>>, id: number, extra: Record<string, unknown> = {}) =>
  request(`/api/applications/${id}/status`, { method: 'PATCH', body: { accepted: false, ...extra }, as: admin });

async function statusOf(admin: Awaited<ReturnType<typeof createUser>>, id: number) {
  const list = await (
    await request('/api/applications?status=all&limit=100', { as: admin })
  ).json<{ id: number; accepted: boolean | null }[]>();
  return list.find((a) => a.id === id)?.accepted;
}

describe('rejection email', () => {
  it('is not sent when the admin does not ask for it', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication();
    expect((await reject(admin, app.id)).status).toBe(200);
    expect(await decisionMail(app.email)).toHaveLength(0);
    expect((await auditFor('application', app.id))[0]).toMatchObject({ action: 'application.reject' });
    expect((await auditFor('application', app.id))[0]!.details).toMatchObject({ rejectionEmail: false });
  });

  it('is queued once, with the admin’s text (escaped, paragraphs kept), when she asks (REST)', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication();
    const text = `${defaultRejectionEmail(app.fullName)}\n\nP.S. <b>We</b> hope to meet you one day.`;
    expect((await reject(admin, app.id, { rejection_email: text })).status).toBe(200);
    const mails = await decisionMail(app.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'application_rejected', status: 'queued', subject: `Your application to ${CLUB_NAME}` });
    expect(mails[0]!.text).toContain(`Dear ${app.fullName},`);
    expect(mails[0]!.text).toContain('we are not able to offer you a membership at this time');
    expect(mails[0]!.html).toContain('<p>P.S. &lt;b&gt;We&lt;/b&gt; hope to meet you one day.</p>');
    expect(mails[0]!.html).toContain('With warm regards,<br>');
    expect((await auditFor('application', app.id))[0]!.details).toMatchObject({ rejectionEmail: true });
  });

  it('goes through tRPC the same way', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication();
    const res = await trpc(
      'membership.applications.decide',
      { id: app.id, accepted: false, rejection_email: 'Thank you, and good luck.' },
      { as: admin },
    );
    expect(res.status).toBe(200);
    expect((await decisionMail(app.email)).map((m) => m.kind)).toEqual(['application_rejected']);
  });

  it('refuses a blank text and a rejection email with an acceptance, deciding nothing', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication();
    const blank = await reject(admin, app.id, { rejection_email: '   ' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({
      error: expect.stringContaining(REJECTION_EMAIL_EMPTY),
      fieldErrors: { rejection_email: [REJECTION_EMAIL_EMPTY] },
    });
    const withAccept = await request(`/api/applications/${app.id}/status`, {
      method: 'PATCH',
      body: { accepted: true, rejection_email: 'Sorry.' },
      as: admin,
    });
    expect(withAccept.status).toBe(400);
    expect((await reject(admin, app.id, { rejection_email: 'x'.repeat(5001) })).status).toBe(400);
    expect(await statusOf(admin, app.id)).toBeNull();
    expect(await decisionMail(app.email)).toHaveLength(0);
  });

  it('is not sent for an application already decided (409)', async () => {
    const admin = await createUser({ admin: true });
    const app = await submitApplication();
    expect((await reject(admin, app.id)).status).toBe(200);
    expect((await reject(admin, app.id, { rejection_email: 'Sorry.' })).status).toBe(409);
    expect(await decisionMail(app.email)).toHaveLength(0);
  });
});
