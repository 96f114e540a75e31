import { describe, expect, it } from 'vitest';
import type { HomeView } from '../../../src/shared/schemas/homes';
import { request, roles } from '../helpers';
import { createHome, day, newStay, patchStay } from './homes-helpers';

// Issue 31: a sent stay request stays on the home's page ("Your request: Dec 10–14, pending",
// Withdraw request) until the host decides; an accepted stay stays until it is over.

const getHome = async (as: Awaited<ReturnType<typeof roles.standard>>, id: number) => {
  const res = await request(`/api/homes/${id}`, { as });
  expect(res.status).toBe(200);
  return res.json<HomeView>();
};

describe("a home's page shows the viewer's own stays there", () => {
  it('lists her pending and accepted stays, soonest first, with Withdraw for the pending one; not others’ nor declined ones', async () => {
    const host = await roles.travelHost();
    const guest = await roles.standard();
    const other = await roles.standard();
    const home = await createHome(host);
    expect((await getHome(guest, home.id)).my_stays).toEqual([]);

    const later = await newStay(guest, home.id, day(30), day(33));
    const sooner = await newStay(guest, home.id, day(12), day(14));
    const declined = await newStay(guest, home.id, day(40), day(41));
    await newStay(other, home.id, day(15), day(16));
    expect((await patchStay(host, later.id, 'accepted')).status).toBe(200);
    expect((await patchStay(host, declined.id, 'declined')).status).toBe(200);

    const mine = (await getHome(guest, home.id)).my_stays;
    expect(mine).toEqual([
      { id: sooner.id, start_date: day(12), end_date: day(14), status: 'pending', can_cancel: true },
      { id: later.id, start_date: day(30), end_date: day(33), status: 'accepted', can_cancel: true },
    ]);
    // The host and the other member see only their own (none here for the host).
    expect((await getHome(host, home.id)).my_stays).toEqual([]);
    expect((await getHome(other, home.id)).my_stays.map((s) => s.status)).toEqual(['pending']);

    // Withdrawn, it is gone from the page.
    expect((await patchStay(guest, sooner.id, 'cancelled')).status).toBe(200);
    expect((await getHome(guest, home.id)).my_stays.map((s) => s.id)).toEqual([later.id]);
  });
});
