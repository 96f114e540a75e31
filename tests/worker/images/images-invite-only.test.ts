// Images tagged with an invite-only event are for those who see its details (eventPolicy.seeDetails);
// tests/worker/events/invite-only-visibility.test.ts holds the whole matrix (lists, by id, bytes),
// this file the writes that would put an image where its uploader cannot see it.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../src/shared/schemas/images';
import { request, roles, trpc, type TestUser } from '../helpers';
import { createEventAs } from '../events/events-helpers';
import { JPEG_16x12 } from './image-fixtures';

function upload(as: TestUser, fields: Record<string, string> = {}) {
  const fd = new FormData();
  fd.append('image', new File([JPEG_16x12], 'photo.jpg', { type: 'image/jpeg' }));
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return request('/upload-image', { method: 'POST', as, body: fd });
}

describe('images and invite-only events', () => {
  it('a member cannot tag an image with an invite-only event she does not see, on upload or edit', async () => {
    const host = await roles.travelHost();
    const e = await createEventAs(host, { exclusivity: 'invite-only' });
    const member = await roles.standard();
    const before = (await env.IMAGES.list({ limit: 1000 })).objects.length;
    const refused = await upload(member, { associated_event_id: String(e.id) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'Only the members invited to that event can add images to it.' });
    expect((await env.IMAGES.list({ limit: 1000 })).objects.length).toBe(before);

    const mine = await (await upload(member)).json<ImageDto>();
    const edit = await request(`/api/images/${mine.id}`, { method: 'PUT', as: member, body: { associated_event_id: e.id } });
    expect(edit.status).toBe(403);
    expect((await trpc('images.update', { id: mine.id, associated_event_id: e.id }, { as: member })).status).toBe(403);
    expect((await request(`/api/images/${mine.id}`, { as: member })).status).toBe(200);

    // Invited, she may.
    expect((await request('/api/events/invite', { as: host, body: { eventId: e.id, userIds: [member.id] } })).status).toBe(200);
    const tagged = await request(`/api/images/${mine.id}`, { method: 'PUT', as: member, body: { associated_event_id: e.id } });
    expect(tagged.status).toBe(200);
    expect(await tagged.json()).toMatchObject({ associated_event_id: e.id });
    expect((await upload(member, { associated_event_id: String(e.id) })).status).toBe(201);
  });

  it('an uploader who loses access to the event loses its images too, but may still delete her own', async () => {
    const host = await roles.founding();
    const e = await createEventAs(host, { exclusivity: 'invite-only' });
    const guest = await roles.standard();
    await request('/api/events/invite', { as: host, body: { eventId: e.id, userIds: [guest.id] } });
    expect((await request(`/api/events/${e.id}/join`, { method: 'POST', as: guest })).status).toBe(200);
    const img = await (await upload(guest, { associated_event_id: String(e.id) })).json<ImageDto>();
    expect((await request(img.url, { as: guest })).status).toBe(200);

    expect((await request(`/api/events/${e.id}/leave`, { method: 'DELETE', as: guest })).status).toBe(200);
    expect((await request(img.url, { as: guest })).status).toBe(404);
    expect((await request(`/api/images/${img.id}`, { as: guest })).status).toBe(404);
    expect((await request(`/api/images/${img.id}`, { method: 'PUT', as: guest, body: { title: 'x' } })).status).toBe(404);
    expect((await request(img.url, { as: host })).status).toBe(200);
    const deleted = await request('/api/delete-images', { as: guest, body: { images: [img.id] } });
    expect(deleted.status).toBe(200);
    expect((await request(img.url, { as: host })).status).toBe(404);
  });

  it('bytes that no row names are not served', async () => {
    const member = await roles.standard();
    await env.IMAGES.put('orphanorphanorphan01.jpg', JPEG_16x12, { httpMetadata: { contentType: 'image/jpeg' } });
    expect((await request('/images/orphanorphanorphan01.jpg', { as: member })).status).toBe(404);
  });
});
