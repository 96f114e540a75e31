// Issue 24, the lapsed gate (DECISIONS "Membership terms"): a lapsed member keeps her own account
// (sign-in, Settings, her data, deletion) and nothing else. Every members' route and procedure is
// enumerated from the app itself (Hono's route table and the tRPC router), so one added later is
// covered without anyone naming it here: whatever answers a visitor 401 answers a lapsed member
// 403 MEMBERSHIP_LAPSED, unless it is on the one allow-list.
import { describe, expect, it } from 'vitest';
import { addDays, lapsedMessage } from '../../../src/shared/membership-term';
import { app } from '../../../src/worker/app';
import { LAPSED_MEMBER_KEEPS, procedureKeptWhileLapsed, routeKeptWhileLapsed } from '../../../src/worker/platform/lapsed-gate';
import { appRouter } from '../../../src/worker/router';
import { createUser, loginThrough, request, TEST_PASSWORD, trpc, type TestUser } from '../helpers';
import { lapsedMember, memberRenewedDaysAgo, setTerm, today } from './terms-helpers';

/** Every REST route of the app as METHOD and a concrete path (parameters filled with 1). */
function restRoutes(): { method: string; path: string; route: string }[] {
  const seen = new Set<string>();
  const out: { method: string; path: string; route: string }[] = [];
  for (const r of app.routes) {
    if (r.method === 'ALL' || r.path === '/*' || r.path.startsWith('/trpc')) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, route: r.path, path: r.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, '1').replace(/\*$/, 'x') });
  }
  return out;
}

/** Every tRPC procedure by path and type. */
function procedures(): { path: string; type: 'query' | 'mutation' }[] {
  const record = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: 'query' | 'mutation' } }> } })._def
    .procedures;
  return Object.entries(record).map(([path, p]) => ({ path, type: p._def.type }));
}

async function callRest(r: { method: string; path: string }, as: TestUser | null) {
  const body = r.method === 'GET' || r.method === 'HEAD' ? undefined : {};
  const res = await request(r.path, { method: r.method, body, as });
  const text = res.headers.get('Content-Type')?.includes('json') ? await res.text() : (await res.arrayBuffer(), '');
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code, text };
}

async function callProcedure(p: { path: string; type: 'query' | 'mutation' }, as: TestUser | null) {
  const res =
    p.type === 'query' ? await request(`/trpc/${p.path}`, { as }) : await request(`/trpc/${p.path}`, { method: 'POST', body: {}, as });
  const body = await res.json<{ error?: { message: string; data?: { appCode?: string } } }>();
  return { status: res.status, appCode: body.error?.data?.appCode, message: body.error?.message };
}

