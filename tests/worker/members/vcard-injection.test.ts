// Issue 45, item 7: vCard injection through a profile link. A website with a CR/LF passed the
// https check (URL parsing drops them) and was stored raw, and the vCard wrote it unescaped: the
// other member's "Save contact" then carried the injected lines. Profile fields refuse control
// characters, links are stored as the URL parser reads them, and every vCard value is escaped.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberProfiles } from '../../../src/worker/db/schema/members';
import { deps, request, roles } from '../helpers';
import { myProfile, saveProfile } from './members-helpers';

const INJECTED = 'https://studio.example/\r\nTEL;TYPE=cell:+15550000000';

/** The card's content lines, unfolded (RFC 6350 3.2). */
const unfolded = (card: string) => card.replace(/\r\n /g, '').split('\r\n').filter(Boolean);

describe('profile fields refuse control characters', () => {
  const bad: [string, Record<string, unknown>, string][] = [
    ['a website with a line break (the review’s)', { links: { website: INJECTED } }, 'links.website'],
    ['a LinkedIn link with a tab', { links: { linkedin: 'https://www.linkedin.com/in/\tx' } }, 'links.linkedin'],
    ['a job title with a line break', { title: 'Director\r\nTEL:+15550000000' }, 'title'],
    ['a company with a bell', { company: 'Acme\u0007' }, 'company'],
    ['a city with a NUL', { city: 'Oslo\u0000' }, 'city'],
    ['an About me with an escape character', { bio: 'Hello\u001b[31m' }, 'bio'],
  ];
  for (const [what, body, field] of bad) {
    it(`refuses ${what}: 400 with fieldErrors, nothing saved`, async () => {
      const u = await roles.standard();
      const before = await saveProfile(u, { title: 'Before' });
      const res = await request('/api/profile', { method: 'PUT', as: u, body: { title: 'After', ...body } });
      expect(res.status).toBe(400);
      const err = await res.json<{ fieldErrors: Record<string, string[]> }>();
      expect(err.fieldErrors[field]?.[0]).toMatch(/cannot contain .*control characters/);
      expect(await myProfile(u)).toEqual(before);
    });
  }

  it('her name (the card’s FN) refuses them too', async () => {
    const u = await roles.standard();
    const res = await request('/update-user', { as: u, body: { name: 'Ana\r\nTEL:+15550000000' } });
    expect(res.status).toBe(400);
    expect((await res.json<{ fieldErrors: Record<string, string[]> }>()).fieldErrors.name?.[0]).toMatch(/control characters/);
  });

  it('keeps the line breaks of About me, and stores a link as the URL parser reads it', async () => {
    const u = await roles.standard();
    const saved = await saveProfile(u, {
      bio: 'Two lines\r\nand\ta tab',
      links: { website: 'https://Studio.Example', linkedin: 'https://www.linkedin.com/in/ana maria' },
    });
    expect(saved.bio).toBe('Two lines\nand\ta tab');
    expect(saved.links).toEqual({ website: 'https://studio.example/', linkedin: 'https://www.linkedin.com/in/ana%20maria' });
  });
});

describe('the vCard escapes every value (RFC 6350)', () => {
  it('a profile stored before the fix cannot add a line to another member’s card', async () => {
    const [viewer, her] = await Promise.all([roles.standard(), roles.standard()]);
    await saveProfile(her, { title: 'Before', visibility: { title: 'members' } });
    // What the old check let through, and control characters in the other fields, written as stored.
    await deps()
      .db.update(memberProfiles)
      .set({ website: INJECTED, linkedin: 'https://x.example/a,b;c\\d', title: 'Chair\rTEL:+15550000001', company: 'Acme\u0007\u0085 Ltd' })
      .where(eq(memberProfiles.userId, her.id));
    const card = await (await request(`/api/members/${her.id}/vcard`, { as: viewer })).text();
    const lines = unfolded(card);
    expect(lines.filter((l) => l.startsWith('TEL'))).toEqual([]);
    expect(lines).toContain('URL;TYPE=home:https://studio.example/\\nTEL\\;TYPE=cell:+15550000000');
    expect(lines).toContain('URL;TYPE=linkedin:https://x.example/a\\,b\\;c\\\\d');
    expect(lines).toContain('TITLE:Chair\\nTEL:+15550000001');
    expect(lines).toContain('ORG:Acme Ltd');
    // Every character of every line is a VALUE-CHAR or a tab (RFC 6350 3.3).
    expect(card.replace(/\r\n/g, '')).not.toMatch(/(?!\t)\p{Cc}/u);
  });
});
