import { eq } from 'drizzle-orm';
import { eventParticipants } from '../../../src/worker/db/schema/events';
import type { ImageDto } from '../../../src/shared/schemas/images';
import { deps, request, unique, type TestUser } from '../helpers';
import { JPEG_16x12, WEBP_10x6 } from '../images/image-fixtures';

/** A response body read field by field: a wrong shape fails the assertion that reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- typing every response shape here would only restate the DTOs
export type Json = Record<string, any>;

/** A valid create payload, overridable. */
export function eventPayload(overrides: Record<string, unknown> = {}) {
  return {
    title: `Event ${unique('t')}`,
    type: 'book-club',
    exclusivity: 'open',
    description: 'We read together.',
    event_date: '2031-05-14',
    start_time: '18:00',
    end_time: '20:00',
    time_zone: 'Europe/Paris',
    is_physical: true,
    location: '12 Rue de Bretagne',
    city: 'Paris',
    zip_code: '75003',
    country: 'France',
    color: '#9c4f6a',
    ...overrides,
  };
}

export async function createEventAs(u: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await request('/api/events', { as: u, body: eventPayload(overrides) });
  if (res.status !== 201) throw new Error(`create failed ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number; slug: string; event: Record<string, unknown> & { id: number; title: string; slug: string } })
    .event;
}

export async function participantIds(eventId: number): Promise<number[]> {
  const rows = await deps().db.select().from(eventParticipants).where(eq(eventParticipants.eventId, eventId));
  return rows.map((r) => r.userId);
}

/** An image uploaded as the gallery sends one (original, display size, thumbnail), with form fields. */
export async function uploadImageAs(u: TestUser, fields: Record<string, string> = {}): Promise<ImageDto> {
  const fd = new FormData();
  fd.append('image', new File([JPEG_16x12], 'photo.jpg', { type: 'image/jpeg' }));
  fd.append('display', new File([JPEG_16x12], 'display.jpg', { type: 'image/jpeg' }));
  fd.append('thumbnail', new File([WEBP_10x6], 'thumb.webp', { type: 'image/webp' }));
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const res = await request('/upload-image', { method: 'POST', as: u, body: fd });
  if (res.status !== 201) throw new Error(`upload failed ${res.status}: ${await res.text()}`);
  return res.json<ImageDto>();
}
