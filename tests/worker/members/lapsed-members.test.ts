// Issue 22 beside issue 24's terms (DECISIONS "Membership terms": a lapsed member keeps her own
// data and nothing else). Other members no longer find her in the directory or its search, and
// her page shows them her name and photo only, as an unlisted member's; in grace she is still
// there, an admin never lapses, and admins see every member as before.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/shared/membership-term';
import { request, roles } from '../helpers';
import { setTerm, today } from '../membership/terms-helpers';
import { directory, memberPage, memberWithProfile, rareWord, uploadPhoto } from './members-helpers';

const PROFILE = { title: 'Harbour Pilot', company: 'Tide Works', city: 'Valletta', country: 'MT', industry: 'Energy' } as const;

/** Three members sharing a rare word: lapsed (45 days past renews_on), in grace (10 days), and an admin whose date passed long ago. */
async function threeMembers(word: string) {
  const lapsed = await memberWithProfile(word, { name: `${word} Lapsed`, ...PROFILE });
  const grace = await memberWithProfile(word, { name: `${word} Grace`, ...PROFILE });
  const admin = await memberWithProfile(word, { name: `${word} Admin`, ...PROFILE }, { admin: true });
  await setTerm(lapsed, { member_since: addDays(today(), -410), renews_on: addDays(today(), -45) });
  await setTerm(grace, { member_since: addDays(today(), -375), renews_on: addDays(today(), -10) });
  await setTerm(admin, { member_since: addDays(today(), -800), renews_on: addDays(today(), -400) });
  return { lapsed, grace, admin };
}

const names = (cards: { name: string }[]) => cards.map((c) => c.name).sort();

describe('a lapsed member in the directory', () => {
  it('is not listed, searched or filtered for other members; in grace she is, and an admin never lapses', async () => {
    const word = rareWord('dirq');
    const { lapsed, grace, admin } = await threeMembers(word);
    const viewer = await roles.standard();
    const expected = [`${word} Admin`, `${word} Grace`];
    // Her name, her title, a filter: none of them finds her.
    expect(names(await directory({ q: word }, viewer))).toEqual(expected);
    expect(names(await directory({ q: `${word} pilot` }, viewer))).toEqual(expected);
    expect(names(await directory({ q: word, country: 'MT', industry: 'Energy' }, viewer))).toEqual(expected);
    expect(names(await directory({ q: `${word} lapsed` }, viewer))).toEqual([]);
    // The unfiltered pages, walked to the end, do not hold her either.
    const everyone: number[] = [];
    let next: string | null = '/api/members?limit=100';
    while (next) {
      const res = await request(next, { as: viewer });
      expect(res.status).toBe(200);
      everyone.push(...(await res.json<{ id: number }[]>()).map((c) => c.id));
      next = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1] ?? null;
    }
    expect(everyone).toEqual(expect.arrayContaining([grace.id, admin.id]));
    expect(everyone).not.toContain(lapsed.id);
  });

  it('is listed again the day an admin records her renewal', async () => {
    const word = rareWord('renew');
    const { lapsed } = await threeMembers(word);
    const viewer = await roles.standard();
    expect(names(await directory({ q: `${word} lapsed` }, viewer))).toEqual([]);
    const res = await request(`/api/users/${lapsed.id}/membership`, {
      method: 'PUT',
      as: await roles.admin(),
      body: { renews_on: addDays(today(), 300), note: 'Paid by bank transfer' },
    });
    expect(res.status).toBe(200);
    expect(names(await directory({ q: `${word} lapsed` }, viewer))).toEqual([`${word} Lapsed`]);
  });

  it('is still there for admins, with every field', async () => {
    const word = rareWord('adm');
    const { lapsed } = await threeMembers(word);
    const cards = await directory({ q: word }, await roles.admin());
    expect(names(cards)).toEqual([`${word} Admin`, `${word} Grace`, `${word} Lapsed`]);
    expect(cards.find((c) => c.id === lapsed.id)).toMatchObject({ title: PROFILE.title, company: PROFILE.company });
  });
});

describe("a lapsed member's page", () => {
  it('shows other members her name and photo only, as an unlisted member’s; her vCard likewise', async () => {
    const word = rareWord('page');
    const { lapsed } = await threeMembers(word);
    const photo = await uploadPhoto(lapsed);
    const viewer = await roles.standard();
    const seen = await memberPage(lapsed.id, viewer);
    expect(seen).toMatchObject({
      id: lapsed.id,
      name: `${word} Lapsed`,
      photo_url: photo.photo_url,
      title: null,
      company: null,
      city: null,
      country: null,
      industry: null,
      bio: null,
      phone: null,
      email: null,
      type: null,
      member_since: null,
      directory: false,
      upcoming_events: [],
      homes: [],
    });
    const vcard = await (await request(`/api/members/${lapsed.id}/vcard`, { as: viewer })).text();
    expect(vcard).toContain(`FN:${word} Lapsed`);
    expect(vcard).not.toContain('Harbour Pilot');
    expect(vcard).not.toMatch(/^(TITLE|ORG|ADR)[;:]/m);
  });

  it('shows everything she shows in grace, of an admin long past her date, and to admins', async () => {
    const word = rareWord('full');
    const { lapsed, grace, admin } = await threeMembers(word);
    const viewer = await roles.standard();
    for (const who of [grace, admin]) {
      expect(await memberPage(who.id, viewer)).toMatchObject({ ...PROFILE, type: 'Standard', directory: true });
    }
    expect(await memberPage(lapsed.id, await roles.admin())).toMatchObject({ ...PROFILE, type: 'Standard', directory: true });
  });
});
