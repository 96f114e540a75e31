// The Audit log screen's service (issue 11 "Admins see what happened"): admin-only, newest first,
// keyset pages that neither skip nor repeat, the two filters and their choices, the names of
// who and of whom, details without secrets, and the entries of session ends and 2FA.
import { env } from 'cloudflare:workers';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditLogEntryView, AuditLogFilters, AuditLogPage } from '../../../src/shared/schemas/audit-log';
import { AuditLogListInputSchema } from '../../../src/shared/schemas/audit-log';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { rosterImports } from '../../../src/worker/db/schema/roster-imports';
import {
  auditLogFilters,
  auditLogPageQuery,
  DISTINCT_ACTIONS_SQL,
  DISTINCT_ACTORS_SQL,
  listAuditLog,
} from '../../../src/worker/modules/admin/audit-log';
import { hotp, timeStep } from '../../../src/worker/modules/auth/totp';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { encodeCursor } from '../../../src/worker/platform/keyset';
import { createEventAs, eventPayload } from '../events/events-helpers';
import { actorOf, createUser, deps, loginThrough, request, trpc, type TestUser } from '../helpers';
import { expectPageInputChecked, restPageOf, rowsRead, walkLinks } from '../pages';
import { expectIndexed, planOf } from '../query-plan';

const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function page(as: TestUser | null, query: Record<string, string | number | undefined> = {}) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, String(v));
  return request(`/api/admin/audit-log${qs.size ? `?${qs}` : ''}`, { as });
}

async function pageOf(as: TestUser, query: Record<string, string | number | undefined> = {}): Promise<AuditLogPage> {
  const res = await page(as, query);
  expect(res.status).toBe(200);
  return restPageOf<AuditLogEntryView>(res);
}

/** Every entry a filter selects, walked page by page. */
async function walk(as: TestUser, query: Record<string, string | number | undefined>) {
  const items: AuditLogEntryView[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard += 1) {
    const p = await pageOf(as, { ...query, cursor });
    items.push(...p.items);
    sizes.push(p.items.length);
    if (p.nextCursor === null) return { items, sizes };
    cursor = p.nextCursor;
  }
  throw new Error('the pages did not end');
}

/** Rows written straight into audit_log (the services write them the same way). */
async function insertEntries(actorId: number, n: number, action = 'event.update') {
  const base = Date.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    actorId,
    action,
    targetType: 'event',
    targetId: '999999',
    details: { title: `Seeded ${i}` },
    createdAt: base + i,
  }));
  // At most 100 bound parameters a statement: 14 rows of 7 columns.
  for (let i = 0; i < rows.length; i += 14)
    await deps()
      .db.insert(auditLog)
      .values(rows.slice(i, i + 14));
}

const actor = actorOf;

describe('who may read the audit log', () => {
  it('answers a visitor 401 and a member 403, REST and tRPC, list and filters', async () => {
    const member = await createUser();
    expect((await page(null)).status).toBe(401);
    expect((await page(member)).status).toBe(403);
    expect((await request('/api/admin/audit-log/filters')).status).toBe(401);
    expect((await request('/api/admin/audit-log/filters', { as: member })).status).toBe(403);
    expect((await trpc('admin.auditLog.list', {}, { type: 'query' })).status).toBe(401);
    expect((await trpc('admin.auditLog.list', {}, { as: member, type: 'query' })).status).toBe(403);
    expect((await trpc('admin.auditLog.filters', undefined, { as: member, type: 'query' })).status).toBe(403);
  });

  it('refuses an admin without 2FA like every admin-only call', async () => {
    const admin = await createUser({ admin: true, twoFactor: false });
    const res = await page(admin);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
  });

  it('answers an admin, the same over tRPC', async () => {
    const admin = await createUser({ admin: true });
    await insertEntries(admin.id, 3);
    const rest = await pageOf(admin, { actor_id: admin.id });
    const res = await trpc('admin.auditLog.list', { actor_id: admin.id }, { as: admin, type: 'query' });
    expect(res.status).toBe(200);
    expect((await res.json<{ result: { data: AuditLogPage } }>()).result.data).toEqual(rest);
    expect(rest.items).toHaveLength(3);
  });
});