describe('a lapsed member', () => {
  it('gets 403 MEMBERSHIP_LAPSED from every members’ REST route but her own account’s', async () => {
    const lapsed = await lapsedMember();
    const message = lapsedMessage(addDays(today(), -45));
    const routes = restRoutes();
    const refused: string[] = [];
    const kept: string[] = [];
    for (const r of routes) {
      const visitor = await callRest(r, null);
      const isKept = routeKeptWhileLapsed(r.method, r.path);
      if (visitor.status !== 401 && !isKept) continue;
      const answer = await callRest(r, lapsed);
      if (isKept) {
        expect(answer.code, `${r.method} ${r.route}`).not.toBe('MEMBERSHIP_LAPSED');
        // A kept GET keeps its HEAD (her photo's bytes): the list names the GET.
        kept.push(`${r.method === 'HEAD' ? 'GET' : r.method} ${r.route}`);
      } else {
        // A HEAD answer has no body to carry the code: its status says it.
        const head = r.method === 'HEAD';
        expect({ route: `${r.method} ${r.route}`, status: answer.status, code: head ? 'MEMBERSHIP_LAPSED' : answer.code }).toEqual({
          route: `${r.method} ${r.route}`,
          status: 403,
          code: 'MEMBERSHIP_LAPSED',
        });
        if (!head) expect(JSON.parse(answer.text).error).toBe(message);
        refused.push(`${r.method} ${r.route}`);
      }
    }
    // The enumeration is real: the members' and admins' routes of the app, and every kept one.
    expect(refused.length).toBeGreaterThan(40);
    expect(refused).toEqual(expect.arrayContaining(['GET /api/events', 'POST /api/comments', 'GET /api/users', 'POST /upload-image']));
    expect([...new Set(kept)].sort()).toEqual([...LAPSED_MEMBER_KEEPS.routes].sort());
  });

  it('gets MEMBERSHIP_LAPSED from every members’ tRPC procedure but her own account’s', async () => {
    const lapsed = await lapsedMember();
    const refused: string[] = [];
    const kept: string[] = [];
    for (const p of procedures()) {
      const visitor = await callProcedure(p, null);
      const isKept = procedureKeptWhileLapsed(p.path);
      if (visitor.status !== 401 && !isKept) continue;
      const answer = await callProcedure(p, lapsed);
      if (isKept) {
        expect(answer.appCode, p.path).not.toBe('MEMBERSHIP_LAPSED');
        kept.push(p.path);
      } else {
        expect({ path: p.path, status: answer.status, appCode: answer.appCode }).toEqual({
          path: p.path,
          status: 403,
          appCode: 'MEMBERSHIP_LAPSED',
        });
        refused.push(p.path);
      }
    }
    expect(refused.length).toBeGreaterThan(40);
    expect(refused).toEqual(expect.arrayContaining(['events.list', 'comments.create', 'admin.users.list']));
    expect(kept.sort()).toEqual([...LAPSED_MEMBER_KEEPS.procedures].sort());
  });

  it('keeps her own account in a batch that mixes kept and refused procedures', async () => {
    const lapsed = await lapsedMember();
    const res = await request('/trpc/auth.details,events.list?batch=1&input=%7B%7D', { as: lapsed });
    const [details, events] = await res.json<{ result?: { data: { status: string } }; error?: { data: { appCode: string } } }[]>();
    expect(details!.result!.data.status).toBe('lapsed');
    expect(events!.error!.data.appCode).toBe('MEMBERSHIP_LAPSED');
  });

  it('can still sign in, change her name, download her data and delete her account', async () => {
    const lapsed = await lapsedMember();
    expect((await loginThrough(lapsed)).status).toBe(200);
    expect((await request('/update-user', { body: { name: 'Still Me' }, as: lapsed })).status).toBe(200);
    const exported = await request('/api/account/export', { as: lapsed });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('Content-Type')).toBe('application/zip');
    await exported.arrayBuffer();
    const deleted = await request('/api/account', { method: 'DELETE', body: { password: TEST_PASSWORD }, as: lapsed });
    expect(deleted.status).toBe(200);
  });

  it('finds her calendar feed closed (its token needs no session, the gate still holds), and open again once renewed', async () => {
    const member = await memberRenewedDaysAgo(10);
    const url = (await (await trpc('events.regenerateCalendarFeed', {}, { as: member })).json<{ result: { data: { url: string } } }>())
      .result.data.url;
    const path = new URL(url).pathname;
    expect((await request(path)).status).toBe(200);
    await setTerm(member, { renews_on: addDays(today(), -45) });
    const refused = await request(path);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'MEMBERSHIP_LAPSED', error: lapsedMessage(addDays(today(), -45)) });
    await setTerm(member, { renews_on: addDays(today(), 300) });
    expect((await request(path)).status).toBe(200);
  });
});

describe('who is not gated', () => {
  it('lets an active member and a member in grace through, and never stops an admin', async () => {
    const active = await createUser();
    const grace = await memberRenewedDaysAgo(29);
    const admin = await createUser({ admin: true });
    await setTerm(admin, { renews_on: '2020-01-01' });
    for (const u of [active, grace, admin]) expect((await request('/api/events', { as: u })).status).toBe(200);
    expect((await request('/api/users', { as: admin })).status).toBe(200);
    const status = await (await request('/auth-status', { as: admin })).json<{ user: { status: string } }>();
    expect(status.user.status).toBe('active');
  });

  it('stops a member the day her grace ends, not the day before', async () => {
    const lastGraceDay = await memberRenewedDaysAgo(29);
    const firstLapsedDay = await memberRenewedDaysAgo(30);
    expect((await request('/api/events', { as: lastGraceDay })).status).toBe(200);
    expect((await request('/api/events', { as: firstLapsedDay })).status).toBe(403);
  });
});
