// Issue 22, the directory: GET /api/members (and members.list): cards by name, 30 a page with the
// next in the Link header, a search over FTS5 (words and prefixes, case and accents ignored) and
// filters that combine, each page one D1 round trip read through the FTS index.
import { describe, expect, it } from 'vitest';
import type { MemberCard } from '../../../src/shared/members';
import type { Page } from '../../../src/shared/schemas/page';
import { directoryPageQuery } from '../../../src/worker/modules/members/directory';
import { ftsQuery, searchTerms } from '../../../src/worker/modules/members/search';
import { actorOf, createUser, deps, request, roles, trpc } from '../helpers';
import { nextLink, planOf } from '../query-plan';
import { directory, memberWithProfile, rareWord, saveProfile } from './members-helpers';

const ids = (cards: MemberCard[]) => cards.map((c) => c.id);

describe('GET /api/members', () => {
  it('answers a bare list of cards with exactly the contract’s fields', async () => {
    const word = rareWord('shape');
    const viewer = await roles.standard();
    const her = await memberWithProfile(word, {
      title: 'Partner',
      company: 'Lumen Law',
      city: 'Geneva',
      country: 'CH',
      industry: 'Law',
      interests: ['Book reading'],
      bio: 'Not on a card',
      phone: '+41 22 555 01 01',
      visibility: { phone: 'members' },
    });
    const cards = await directory({ q: word }, viewer);
    expect(cards).toEqual([
      {
        id: her.id,
        name: her.name,
        can_message: true,
        photo_url: null,
        title: 'Partner',
        company: 'Lumen Law',
        city: 'Geneva',
        country: 'CH',
        industry: 'Law',
        interests: ['Book reading'],
      },
    ]);
  });

  it('sorts by name (case-insensitively) and pages 30 at a time, the next page in Link rel="next"', async () => {
    const word = rareWord('page');
    const viewer = await roles.standard();
    const names = Array.from({ length: 33 }, (_, i) => `${word} ${String.fromCharCode(97 + (i % 26))}${i}`);
    const made = [];
    for (const name of names) made.push(await createUser({ name: i(name) }));
    function i(n: string) {
      // Alternate the case: the order must not depend on it.
      return n.length % 2 ? n.toUpperCase() : n;
    }
    const first = await request(`/api/members?q=${word}`, { as: viewer });
    expect(first.status).toBe(200);
    const page1 = await first.json<MemberCard[]>();
    expect(page1).toHaveLength(30);
    expect(first.headers.get('Server-Timing')).toContain('D1 round trips: 1');
    const next = nextLink(first);
    expect(next).toMatch(/^\/api\/members\?q=\w+&cursor=/);
    const page2 = await (await request(next!, { as: viewer })).json<MemberCard[]>();
    expect(page2).toHaveLength(3);
    const all = [...page1, ...page2];
    const sorted = [...made].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
    expect(ids(all)).toEqual(sorted.map((u) => u.id));
    expect(nextLink(await request(next!, { as: viewer }))).toBeNull();
  });

  it('finds words and word prefixes of name, title, company and city, case- and accent-insensitively', async () => {
    const word = rareWord('fts');
    const viewer = await roles.standard();
    const ines = await memberWithProfile(word, {
      name: `Inès ${word}`,
      title: 'Chief Økonom',
      company: 'Fintech Partners',
      city: 'São Paulo',
    });
    const other = await memberWithProfile(word, { name: `Ingrid ${word}`, company: 'Finch & Co', city: 'Oslo' });
    const found = async (q: string) => ids(await directory({ q: `${q} ${word}` }, viewer));
    expect(await found('ines')).toEqual([ines.id]);
    expect(await found('INES')).toEqual([ines.id]);
    // By name as User Management sorts it (NOCASE: 'Ingrid' before 'Inès').
    expect(await found('fin')).toEqual([other.id, ines.id]);
    expect(await found('fintech')).toEqual([ines.id]);
    expect(await found('sao')).toEqual([ines.id]);
    expect(await found('paulo')).toEqual([ines.id]);
    expect(await found('chief')).toEqual([ines.id]);
    expect(await found('oslo')).toEqual([other.id]);
    // Every word must match (AND), and nothing matches a middle of a word (no substring scan).
    expect(await found('fin oslo')).toEqual([other.id]);
    expect(await found('tech')).toEqual([]);
    // FTS5 syntax typed into the box is only text.
    expect((await request(`/api/members?q=${encodeURIComponent('"NEAR( * OR ines')}`, { as: viewer })).status).toBe(200);
  });

  it('finds what a card shows beside them: the country by its names, the industry and the interests', async () => {
    const word = rareWord('card');
    const viewer = await roles.standard();
    const mei = await memberWithProfile(word, { country: 'HK', industry: 'Finance', interests: ['Meditation', 'Tea/wine tasting'] });
    const ana = await memberWithProfile(word, { country: 'GB', industry: 'Law', interests: ['Travel'] });
    const found = async (q: string) => ids(await directory({ q: `${q} ${word}` }, viewer));
    // Issue 46, point 8: "Hong Kong" (on Mei's card) and "meditation" found nobody.
    expect(await found('Hong Kong')).toEqual([mei.id]);
    expect(await found('meditation')).toEqual([mei.id]);
    expect(await found('wine')).toEqual([mei.id]);
    expect(await found('finance')).toEqual([mei.id]);
    // The country's name in the club's languages and its common short form, not only its code's.
    expect(await found('香港')).toEqual([mei.id]);
    expect(await found('Royaume-Uni')).toEqual([ana.id]);
    expect(await found('UK')).toEqual([ana.id]);
    expect(await found('united king')).toEqual([ana.id]);
    expect(await found('law travel')).toEqual([ana.id]);
    // A change of the profile is found at once (the triggers cover the new columns).
    await saveProfile(ana, { interests: ['Meditation'] });
    expect(new Set(await found('meditation'))).toEqual(new Set([mei.id, ana.id]));
  });

  it('filters by country, industry and interest, combined with each other and the search', async () => {
    const word = rareWord('flt');
    const viewer = await roles.standard();
    const a = await memberWithProfile(word, { country: 'HK', industry: 'Finance', interests: ['Travel', 'Tea culture'] });
    const b = await memberWithProfile(word, { country: 'HK', industry: 'Technology', interests: ['Travel'] });
    const c = await memberWithProfile(word, { country: 'JP', industry: 'Finance', interests: ['Tea culture'] });
    const list = async (f: Record<string, string>) => ids(await directory({ q: word, ...f }, viewer));
    expect(await list({ country: 'HK' })).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await list({ industry: 'Finance' })).toEqual([a.id, c.id].sort((x, y) => x - y));
    expect(await list({ interest: 'Tea culture' })).toEqual([a.id, c.id].sort((x, y) => x - y));
    expect(await list({ country: 'HK', industry: 'Finance', interest: 'Travel' })).toEqual([a.id]);
    expect(await list({ country: 'hk', industry: 'Technology' })).toEqual([b.id]);
    expect(await list({ country: 'FR' })).toEqual([]);
    // Empty parameters are no filter, as the directory's URL sends them.
    expect(await list({ country: '', industry: '', interest: '' })).toHaveLength(3);
  });

  it('refuses an unknown country, industry or interest with 400', async () => {
    const viewer = await roles.standard();
    for (const q of [
      'country=XX',
      'country=Hong%20Kong',
      'industry=Fishing',
      'interest=Golf',
      'interest=travel',
      'limit=500',
      'cursor=!!',
    ]) {
      expect((await request(`/api/members?${q}`, { as: viewer })).status, q).toBe(400);
    }
  });

  it('members.list (tRPC) answers the same cards as {items, nextCursor}', async () => {
    const word = rareWord('trpc');
    const viewer = await roles.standard();
    await memberWithProfile(word, { city: 'Lisbon' });
    const res = await trpc('members.list', { q: word }, { as: viewer, type: 'query' });
    const page = (await res.json<{ result: { data: Page<MemberCard> } }>()).result.data;
    expect(page.items).toEqual(await directory({ q: word }, viewer));
    expect(page.nextCursor).toBeNull();
  });
});

