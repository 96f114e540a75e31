// Issue 46: a lapsed member's one way to reach the club. She keeps POST /api/membership/contact
// (lapsed-gate.ts); the club's admins receive her note by email, her words escaped.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/shared/date-format';
import { lapsesOn } from '../../../src/shared/membership-term';
import { CLUB_CONTACTED } from '../../../src/shared/schemas/membership';
import { emailDeliveries, emailMessages } from '../../../src/worker/db/schema/email';
import { createUser, deps, request, storedMessage } from '../helpers';
import { lapsedMember } from './terms-helpers';

describe('POST /api/membership/contact', () => {
  it('sends a lapsed member’s note to the admins by email, her words escaped', async () => {
    const admin = await createUser({ admin: true, twoFactor: true });
    const lena = await lapsedMember({ name: 'Lena Contact' });
    const res = await request('/api/membership/contact', { as: lena, body: { message: 'I would like to renew.\n<b>Thank you</b>' } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: CLUB_CONTACTED });

    const [sent] = await deps()
      .db.select({ id: emailMessages.id })
      .from(emailMessages)
      .where(and(eq(emailMessages.kind, 'membership_contact'), eq(emailMessages.senderId, lena.id)));
    const msg = await storedMessage(sent!.id);
    expect(msg!.subject).toBe('Lena Contact writes about her membership');
    expect(msg!.html).toContain('I would like to renew.<br>&lt;b&gt;Thank you&lt;/b&gt;');
    const { renews_on } = await (await request('/user-details', { as: lena })).json<{ renews_on: string }>();
    expect(msg!.text).toContain(`Her membership lapsed on ${formatDate(lapsesOn(renews_on))}.`);
    const to = await deps()
      .db.select({ toEmail: emailDeliveries.toEmail })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.messageId, sent!.id));
    expect(to.map((t) => t.toEmail)).toContain(admin.email);
    expect(to.map((t) => t.toEmail)).not.toContain(lena.email);
  });

  it('refuses a visitor and a note past its length, in words', async () => {
    expect((await request('/api/membership/contact', { body: {} })).status).toBe(401);
    const lena = await lapsedMember();
    const res = await request('/api/membership/contact', { as: lena, body: { message: 'x'.repeat(2001) } });
    expect(res.status).toBe(400);
    expect((await res.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors.message).toEqual([
      'The message must be at most 2,000 characters.',
    ]);
  });
});
