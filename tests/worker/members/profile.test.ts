// Issue 22, Settings > Profile: GET and PUT /api/profile (and the tRPC twins), their round trips,
// defaults and bad input; a new member's profile starts with what her application said.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLUB_ACTIVITIES, DEFAULT_VISIBILITY, type MyProfileDto } from '../../../src/shared/members';
import { memberProfiles } from '../../../src/worker/db/schema/members';
import { applications } from '../../../src/worker/db/schema/membership';
import { users } from '../../../src/worker/db/schema/users';
import { createUser, deps, request, roles, trpc } from '../helpers';
import { acceptedInvite } from '../membership/membership-helpers';
import { myProfile, saveProfile } from './members-helpers';

const FULL = {
  title: 'Managing Director',
  company: 'Fintech Partners',
  city: 'Hong Kong',
  country: 'HK',
  industry: 'Finance',
  interests: ['Tea culture', 'Travel'],
  bio: 'Two lines:\r\nthe second one.  ',
  links: { linkedin: 'https://www.linkedin.com/in/someone', website: 'https://example.com/me' },
  phone: '+852 5555 0123',
} as const;

describe('GET /api/profile', () => {
  it('is for members only', async () => {
    expect((await request('/api/profile')).status).toBe(401);
    expect((await request('/api/profile', { method: 'PUT', body: { title: 'x' } })).status).toBe(401);
    expect((await request('/api/profile/photo', { method: 'DELETE' })).status).toBe(401);
  });

  it('answers an empty profile with the default visibility before she saves anything', async () => {
    const u = await roles.standard();
    const p = await myProfile(u);
    expect(p).toMatchObject({
      id: u.id,
      name: u.name,
      email: u.email,
      type: 'Standard',
      photo_url: null,
      title: null,
      company: null,
      interests: [],
      links: { linkedin: null, website: null },
      phone: null,
      directory: true,
      visibility: DEFAULT_VISIBILITY,
    });
    expect(p.visibility.email).toBe('admins');
    expect(p.visibility.phone).toBe('admins');
    expect(p.member_since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('PUT /api/profile', () => {
  it('saves every field and answers the saved profile; GET reads the same', async () => {
    const u = await roles.founding();
    const saved = await saveProfile(u, FULL);
    expect(saved).toMatchObject({
      ...FULL,
      // The club's order, whatever order she ticked them in; line breaks kept, trailing space not.
      interests: ['Travel', 'Tea culture'],
      bio: 'Two lines:\nthe second one.',
      // Issue 31's rule: any valid international number, stored in E.164.
      phone: '+85255550123',
    });
    expect(await myProfile(u)).toEqual(saved);
  });

  it('changes only what she sends: a subset of fields, and the visibility of the fields named', async () => {
    const u = await roles.standard();
    await saveProfile(u, { ...FULL, visibility: { company: 'admins' } });
    const p = await saveProfile(u, { city: 'Kowloon', visibility: { phone: 'members' } });
    expect(p.city).toBe('Kowloon');
    expect(p.title).toBe(FULL.title);
    expect(p.company).toBe(FULL.company);
    // Both changes of visibility stand: the second request named only phone.
    expect(p.visibility).toEqual({ ...DEFAULT_VISIBILITY, company: 'admins', phone: 'members' });
  });

  it('clears a field with "" or null, and takes back her GET answer as it is (read-only fields ignored)', async () => {
    const u = await roles.standard();
    const full = await saveProfile(u, FULL);
    const cleared = await saveProfile(u, { title: '', company: null, country: null, industry: '', interests: [], links: { website: '' } });
    expect(cleared).toMatchObject({ title: null, company: null, country: null, industry: null, interests: [] });
    expect(cleared.links).toEqual({ linkedin: FULL.links.linkedin, website: null });
    // The whole GET answer sent back (id, name, email, type… included) changes nothing.
    const again = await saveProfile(u, { ...(full as unknown as Record<string, unknown>), name: 'Someone Else', email: 'x@y.example' });
    expect(again.name).toBe(u.name);
    expect(again.email).toBe(u.email);
    expect(again.title).toBe(FULL.title);
  });

  it('leaves and rejoins the directory', async () => {
    const u = await roles.standard();
    expect((await saveProfile(u, { directory: false })).directory).toBe(false);
    expect((await saveProfile(u, { title: 'x' })).directory).toBe(false);
    expect((await saveProfile(u, { directory: true })).directory).toBe(true);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a javascript: link', { links: { website: 'javascript:alert(1)' } }, 'links'],
    ['an http link', { links: { linkedin: 'http://www.linkedin.com/in/x' } }, 'links'],
    ['a data: link', { links: { website: 'data:text/html,hi' } }, 'links'],
    ['a link over 200 characters', { links: { website: `https://example.com/${'a'.repeat(190)}` } }, 'links'],
    ['an unknown country', { country: 'XX' }, 'country'],
    ['a country name instead of its code', { country: 'Hong Kong' }, 'country'],
    ['an unknown industry', { industry: 'Fishing' }, 'industry'],
    ['an unknown interest', { interests: ['Travel', 'Golf'] }, 'interests'],
    ['an interest spelled otherwise', { interests: ['tea culture'] }, 'interests'],
    ['11 interests', { interests: CLUB_ACTIVITIES.slice(0, 11) }, 'interests'],
    ['a bio over 2,000 characters', { bio: 'a'.repeat(2001) }, 'bio'],
    ['a title over 100 characters', { title: 't'.repeat(101) }, 'title'],
    ['a visibility other than members or admins', { visibility: { phone: 'everyone' } }, 'visibility'],
    ['a visibility for her name', { visibility: { name: 'admins' } }, 'visibility'],
    ['a phone that is no phone number', { phone: 'call me maybe' }, 'phone'],
    ['a phone without its country code', { phone: '5555 0123' }, 'phone'],
    ['a phone with too few digits for its country', { phone: '+44 20 7946' }, 'phone'],
    ['directory as a string', { directory: 'no' }, 'directory'],
  ];
  for (const [what, body, field] of bad) {
    it(`refuses ${what} with 400 naming the field, and saves nothing of the request`, async () => {
      const u = await roles.standard();
      const before = await saveProfile(u, { title: 'Before', city: 'Lyon' });
      const res = await request('/api/profile', { method: 'PUT', as: u, body: { title: 'After', city: 'Paris', ...body } });
      expect(res.status).toBe(400);
      const err = await res.json<{ fieldErrors: Record<string, string[]> }>();
      expect(Object.keys(err.fieldErrors)).toContain(field);
      expect(await myProfile(u)).toEqual(before);
    });
  }

  it('stores any valid international number in E.164, and clears it with an empty one', async () => {
    const u = await roles.standard();
    for (const [typed, stored] of [
      ['+44 20 7946 0958', '+442079460958'],
      ['00 33 1 23 45 67 89', '+33123456789'],
      ['+1 (415) 555-0123', '+14155550123'],
      ['+81 3-5555-0107', '+81355550107'],
    ] as const) {
      expect((await saveProfile(u, { phone: typed })).phone).toBe(stored);
    }
    expect((await saveProfile(u, { phone: '' })).phone).toBeNull();
    expect((await saveProfile(u, { phone: '+852 5555 0123' })).phone).toBe('+85255550123');
    expect((await saveProfile(u, { phone: null })).phone).toBeNull();
    // Saving other fields leaves her phone as it was.
    await saveProfile(u, { phone: '+852 5555 0123' });
    expect((await saveProfile(u, { city: 'Macau' })).phone).toBe('+85255550123');
  });

  it('names every bad field of one request', async () => {
    const u = await roles.standard();
    const res = await request('/api/profile', {
      method: 'PUT',
      as: u,
      body: { country: 'ZZ', bio: 'b'.repeat(2001), links: { website: 'http://x.example' }, visibility: { email: 'public' } },
    });
    expect(res.status).toBe(400);
    const { fieldErrors } = await res.json<{ fieldErrors: Record<string, string[]> }>();
    expect(fieldErrors).toHaveProperty('country');
    expect(fieldErrors).toHaveProperty('bio');
    expect(fieldErrors).toHaveProperty(['links.website']);
    expect(fieldErrors).toHaveProperty(['visibility.email']);
  });

  it('accepts lower-case country codes and stores them upper-case', async () => {
    const u = await roles.standard();
    expect((await saveProfile(u, { country: 'jp' })).country).toBe('JP');
  });
});

describe('profile.mine and profile.update (tRPC)', () => {
  it('serve the same profile as the REST paths', async () => {
    const u = await roles.travelHost();
    const res = await trpc('profile.update', { title: 'Host', visibility: { title: 'admins' } }, { as: u });
    expect(res.status).toBe(200);
    const mine = await trpc('profile.mine', undefined, { as: u, type: 'query' });
    const data = (await mine.json<{ result: { data: MyProfileDto } }>()).result.data;
    expect(data).toEqual(await myProfile(u));
    expect(data.visibility.title).toBe('admins');
    const bad = await trpc('profile.update', { country: 'XX' }, { as: u });
    expect(bad.status).toBe(400);
  });
});

describe('a new member', () => {
  it('starts with the phone and interests of her application, the phone kept to admins', async () => {
    const admin = await createUser({ type: 'Founding', admin: true });
    const { app, token } = await acceptedInvite(admin);
    const res = await request('/api/register', { body: { token, name: 'Nadia Brook', type: 'Standard', password: 'a-good-password' } });
    expect(res.status).toBe(201);
    const [user] = await deps().db.select().from(users).where(eq(users.email, app.email));
    const [row] = await deps().db.select().from(memberProfiles).where(eq(memberProfiles.userId, user!.id));
    // The application ticked Travel and Workshops: Travel maps to the activity, Workshops to none;
    // her phone as the application stored it (E.164 since issue 31).
    const [application] = await deps().db.select({ phone: applications.phone }).from(applications).where(eq(applications.email, app.email));
    expect(row).toMatchObject({ phone: application!.phone, interests: ['Travel'], visibility: {} });
    expect(row!.phone).toMatch(/^\+\d+$/);
    const other = await roles.standard();
    const seen = await (await request(`/api/members/${user!.id}`, { as: other })).json<{ phone: string | null; interests: string[] }>();
    expect(seen.phone).toBeNull();
    expect(seen.interests).toEqual(['Travel']);
  });
});
