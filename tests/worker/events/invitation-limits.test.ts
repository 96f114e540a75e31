// Invitations (issue 11): a member who already holds a live invitation to the event gets nothing
// new, and the answer names her; a member sends at most 100 invitation emails in any 24 hours,
// and a batch that would pass that is refused whole with a clear message.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tokens } from '../../../src/worker/db/schema/membership';
import { randomToken, sha256Hex } from '../../../src/worker/platform/crypto';
import { deps, mailTo, request, roles, trpc, type TestUser } from '../helpers';
import { createEventAs, type Json } from './events-helpers';

const invite = (as: TestUser, eventId: number, users: TestUser[]) =>
  request('/api/events/invite', { as, body: { eventId, userIds: users.map((u) => u.id) } });

async function invitationsOf(u: TestUser, eventId: number) {
  return deps()
    .db.select()
    .from(tokens)
    .where(and(eq(tokens.userId, u.id), eq(tokens.eventId, eventId), eq(tokens.purpose, 'event_invitation')));
}

/** `count` invitations by `by`, created at `createdAt` (to no one in particular), as if sent earlier. */
async function pastInvitations(by: TestUser, eventId: number, count: number, createdAt: number) {
  const rows = await Promise.all(
    Array.from({ length: count }, async () => ({
      tokenHash: await sha256Hex(randomToken()),
      purpose: 'event_invitation' as const,
      eventId,
      createdBy: by.id,
      expiresAt: createdAt + 14 * 86_400_000,
      createdAt,
    })),
  );
  const db = deps().db;
  // Six values a row; D1 binds at most 100 per statement.
  const chunks = [];
  for (let i = 0; i < rows.length; i += 15) chunks.push(db.insert(tokens).values(rows.slice(i, i + 15)));
  if (chunks.length) await db.batch(chunks as [(typeof chunks)[number], ...(typeof chunks)[number][]]);
}

describe('inviting a member who already holds a live invitation', () => {
  it('sends nothing new to her, invites the others, and says so by name', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { exclusivity: 'invite-only' });
    const [sofia, mei, priya] = await Promise.all([roles.standard(), roles.standard(), roles.standard()]);
    const first = await invite(host, e.id, [sofia]);
    expect(await first.json()).toMatchObject({ invited: 1, already_invited_names: [], message: 'Invitation sent to 1 member.' });

    const second = await invite(host, e.id, [sofia, mei]);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({
      ok: true,
      invited: 1,
      skipped: [sofia.id],
      already_invited_names: [sofia.name],
      message: `Invitation sent to 1 member. ${sofia.name} already has an invitation to this event: nothing new was sent to them.`,
    });
    expect(await mailTo(sofia.email)).toHaveLength(1);
    expect(await mailTo(mei.email)).toHaveLength(1);
    expect(await invitationsOf(sofia, e.id)).toHaveLength(1);

    // Only members who hold one already: a calm answer, nothing sent (tRPC answers the same).
    const again = await trpc('events.invite', { eventId: e.id, userIds: [sofia.id, mei.id] }, { as: host });
    expect(again.status).toBe(200);
    const names = [sofia.name, mei.name].sort();
    expect((await again.json<Json>()).result.data).toMatchObject({
      invited: 0,
      already_invited_names: names,
      message: `${names[0]} and ${names[1]} already have an invitation to this event, so nothing new was sent.`,
    });
    expect(await mailTo(sofia.email)).toHaveLength(1);
    expect(await mailTo(mei.email)).toHaveLength(1);

    // The Invite modal marks them.
    const candidates = (await (await trpc('events.inviteCandidates', { id: e.id }, { as: host, type: 'query' })).json<Json>()).result
      .data as { user_id: number; invited: boolean }[];
    expect(candidates.find((c) => c.user_id === sofia.id)).toMatchObject({ invited: true });
    expect(candidates.find((c) => c.user_id === host.id)).toBeUndefined();
    expect(candidates.find((c) => c.user_id === priya.id)).toMatchObject({ invited: false });
  });

  it('an invitation that expired, or was used by someone who then left, no longer counts as live', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { exclusivity: 'invite-only' });
    const [late, leaver] = await Promise.all([roles.standard(), roles.standard()]);
    await invite(host, e.id, [late, leaver]);
    await deps()
      .db.update(tokens)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(tokens.userId, late.id));
    expect((await request(`/api/events/${e.id}/join`, { method: 'POST', as: leaver })).status).toBe(200);
    expect((await request(`/api/events/${e.id}/leave`, { method: 'DELETE', as: leaver })).status).toBe(200);

    const res = await invite(host, e.id, [late, leaver]);
    expect(await res.json()).toMatchObject({ invited: 2, already_invited_names: [], message: 'Invitation sent to 2 members.' });
    expect(await mailTo(late.email)).toHaveLength(2);
    expect(await invitationsOf(leaver, e.id)).toHaveLength(2);
  });
});

