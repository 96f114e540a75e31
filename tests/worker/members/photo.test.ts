// Issue 22, her photo and her data: POST and DELETE /api/profile/photo through the gallery's
// pipeline (metadata gone, 415 for what is no image), the stored objects replaced and removed; the
// export carries her profile and photo; deleting her account removes them and her search entry.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { memberProfiles } from '../../../src/worker/db/schema/members';
import { createUser, deps, request, roles, TEST_PASSWORD } from '../helpers';
import { jpegWithMetadata, PNG_4x3, WEBP_10x6 } from '../images/image-fixtures';
import { directory, memberPage, myProfile, photoForm, rareWord, saveProfile, uploadPhoto } from './members-helpers';

const keyOf = (url: string) => url.replace('/images/members/', '');
const stored = async (url: string) => (await env.IMAGES.head(keyOf(url))) !== null;

describe('POST /api/profile/photo', () => {
  it('stores the large and the small photo and answers their URLs; her profile and cards show them', async () => {
    const [her, viewer] = await Promise.all([roles.standard(), roles.standard()]);
    const photo = await uploadPhoto(her, WEBP_10x6);
    expect(photo.photo_url).toMatch(/^\/images\/members\/[\w-]+\.jpg$/);
    expect(photo.photo_small_url).toMatch(/^\/images\/members\/[\w-]+\.webp$/);
    expect((await myProfile(her)).photo_url).toBe(photo.photo_url);
    expect((await memberPage(her.id, viewer)).photo_url).toBe(photo.photo_url);
    const cards = await directory({ q: her.name }, viewer);
    expect(cards.find((c) => c.id === her.id)?.photo_url).toBe(photo.photo_small_url);
    const res = await request(photo.photo_small_url, { as: viewer });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
  });

  it('keeps no metadata: the camera and location data of a JPEG are gone from the stored bytes', async () => {
    const her = await roles.standard();
    const res = await request('/api/profile/photo', {
      method: 'POST',
      as: her,
      body: photoForm({ photo: jpegWithMetadata({ gps: true, xmp: '<x:xmpmeta>secret place</x:xmpmeta>' }) }),
    });
    expect(res.status).toBe(200);
    const { photo_url, photo_small_url } = await res.json<{ photo_url: string; photo_small_url: string }>();
    // One image sent: it stands in for both sizes.
    expect(photo_small_url).toBe(photo_url);
    const bytes = new Uint8Array(await (await env.IMAGES.get(keyOf(photo_url)))!.arrayBuffer());
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text).not.toContain('secret place');
    expect(text).not.toContain('GPS');
  });

  it('refuses what is no JPEG, PNG or WebP with 415, and a missing file with 400; members only', async () => {
    const her = await roles.standard();
    const text = await request('/api/profile/photo', { method: 'POST', as: her, body: photoForm({ photo: 'just text' }) });
    expect(text.status).toBe(415);
    const gif = await request('/api/profile/photo', {
      method: 'POST',
      as: her,
      body: photoForm({ photo: new TextEncoder().encode('GIF89a……'), type: 'image/gif' }),
    });
    expect(gif.status).toBe(415);
    const empty = new FormData();
    empty.append('note', 'no file');
    expect((await request('/api/profile/photo', { method: 'POST', as: her, body: empty })).status).toBe(400);
    expect((await request('/api/profile/photo', { method: 'POST', body: photoForm() })).status).toBe(401);
    expect((await myProfile(her)).photo_url).toBeNull();
    const png = await request('/api/profile/photo', { method: 'POST', as: her, body: photoForm({ photo: PNG_4x3, type: 'image/png' }) });
    expect(png.status).toBe(200);
  });

  it('replaces the previous photo: its objects are deleted and its URLs no longer served', async () => {
    const [her, viewer] = await Promise.all([roles.standard(), roles.standard()]);
    const first = await uploadPhoto(her);
    const second = await uploadPhoto(her);
    expect(second.photo_url).not.toBe(first.photo_url);
    expect(await stored(first.photo_url)).toBe(false);
    expect(await stored(first.photo_small_url)).toBe(false);
    expect((await request(first.photo_url, { as: viewer })).status).toBe(404);
    expect(await stored(second.photo_url)).toBe(true);
  });
});