describe('the search', () => {
  it('quotes every word and asks for its prefix; members read only the columns shown to them', () => {
    expect(searchTerms('  Inès, "fin"* OR-tech ')).toEqual(['Inès', 'fin', 'OR', 'tech']);
    expect(ftsQuery('ines fin', 'admin')).toBe('"ines"* AND "fin"*');
    expect(ftsQuery('ines', 'member')).toBe('{name title company city country industry interests} : "ines"*');
    expect(ftsQuery('!!!', 'member')).toBeNull();
  });

  it('is read through the FTS5 table (EXPLAIN QUERY PLAN), and the page by the name index', async () => {
    const u = await roles.standard();
    const me = actorOf(u);
    const withSearch = await planOf(directoryPageQuery(deps(), me, { q: 'fin', country: 'HK' }, undefined, 30));
    expect(withSearch).toMatch(/member_search VIRTUAL TABLE INDEX/);
    expect(withSearch).not.toMatch(/SCAN member_profiles\b(?! USING)/);
    const plain = await planOf(directoryPageQuery(deps(), me, {}, ['m', 1], 30));
    expect(plain).toMatch(/users USING INDEX users_name_idx/);
    expect(plain).not.toMatch(/USE TEMP B-TREE/);
  });

  it('follows a name change at once (the index is kept in step with users.name)', async () => {
    const word = rareWord('ren');
    const viewer = await roles.standard();
    const her = await memberWithProfile(word, { title: 'Curator' });
    const renamed = rareWord('new');
    const res = await request('/update-user', { as: her, body: { name: `${renamed} Member` } });
    expect(res.status).toBe(200);
    expect(ids(await directory({ q: renamed }, viewer))).toEqual([her.id]);
    expect(ids(await directory({ q: word }, viewer))).toEqual([]);
    await saveProfile(her, { title: 'Gallerist' });
    expect(ids(await directory({ q: `${renamed} gallerist` }, viewer))).toEqual([her.id]);
  });
});