describe('at most 100 invitation emails a day', () => {
  it('refuses a batch that would pass the limit, whole, with 429 and a clear message; counts the last 24 hours only', async () => {
    const host = await roles.travelHost();
    const e = await createEventAs(host, { exclusivity: 'invite-only' });
    const elsewhere = await createEventAs(host);
    const now = Date.now();
    // Yesterday's (more than 24 hours ago) do not count; the last hour's do, on any event.
    await pastInvitations(host, e.id, 40, now - 24 * 3_600_000 - 60_000);
    await pastInvitations(host, elsewhere.id, 95, now - 3_600_000);
    const six = await Promise.all(Array.from({ length: 6 }, () => roles.standard()));

    const refused = await invite(host, e.id, six);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      error: 'You can send up to 100 invitations a day. You can send 5 more today: please choose at most 5 members, or try again tomorrow.',
    });
    // The first of the counted ones leaves the window in about 23 hours.
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(22 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(23 * 3600);
    for (const u of six) {
      expect(await invitationsOf(u, e.id)).toEqual([]);
      expect(await mailTo(u.email)).toEqual([]);
    }

    const five = await invite(host, e.id, six.slice(0, 5));
    expect(five.status).toBe(200);
    expect(await five.json()).toMatchObject({ invited: 5 });

    const full = await invite(host, e.id, six.slice(5));
    expect(full.status).toBe(429);
    expect((await full.json<Json>()).error).toBe('You can send up to 100 invitations a day. Please try again tomorrow.');
    const viaTrpc = await trpc('events.invite', { eventId: elsewhere.id, userIds: [six[5]!.id] }, { as: host });
    expect(viaTrpc.status).toBe(429);
    expect((await viaTrpc.json<Json>()).error.message).toBe('You can send up to 100 invitations a day. Please try again tomorrow.');
    expect(await mailTo(six[5]!.email)).toEqual([]);

    // Re-inviting someone who holds a live invitation sends nothing, so it is no refusal.
    const dup = await invite(host, e.id, six.slice(0, 1));
    expect(dup.status).toBe(200);
    expect(await dup.json()).toMatchObject({ invited: 0, already_invited_names: [six[0]!.name] });

    // The limit is the inviter's own: another host invites freely.
    const other = await roles.founding();
    const theirs = await createEventAs(other);
    expect((await invite(other, theirs.id, six.slice(5))).status).toBe(200);
  });

  it('two batches sent at once cannot pass the limit together', async () => {
    const host = await roles.founding();
    const [a, b] = await Promise.all([createEventAs(host), createEventAs(host)]);
    await pastInvitations(host, a.id, 92, Date.now() - 60_000);
    const [five, others] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => roles.standard())),
      Promise.all(Array.from({ length: 5 }, () => roles.standard())),
    ]);
    const answers = await Promise.all([invite(host, a.id, five), invite(host, b.id, others)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429]);
    const sent = await deps()
      .db.select()
      .from(tokens)
      .where(and(eq(tokens.createdBy, host.id), eq(tokens.purpose, 'event_invitation')));
    expect(sent).toHaveLength(97);
  });
});