describe('DELETE /api/profile/photo', () => {
  it('removes the photo and its stored objects', async () => {
    const [her, viewer] = await Promise.all([roles.standard(), roles.standard()]);
    const photo = await uploadPhoto(her);
    const res = await request('/api/profile/photo', { method: 'DELETE', as: her });
    expect(res.status).toBe(200);
    expect((await myProfile(her)).photo_url).toBeNull();
    expect(await stored(photo.photo_url)).toBe(false);
    expect(await stored(photo.photo_small_url)).toBe(false);
    expect((await request(photo.photo_small_url, { as: viewer })).status).toBe(404);
  });
});

describe('her data', () => {
  it('the export carries her profile, its visibility, her directory choice and her photo', async () => {
    const her = await createUser();
    await saveProfile(her, { title: 'Sommelier', interests: ['Tea/wine tasting'], directory: false, visibility: { title: 'admins' } });
    const photo = await uploadPhoto(her);
    const res = await request('/api/account/export', { as: her });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(data.memberProfile).toMatchObject({
      title: 'Sommelier',
      interests: ['Tea/wine tasting'],
      directory: false,
      visibility: { title: 'admins', phone: 'admins', email: 'admins', city: 'members' },
      photo: 'profile/photo.jpg',
    });
    const original = new Uint8Array(await (await env.IMAGES.get(keyOf(photo.photo_url)))!.arrayBuffer());
    expect(files['profile/photo.jpg']).toEqual(original);
  });

  it('deleting her account removes her profile, its photo objects and her search entry', async () => {
    const word = rareWord('gone');
    const [viewer, admin] = await Promise.all([roles.standard(), roles.admin()]);
    const her = await createUser({ name: `${word} Leaving` });
    await saveProfile(her, { title: 'Curator', city: 'Vienna' });
    const photo = await uploadPhoto(her);
    expect((await directory({ q: word }, viewer)).map((c) => c.id)).toEqual([her.id]);

    const res = await request('/api/account', { method: 'DELETE', as: her, body: { password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(await deps().db.select().from(memberProfiles).where(eq(memberProfiles.userId, her.id))).toEqual([]);
    expect(await stored(photo.photo_url)).toBe(false);
    expect(await stored(photo.photo_small_url)).toBe(false);
    const { results } = await env.DB.prepare('SELECT rowid FROM member_search WHERE rowid = ?').bind(her.id).all();
    expect(results).toEqual([]);
    expect(await directory({ q: word }, admin)).toEqual([]);
    expect((await request(`/api/members/${her.id}`, { as: viewer })).status).toBe(404);
  });
});

describe('her search entry', () => {
  it('exists from her account’s creation, before any profile (the name is always searchable)', async () => {
    const word = rareWord('born');
    const viewer = await roles.standard();
    const her = await createUser({ name: `${word} Newcomer` });
    expect((await directory({ q: word }, viewer)).map((c) => c.id)).toEqual([her.id]);
    const { results } = await env.DB.prepare('SELECT name, title FROM member_search WHERE rowid = ?').bind(her.id).all();
    expect(results).toEqual([{ name: `${word} Newcomer`, title: '' }]);
  });

  it('holds a hidden value only in the admins’ column', async () => {
    const her = await createUser();
    await saveProfile(her, { title: 'Secret Agent', company: 'Open Co', visibility: { title: 'admins' } });
    const { results } = await env.DB.prepare('SELECT title, company, admin_title, admin_company FROM member_search WHERE rowid = ?')
      .bind(her.id)
      .all();
    expect(results).toEqual([{ title: '', company: 'Open Co', admin_title: 'Secret Agent', admin_company: '' }]);
  });
});
