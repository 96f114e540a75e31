import { expect } from 'vitest';
import type { MemberCard, MemberProfileDto, MyProfileDto, ProfilePhotoDto } from '../../../src/shared/members';
import type { UpdateProfileInput } from '../../../src/shared/schemas/members';
import { createUser, request, type TestUser } from '../helpers';
import { JPEG_16x12, WEBP_10x6 } from '../images/image-fixtures';

/** PUT /api/profile that must succeed; the saved profile. */
export async function saveProfile(as: TestUser, body: UpdateProfileInput | Record<string, unknown>): Promise<MyProfileDto> {
  const res = await request('/api/profile', { method: 'PUT', as, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<MyProfileDto>();
}

export async function myProfile(as: TestUser): Promise<MyProfileDto> {
  const res = await request('/api/profile', { as });
  expect(res.status).toBe(200);
  return res.json<MyProfileDto>();
}

/** GET /api/members/{id} as someone. */
export async function memberPage(id: number, as: TestUser): Promise<MemberProfileDto> {
  const res = await request(`/api/members/${id}`, { as });
  expect(res.status).toBe(200);
  return res.json<MemberProfileDto>();
}

/** GET /api/members with a query string, as someone: the cards (first page). */
export async function directory(query: Record<string, string>, as: TestUser): Promise<MemberCard[]> {
  const res = await request(`/api/members?${new URLSearchParams({ limit: '100', ...query })}`, { as });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<MemberCard[]>();
}

/** A word no other test's member has, so searches and filters find only this test's members. */
export function rareWord(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8)}`.replace(/[0-9]/g, 'q');
}

/**
 * A member with a full profile; `hidden` fields kept to admins. Names carry a shared rare word so
 * a test can search for its own members only.
 */
export async function memberWithProfile(
  word: string,
  profile: UpdateProfileInput & { name?: string } = {},
  opts: { type?: 'Founding' | 'Standard' | 'Travel Host'; admin?: boolean } = {},
): Promise<TestUser> {
  const { name, ...fields } = profile;
  const u = await createUser({ name: name ?? `${word} Member`, type: opts.type, admin: opts.admin });
  if (Object.keys(fields).length) await saveProfile(u, fields);
  return u;
}

/** POST /api/profile/photo with the given parts (the gallery's tiny fixtures by default). */
export function photoForm(parts: { photo?: Uint8Array | string; small?: Uint8Array; type?: string } = {}): FormData {
  const fd = new FormData();
  const photo = parts.photo ?? JPEG_16x12;
  if (typeof photo === 'string') fd.append('photo', new File([photo], 'notes.txt', { type: 'text/plain' }));
  else fd.append('photo', new File([new Uint8Array(photo)], 'me.jpg', { type: parts.type ?? 'image/jpeg' }));
  if (parts.small) fd.append('photo_small', new File([new Uint8Array(parts.small)], 'me-small.webp', { type: 'image/webp' }));
  return fd;
}

export async function uploadPhoto(as: TestUser, small: Uint8Array | undefined = WEBP_10x6): Promise<ProfilePhotoDto> {
  const res = await request('/api/profile/photo', { method: 'POST', as, body: photoForm({ small }) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<ProfilePhotoDto>();
}
