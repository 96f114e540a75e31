// Homes (issue 16): who creates, edits, deletes, hides; who sees the exact address; browse
// filters and keyset pages; the application's property drafted as the first home.
import { describe, expect, it } from 'vitest';
import type { HomeCard, HomeView } from '../../../src/shared/schemas/homes';
import { restPageOf } from '../pages';
import { properties } from '../../../src/worker/db/schema/users';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { eq, and } from 'drizzle-orm';
import { deps, request, roles, trpc, unique, type TestUser } from '../helpers';
import { createHome, day, homeFields, newStay, patchStay } from './homes-helpers';

type Role = keyof typeof roles;
const everyone = async () => {
  const [visitor, standard, founding, owner, otherHost, admin] = await Promise.all([
    roles.visitor(),
    roles.standard(),
    roles.founding(),
    roles.travelHost(),
    roles.travelHost(),
    roles.admin(),
  ]);
  return { visitor, standard, founding, owner: owner, otherHost: otherHost, admin };
};

const browse = (as: TestUser | null, query: string) => request(`/api/homes?${query}`, { as });

describe('creating a home', () => {
  it('is for Travel Hosts and admins only (REST and tRPC)', async () => {
    const expected: Record<Role, number> = { visitor: 401, standard: 403, founding: 403, travelHost: 201, admin: 201 };
    for (const role of Object.keys(expected) as Role[]) {
      const as = await roles[role]();
      const res = await request('/api/homes', { as, body: homeFields() });
      expect(res.status, role).toBe(expected[role]);
      const viaTrpc = await trpc('homes.create', homeFields(), { as });
      expect(viaTrpc.status, `tRPC ${role}`).toBe(expected[role] === 201 ? 200 : expected[role]);
    }
  });

  it('validates the fields: required ones, window order, overlapping windows, unknown amenity', async () => {
    const host = await roles.travelHost();
    const bad = [
      homeFields({ city: '' }),
      homeFields({ availability: [{ start: day(20), end: day(10) }] }),
      homeFields({
        availability: [
          { start: day(10), end: day(30) },
          { start: day(20), end: day(40) },
        ],
      }),
      homeFields({ amenities: ['Helipad'] as never }),
      homeFields({ max_guests: 0 }),
    ];
    for (const body of bad) {
      const res = await request('/api/homes', { as: host, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('browsing and the exact address', () => {
  it('every member browses listed homes by country (any case); visitors get 401; can_edit only for host and admin', async () => {
    const p = await everyone();
    const home = await createHome(p.owner);
    expect(home.state).toBe('listed');
    expect((await browse(p.visitor, `country=${home.country}`)).status).toBe(401);
    for (const [name, as] of Object.entries(p).filter(([n]) => n !== 'visitor')) {
      const res = await browse(as, `country=${encodeURIComponent(home.country.toUpperCase())}`);
      expect(res.status, name).toBe(200);
      const page = await restPageOf<HomeCard>(res);
      expect(
        page.items.map((h) => h.id),
        name,
      ).toEqual([home.id]);
      expect(page.items[0]!.can_edit, name).toBe(name === 'owner' || name === 'admin');
      expect(JSON.stringify(page), name).not.toContain(home.address!);
    }
  });

  it('shows the address to the host, admins and a guest with an accepted stay only', async () => {
    const p = await everyone();
    const home = await createHome(p.owner);
    const address = home.address!;
    const seen: Record<string, string | null> = {};
    for (const [name, as] of Object.entries(p).filter(([n]) => n !== 'visitor')) {
      const view = await (await request(`/api/homes/${home.id}`, { as })).json<HomeView>();
      seen[name] = view.address;
      expect(view.can_see_address, name).toBe(view.address !== null);
      expect(view.can_request, name).toBe(name !== 'owner');
      expect(view.can_edit, name).toBe(name === 'owner' || name === 'admin');
      expect(view.can_hide, name).toBe(name === 'admin');
    }
    expect(seen).toEqual({ standard: null, founding: null, owner: address, otherHost: null, admin: address });
    expect((await request(`/api/homes/${home.id}`, { as: p.visitor })).status).toBe(401);

    // A pending request reveals nothing; the accept does.
    const stay = await newStay(p.standard, home.id, day(12), day(15));
    expect(stay.home.address).toBeNull();
    expect((await (await request(`/api/homes/${home.id}`, { as: p.standard })).json<HomeView>()).address).toBeNull();
    expect((await patchStay(p.owner, stay.id, 'accepted')).status).toBe(200);
    const after = await (await request(`/api/homes/${home.id}`, { as: p.standard })).json<HomeView>();
    expect(after.address).toBe(address);
    expect(after.booked).toEqual([{ start: day(12), end: day(15) }]);
    // Someone else still does not see it.
    expect((await (await request(`/api/homes/${home.id}`, { as: p.founding })).json<HomeView>()).address).toBeNull();
    // Over tRPC too.
    const viaTrpc = await (
      await trpc('homes.get', { id: home.id }, { as: p.founding, type: 'query' })
    ).json<{ result: { data: HomeView } }>();
    expect(viaTrpc.result.data.address).toBeNull();
  });

  it('filters by dates (a window holds them, no accepted stay overlaps) and by guests', async () => {
    const host = await roles.travelHost();
    const guest = await roles.standard();
    const country = unique('Land');
    const a = await createHome(host, { country, availability: [{ start: day(10), end: day(40) }], max_guests: 2 });
    const b = await createHome(host, { country, availability: [{ start: day(30), end: day(80) }], max_guests: 5 });
    const ids = async (q: string) => (await restPageOf<HomeCard>(await browse(guest, `country=${country}&${q}`))).items.map((h) => h.id);
    expect(await ids(`from=${day(12)}&to=${day(20)}`)).toEqual([a.id]);
    expect(await ids(`from=${day(32)}&to=${day(38)}`)).toEqual([b.id, a.id]);
    expect(await ids(`from=${day(35)}&to=${day(45)}`)).toEqual([b.id]);
    expect(await ids('guests=4')).toEqual([b.id]);
    const stay = await newStay(guest, a.id, day(30), day(35));
    expect((await patchStay(host, stay.id, 'accepted')).status).toBe(200);
    expect(await ids(`from=${day(32)}&to=${day(38)}`)).toEqual([b.id]);
    expect((await browse(guest, `from=${day(5)}`)).status).toBe(400);
  });

  it('pages by keyset, one D1 round trip per page', async () => {
    const host = await roles.travelHost();
    const country = unique('Land');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createHome(host, { country }));
    const first = await browse(host, `country=${country}&limit=2`);
    expect(first.headers.get('Server-Timing')).toContain('D1 round trips: 1');
    const p1 = await restPageOf<HomeCard>(first);
    expect(p1.items.map((h) => h.id)).toEqual([made[2]!.id, made[1]!.id]);
    const p2 = await restPageOf<HomeCard>(await browse(host, `country=${country}&limit=2&cursor=${p1.nextCursor}`));
    expect(p2.items.map((h) => h.id)).toEqual([made[0]!.id]);
    expect(p2.nextCursor).toBeNull();
    expect((await browse(host, 'limit=101')).status).toBe(400);
  });
});

describe('editing, deleting, hiding', () => {
  it('only the host or an admin edits (an admin’s edit is audited)', async () => {
    const p = await everyone();
    const home = await createHome(p.owner);
    const expected = { visitor: 401, standard: 403, founding: 403, otherHost: 403, owner: 200, admin: 200 };
    for (const [name, status] of Object.entries(expected)) {
      const as = p[name as keyof typeof p];
      const res = await request(`/api/homes/${home.id}`, {
        method: 'PUT',
        as,
        body: homeFields({ title: `By ${name}`, country: home.country }),
      });
      expect(res.status, name).toBe(status);
    }
    const view = await (await request(`/api/homes/${home.id}`, { as: p.owner })).json<HomeView>();
    expect(view.title).toBe('By admin');
    const audit = await deps()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'home.update'), eq(auditLog.targetId, String(home.id))));
    expect(audit.map((a) => a.actorId)).toEqual([p.admin!.id]);
  });

  it('only the host or an admin deletes; a home with an accepted stay to come is kept', async () => {
    const p = await everyone();
    const home = await createHome(p.owner);
    for (const name of ['standard', 'founding', 'otherHost'] as const) {
      expect((await request(`/api/homes/${home.id}`, { method: 'DELETE', as: p[name] })).status, name).toBe(403);
    }
    const stay = await newStay(p.standard, home.id, day(12), day(14));
    await patchStay(p.owner, stay.id, 'accepted');
    expect((await request(`/api/homes/${home.id}`, { method: 'DELETE', as: p.owner })).status).toBe(409);
    await patchStay(p.owner, stay.id, 'cancelled');
    expect((await request(`/api/homes/${home.id}`, { method: 'DELETE', as: p.owner })).status).toBe(200);
    expect((await request(`/api/homes/${home.id}`, { as: p.owner })).status).toBe(404);

    const other = await createHome(p.otherHost!);
    expect((await request(`/api/homes/${other.id}`, { method: 'DELETE', as: p.admin })).status).toBe(200);
  });

  it('admins hide a home: gone from browsing and for other members, kept for its host; members cannot hide', async () => {
    const p = await everyone();
    const home = await createHome(p.owner);
    expect((await trpc('homes.setHidden', { id: home.id, hidden: true }, { as: p.owner })).status).toBe(403);
    const hidden = await trpc('homes.setHidden', { id: home.id, hidden: true }, { as: p.admin });
    expect(hidden.status).toBe(200);
    expect((await restPageOf<HomeCard>(await browse(p.standard, `country=${home.country}`))).items).toEqual([]);
    expect((await request(`/api/homes/${home.id}`, { as: p.standard })).status).toBe(404);
    expect(await requestStayStatus(p.standard, home.id)).toBe(404);
    const own = await (await request(`/api/homes/${home.id}`, { as: p.owner })).json<HomeView>();
    expect(own.state).toBe('hidden');
    const all = await restPageOf<HomeCard>(await browse(p.admin, `scope=all&country=${home.country}`));
    expect(all.items.map((h) => [h.id, h.state])).toEqual([[home.id, 'hidden']]);
    expect((await browse(p.standard, 'scope=all')).status).toBe(403);
    await trpc('homes.setHidden', { id: home.id, hidden: false }, { as: p.admin });
    expect((await restPageOf<HomeCard>(await browse(p.standard, `country=${home.country}`))).items.map((h) => h.id)).toEqual([home.id]);
  });

  it('PATCH /api/homes/{id} {hidden} is for admins only, audited each way; cards tell who may hide', async () => {
    const p = await everyone();
    const home = await createHome(p.owner);
    const patch = (as: TestUser | null, body: unknown) => request(`/api/homes/${home.id}`, { method: 'PATCH', as, body });
    const expected = { visitor: 401, standard: 403, founding: 403, otherHost: 403, owner: 403 };
    for (const [name, status] of Object.entries(expected)) {
      expect((await patch(p[name as keyof typeof p], { hidden: true })).status, name).toBe(status);
    }
    expect((await patch(p.admin, { hidden: 'yes' })).status).toBe(400);
    const hidden = await patch(p.admin, { hidden: true });
    expect(hidden.status).toBe(200);
    expect((await hidden.json<HomeView>()).state).toBe('hidden');
    const listed = await patch(p.admin, { hidden: false });
    expect((await listed.json<HomeView>()).state).toBe('listed');
    const audit = await deps()
      .db.select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'home'), eq(auditLog.targetId, String(home.id))))
      .orderBy(auditLog.id);
    expect(audit).toEqual([
      { action: 'home.hide', actorId: p.admin!.id },
      { action: 'home.unhide', actorId: p.admin!.id },
    ]);
    for (const [name, as] of [
      ['admin', p.admin],
      ['owner', p.owner],
      ['standard', p.standard],
    ] as const) {
      const page = await restPageOf<HomeCard>(await browse(as, `country=${home.country}`));
      expect(page.items[0]!.can_hide, name).toBe(name === 'admin');
    }
  });
});

