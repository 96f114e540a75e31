// Issue 22, "her name links to her profile wherever it appears" (DECISIONS "People and profiles"):
// the answers behind the screens that name members carry each member's id (so her name can link
// to /members/{id}) and, where the screen shows a face, her small photo only when she shows it to
// the viewer.
import { describe, expect, it } from 'vitest';
import type { HomeView } from '../../../src/shared/schemas/homes';
import { request, roles, unique, type TestUser } from '../helpers';
import { createHome } from '../homes/homes-helpers';
import { saveProfile, uploadPhoto } from './members-helpers';

async function homeAs(id: number, as: TestUser) {
  const res = await request(`/api/homes/${id}`, { as });
  expect(res.status).toBe(200);
  return res.json<HomeView>();
}

describe("a home's host", () => {
  it('is named with her id, and her face only where she shows it to the viewer', async () => {
    const host = await roles.travelHost();
    const home = await createHome(host);
    const [member, admin] = await Promise.all([roles.standard(), roles.admin()]);
    expect((await homeAs(home.id, member)).host).toEqual({ id: host.id, name: host.name, photo_url: null });

    const photo = await uploadPhoto(host);
    for (const viewer of [member, admin, host]) {
      expect((await homeAs(home.id, viewer)).host).toEqual({ id: host.id, name: host.name, photo_url: photo.photo_small_url });
    }
    // Kept to admins: other members see her initials, admins and she herself her photo.
    await saveProfile(host, { visibility: { photo: 'admins' } });
    expect((await homeAs(home.id, member)).host.photo_url).toBeNull();
    expect((await homeAs(home.id, admin)).host.photo_url).toBe(photo.photo_small_url);
    expect((await homeAs(home.id, host)).host.photo_url).toBe(photo.photo_small_url);
  });
});

describe('sent mail', () => {
  it('names the sending admin and each recipient by id, so their names link to their profiles', async () => {
    const admin = await roles.admin();
    const recipient = await roles.standard();
    const subject = `Linked names ${unique()}`;
    const sent = await request('/api/admin/send-email', {
      as: admin,
      body: { subject, body: '<p>Hello</p>', recipientGroup: 'selected', selectedMemberIds: [recipient.id] },
    });
    expect(sent.status).toBeLessThan(300);
    const { message_id: messageId } = await sent.json<{ message_id: number }>();
    const detail = await request(`/api/admin/sent-mail/${messageId}`, { as: admin });
    expect(detail.status).toBe(200);
    const body = await detail.json<{
      message: { sender_id: number | null; sender_name: string | null };
      deliveries: { to_email: string; to_name: string | null; user_id: number | null }[];
    }>();
    expect(body.message).toMatchObject({ sender_id: admin.id, sender_name: admin.name });
    expect(body.deliveries).toEqual([
      expect.objectContaining({ to_email: recipient.email, to_name: recipient.name, user_id: recipient.id }),
    ]);
  });
});