describe('pages', () => {
  it('lists newest first, 30 a page by default, with no entry skipped or repeated', async () => {
    const admin = await createUser({ admin: true });
    await insertEntries(admin.id, 75);
    const { items, sizes } = await walk(admin, { actor_id: admin.id });
    expect(sizes).toEqual([30, 30, 15]);
    const ids = items.map((i) => i.id);
    expect(new Set(ids).size).toBe(75);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(items[0]!.details).toEqual([{ label: 'Title', value: 'Seeded 74' }]);
    expect(items.at(-1)!.details).toEqual([{ label: 'Title', value: 'Seeded 0' }]);
  });

  it('walks the whole log unfiltered in pages of a chosen size, exactly once each', async () => {
    const admin = await createUser({ admin: true });
    await insertEntries(admin.id, 40);
    const { items, sizes } = await walk(admin, { limit: 7 });
    const [{ total }] = await deps().db.select({ total: count() }).from(auditLog);
    expect(items).toHaveLength(total!);
    expect(new Set(items.map((i) => i.id)).size).toBe(total);
    expect(sizes.slice(0, -1).every((n) => n === 7)).toBe(true);
    const ids = items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('follows the Link header to the end, with the same pages as nextCursor', async () => {
    const admin = await createUser({ admin: true });
    await insertEntries(admin.id, 5);
    const { items } = await walkLinks<AuditLogEntryView>(admin, `/api/admin/audit-log?actor_id=${admin.id}&limit=2`);
    expect(items.map((i) => i.id)).toEqual((await walk(admin, { actor_id: admin.id, limit: 2 })).items.map((i) => i.id));
    expect(items).toHaveLength(5);
  });

  it('takes 1 to 100 a page and refuses a cursor that is not its own', async () => {
    const admin = await createUser({ admin: true });
    await insertEntries(admin.id, 2);
    expect((await pageOf(admin, { limit: 100 })).items.length).toBeLessThanOrEqual(100);
    // An id, as the cursor used to be, is no cursor now.
    await expectPageInputChecked(admin, '/api/admin/audit-log', [encodeCursor(['1']), encodeCursor([1, 2]), '50']);
    expect((await page(admin, { action: "x'; drop table" })).status).toBe(400);
  });

  it('costs one D1 round trip a page', async () => {
    const admin = await createUser({ admin: true });
    await insertEntries(admin.id, 5);
    for (const input of [{}, { actor_id: admin.id }, { action: 'event.update', cursor: encodeCursor([10 ** 9]) }]) {
      const counted = countingDeps(deps());
      await listAuditLog(counted.deps, actor(admin), AuditLogListInputSchema.parse(input));
      expect(counted.roundTrips()).toBe(1);
    }
  });

  it('is served by an index for each filter, in order (EXPLAIN QUERY PLAN), reading no more than the page', async () => {
    const joins = (p: string) =>
      expect(p).not.toMatch(
        /SCAN (actor_user|target_user|detail_user|events|applications|images|email_messages|homes|circles|roster_imports)\b/,
      );
    const byAction = await planOf(auditLogPageQuery(deps(), { action: 'session.end' }, 50, 30));
    expectIndexed(byAction, [/SEARCH audit_log USING (COVERING )?INDEX audit_log_action_idx \(action=\? AND id<\?\)/]);
    const byActor = await planOf(auditLogPageQuery(deps(), { actor_id: 3 }, undefined, 30));
    expectIndexed(byActor, [/SEARCH audit_log USING (COVERING )?INDEX audit_log_actor_idx \(actor_id=\?\)/]);
    const after = await planOf(auditLogPageQuery(deps(), {}, 50, 30));
    expectIndexed(after, [/SEARCH audit_log USING INTEGER PRIMARY KEY \(rowid<\?\)/]);
    // The first unfiltered page walks the table's own b-tree (the rowid is its key) from its end:
    // SQLite calls that SCAN, and with nothing to sort it stops after the page.
    const first = await planOf(auditLogPageQuery(deps(), {}, undefined, 30));
    expect(first).toMatch(/^SCAN audit_log$/m);
    expect(first).not.toMatch(/USE TEMP B-TREE/);
    for (const p of [byAction, byActor, after, first]) joins(p);
    const admin = await createUser({ admin: true });
    await insertEntries(admin.id, 60);
    // Each entry of the page and its ten primary-key joins, not the whole log.
    for (const filter of [{}, { actor_id: admin.id }]) {
      expect(await rowsRead(auditLogPageQuery(deps(), filter, undefined, 5))).toBeLessThanOrEqual(6 * 11);
    }
  });
});

describe('filters', () => {
  it('by action, by admin, and both', async () => {
    const a = await createUser({ admin: true });
    const b = await createUser({ admin: true });
    await insertEntries(a.id, 4, 'event.update');
    await insertEntries(a.id, 2, 'image.delete');
    await insertEntries(b.id, 3, 'image.delete');

    const byA = await pageOf(a, { actor_id: a.id });
    expect(byA.items).toHaveLength(6);
    expect(byA.items.every((i) => i.actor?.id === a.id && i.actor.name === a.name)).toBe(true);

    const deletes = (await walk(a, { action: 'image.delete' })).items;
    expect(deletes.every((i) => i.action === 'image.delete' && i.label === 'Deleted an image')).toBe(true);
    expect(deletes.filter((i) => i.actor?.id === a.id || i.actor?.id === b.id)).toHaveLength(5);

    const both = await pageOf(a, { action: 'image.delete', actor_id: b.id });
    expect(both.items).toHaveLength(3);
    expect(both.items.every((i) => i.actor?.id === b.id && i.action === 'image.delete')).toBe(true);

    // Empty parameters mean no filter.
    expect((await pageOf(a, { action: '', actor_id: a.id })).items).toHaveLength(6);
  });

  it('offers the actions and the people in the log, labelled and sorted', async () => {
    const a = await createUser({ admin: true, name: 'Aaa Filter Admin' });
    await insertEntries(a.id, 1, 'invitation_code.revoke');
    const res = await request('/api/admin/audit-log/filters', { as: a });
    expect(res.status).toBe(200);
    const filters = await res.json<AuditLogFilters>();
    expect(filters.actions).toContainEqual({ action: 'invitation_code.revoke', label: 'Revoked an invitation code' });
    expect(new Set(filters.actions.map((x) => x.action)).size).toBe(filters.actions.length);
    const labels = filters.actions.map((x) => x.label);
    expect(labels).toEqual([...labels].sort((x, y) => x.localeCompare(y)));
    expect(filters.actors).toContainEqual({ id: a.id, name: a.name });
    expect(new Set(filters.actors.map((x) => x.id)).size).toBe(filters.actors.length);
    const viaTrpc = await trpc('admin.auditLog.filters', undefined, { as: a, type: 'query' });
    expect((await viaTrpc.json<{ result: { data: AuditLogFilters } }>()).result.data).toEqual(filters);
  });

  it('finds them with one round trip of index seeks, not a read of every entry', async () => {
    const a = await createUser({ admin: true });
    await insertEntries(a.id, 20);
    const counted = countingDeps(deps());
    await auditLogFilters(counted.deps, actor(a));
    expect(counted.roundTrips()).toBe(1);
    const plan = async (query: string) =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results.map((r) => r.detail).join('\n');
    const actions = await plan(DISTINCT_ACTIONS_SQL);
    expect(actions).toMatch(/audit_log USING COVERING INDEX audit_log_action_idx \(action>\?\)/);
    expect(actions).not.toMatch(/SCAN audit_log\b/);
    const actors = await plan(DISTINCT_ACTORS_SQL);
    expect(actors).toMatch(/audit_log USING COVERING INDEX audit_log_actor_idx \(actor_id>\?\)/);
    expect(actors).not.toMatch(/SCAN audit_log\b/);
  });
});

describe('what an entry says', () => {
  it('names who and on whom: a member reset by an admin, an event edited by an admin', async () => {
    const admin = await createUser({ admin: true });
    const member = await createUser({ name: 'Reset Target Person', type: 'Founding' });
    const event = await createEventAs(member, { title: 'Audit Supper Club' });
    // (The reset ends her sessions: her event is made first.)
    expect((await request(`/api/users/${member.id}/reset-password-to-temp`, { method: 'PUT', as: admin })).status).toBe(200);
    const edit = await request(`/api/events/${event.id}`, {
      method: 'PUT',
      as: admin,
      body: eventPayload({ title: 'Audit Supper Club (moved)' }),
    });
    expect(edit.status).toBe(200);

    const { items } = await pageOf(admin, { actor_id: admin.id });
    const reset = items.find((i) => i.action === 'user.reset_password')!;
    expect(reset).toMatchObject({
      actor: { id: admin.id, name: admin.name },
      label: 'Reset a password',
      target: { type: 'user', type_label: 'Member', id: String(member.id), name: 'Reset Target Person' },
    });
    expect(reset.at).toMatch(/Z$/);
    expect(Math.abs(Date.parse(reset.at) - Date.now())).toBeLessThan(60_000);
    const edited = items.find((i) => i.action === 'event.update')!;
    expect(edited.target).toMatchObject({ type: 'event', type_label: 'Event', name: 'Audit Supper Club (moved)' });
  });

  it("says its labels in the admin's language (issue 41); what was written stays as written", async () => {
    const admin = await createUser({ admin: true });
    const event = await createEventAs(admin, { title: 'Souper des archives' });
    expect((await request(`/api/events/${event.id}`, { method: 'DELETE', as: admin })).status).toBeLessThan(300);
    const res = await request(`/api/admin/audit-log?actor_id=${admin.id}`, { as: admin, headers: { 'Accept-Language': 'fr' } });
    expect(res.headers.get('Content-Language')).toBe('fr');
    const deleted = (await res.json<AuditLogEntryView[]>()).find((i) => i.action === 'event.delete')!;
    expect(deleted).toMatchObject({ label: 'A supprimé un événement', target: { type_label: 'Événement', name: 'Souper des archives' } });
    const filters = await request('/api/admin/audit-log/filters', { as: admin, headers: { 'Accept-Language': 'fr' } });
    expect((await filters.json<AuditLogFilters>()).actions).toContainEqual({ action: 'event.delete', label: 'A supprimé un événement' });
  });

  it('keeps the name of what is gone from its details, and shows no secret', async () => {
    const admin = await createUser({ admin: true });
    await deps()
      .db.insert(auditLog)
      .values({
        actorId: admin.id,
        action: 'event.delete',
        targetType: 'event',
        targetId: '987654',
        details: { title: 'A Deleted Gala', password: 'hunter2-secret', resetToken: 'tok-xyz', tempPassword: 'p', note: 'kept' },
        createdAt: Date.now(),
      });
    const [entry] = (await pageOf(admin, { actor_id: admin.id, action: 'event.delete' })).items;
    expect(entry!.target).toMatchObject({ name: 'A Deleted Gala', type_label: 'Event' });
    expect(entry!.details).toEqual([
      { label: 'Title', value: 'A Deleted Gala' },
      { label: 'Note', value: 'kept' },
    ]);
    const raw = await (await page(admin, { actor_id: admin.id })).text();
    for (const secret of ['hunter2-secret', 'tok-xyz']) expect(raw).not.toContain(secret);
  });
});

describe('names, not ids (issue 46, point 14)', () => {
  it('names a roster import by its day and rows, links what still exists, and shows a member named in the details by name', async () => {
    const admin = await createUser({ admin: true });
    const host = await createUser({ name: 'Hana Hostname' });
    const [imported] = await deps()
      .db.insert(rosterImports)
      .values({
        createdBy: admin.id,
        fileName: 'roster.csv',
        counts: { new: 4, exists: 1, pending: 0, duplicate: 0, invalid: 1 },
        unknownColumns: [],
        createdAt: Date.UTC(2026, 10, 27, 9),
      })
      .returning({ id: rosterImports.id });
    const at = Date.now();
    await deps()
      .db.insert(auditLog)
      .values([
        {
          actorId: admin.id,
          action: 'roster.import',
          targetType: 'roster_import',
          targetId: String(imported!.id),
          details: {},
          createdAt: at,
        },
        {
          actorId: admin.id,
          action: 'home.delete',
          targetType: 'home',
          targetId: '99887',
          details: { title: 'Gone Cottage', hostId: host.id },
          createdAt: at,
        },
        { actorId: admin.id, action: 'user.privilege', targetType: 'user', targetId: String(host.id), details: {}, createdAt: at },
      ]);
    const { items } = await pageOf(admin, { actorId: admin.id });
    const byAction = (a: string) => items.find((i) => i.action === a)!;
    expect(byAction('roster.import').target).toMatchObject({
      name: 'Roster import of Nov 27, 2026 (6 rows)',
      path: `/admin/imports/${imported!.id}`,
    });
    // A deleted home: its title from the details, no link; its host by name, never "Host id: 8".
    expect(byAction('home.delete').target).toMatchObject({ name: 'Gone Cottage', path: null });
    expect(byAction('home.delete').details).toEqual([
      { label: 'Title', value: 'Gone Cottage' },
      { label: 'Host', value: 'Hana Hostname' },
    ]);
    expect(byAction('user.privilege').target).toMatchObject({ name: 'Hana Hostname', path: `/members/${host.id}` });
  });
});

describe('sign-ins with 2FA, 2FA changes and session ends are in it', () => {
  it('records a member turning 2FA on and off, an admin signing in with 2FA, and session ends', async () => {
    const admin = await createUser({ admin: true });
    const member = await createUser();

    // The member turns 2FA on (the set-up flow's code from its secret), then off again.
    const setup = await (await request('/api/account/2fa/setup', { method: 'POST', as: member })).json<{ secret: string }>();
    const step = timeStep(Date.now());
    const on = await request('/api/account/2fa/enable', { body: { code: await hotp(setup.secret, step) }, as: member });
    expect(on.status).toBe(200);
    const off = await request('/api/account/2fa/disable', {
      body: { password: 'correct horse battery', code: await hotp(setup.secret, step + 1) },
      as: member,
    });
    expect(off.status).toBe(200);

    // The admin signs in with her code, then ends her other sessions.
    const signedIn = await loginThrough(admin, { ip: ip() });
    expect(signedIn.status).toBe(200);
    const second = await request('/api/account/sessions', { as: member });
    const [memberSession] = (await second.json<{ sessions: { id: string }[] }>()).sessions;
    expect((await request(`/api/account/sessions/${memberSession!.id}`, { method: 'DELETE', as: member })).status).toBe(200);
    expect((await request('/api/account/sessions/end-others', { method: 'POST', as: admin })).status).toBe(200);

    const ofMember = (await pageOf(admin, { actor_id: member.id })).items;
    expect(ofMember.map((i) => i.action)).toEqual(['session.end', 'two_factor.disable', 'two_factor.enable']);
    expect(ofMember.map((i) => i.label)).toEqual(['Ended a session', 'Turned off two-factor sign-in', 'Turned on two-factor sign-in']);
    expect(ofMember[0]!.target).toMatchObject({ type: 'user', name: member.name });
    expect(ofMember[1]!.details).toEqual([{ label: 'Second factor', value: 'Authenticator app' }]);

    const ofAdmin = (await pageOf(admin, { actor_id: admin.id })).items;
    expect(ofAdmin.map((i) => i.action)).toEqual(['session.end_others', 'auth.sign_in_two_factor']);
    expect(ofAdmin[1]).toMatchObject({
      label: 'Signed in with two-factor',
      target: { name: admin.name },
      details: [{ label: 'Second factor', value: 'Authenticator app' }],
    });

    // And the filters offer them.
    const filters = await (await request('/api/admin/audit-log/filters', { as: admin })).json<AuditLogFilters>();
    for (const action of ['session.end', 'session.end_others', 'two_factor.enable', 'two_factor.disable', 'auth.sign_in_two_factor']) {
      expect(filters.actions.map((a) => a.action)).toContain(action);
    }
    const sessionEnds = (await walk(admin, { action: 'session.end' })).items;
    expect(sessionEnds.some((i) => i.actor?.id === member.id)).toBe(true);
    expect(sessionEnds.every((i) => i.action === 'session.end')).toBe(true);
  });

  it('ending a session writes nothing when it fails', async () => {
    const member = await createUser();
    const res = await request(`/api/account/sessions/${'0'.repeat(32)}`, { method: 'DELETE', as: member });
    expect(res.status).toBe(404);
    const rows = await deps().db.select().from(auditLog).where(eq(auditLog.actorId, member.id));
    expect(rows).toHaveLength(0);
  });
});