async function requestStayStatus(as: TestUser | null, homeId: number) {
  return (await request(`/api/homes/${homeId}/stays`, { as, body: { start_date: day(12), end_date: day(14), guests: 1 } })).status;
}

describe('the application’s property', () => {
  it('becomes a draft home on the first visit to /homes/mine, once; completing it lists it', async () => {
    const host = await roles.travelHost();
    await deps().db.insert(properties).values({
      userId: host.id,
      address: '3 Quai de Bourbon, Paris',
      type: 'Apartment',
      description: 'Top floor.',
      availability: 'Seasonal',
    });
    // Drafting and listing are one D1 round trip, on the first visit as on every later one.
    const mine = async () => {
      const res = await browse(host, 'scope=mine');
      expect(res.headers.get('Server-Timing')).toContain('D1 round trips: 1');
      return (await restPageOf<HomeCard>(res)).items;
    };
    const first = await mine();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ state: 'draft', title: 'Apartment', can_edit: true });
    expect(await mine()).toHaveLength(1);
    const draft = await (await request(`/api/homes/${first[0]!.id}`, { as: host })).json<HomeView>();
    expect(draft).toMatchObject({ address: '3 Quai de Bourbon, Paris', description: 'Top floor.', from_property: true });

    // Drafts are not browsable, nor visible to other members.
    const other = await roles.standard();
    expect((await request(`/api/homes/${draft.id}`, { as: other })).status).toBe(404);

    const country = unique('Land');
    const saved = await request(`/api/homes/${draft.id}`, {
      method: 'PUT',
      as: host,
      body: homeFields({ title: 'Île Saint-Louis flat', city: 'Paris', country, address: draft.address! }),
    });
    expect(saved.status).toBe(200);
    expect((await saved.json<HomeView>()).state).toBe('listed');
    expect((await restPageOf<HomeCard>(await browse(other, `country=${country}`))).items.map((h) => h.id)).toEqual([draft.id]);
  });
});
