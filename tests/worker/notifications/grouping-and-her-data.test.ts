import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createUser, insertEvent, request, roles, TEST_PASSWORD, type TestUser } from '../helpers';
import { saveProfile, uploadPhoto } from '../members/members-helpers';
import { listOf, rowsOf, settleNotifications, unreadOf } from './notification-helpers';

async function commentOn(as: TestUser) {
  const ev = await insertEvent();
  const res = await request('/api/comments', { as, body: { content: 'Mine', commentableId: `event-${ev.id}` } });
  return (await res.json()) as { id: number };
}

const like = (as: TestUser, id: number) => request(`/api/comments/${id}/like`, { method: 'POST', as });

describe('grouping', () => {
  it('several likes of her comment, unread, are one entry: "Amara Okafor and 2 others liked your comment"', async () => {
    const author = await createUser();
    const [sofia, mei, amara] = [
      await createUser({ name: 'Sofia Rossi' }),
      await createUser({ name: 'Mei Lin' }),
      await createUser({ name: 'Amara Okafor' }),
    ];
    const c = await commentOn(author);
    for (const u of [sofia, mei, amara]) {
      expect((await like(u, c.id)).status).toBe(200);
      await settleNotifications();
    }
    const likes = (await listOf(author)).filter((e) => e.kind === 'like');
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ text: 'Amara Okafor and 2 others liked your comment', count: 3 });
    expect(likes[0]!.actors.map((a) => a.name)).toEqual(['Amara Okafor', 'Mei Lin', 'Sofia Rossi']);
    expect(await unreadOf(author)).toBe(1);
  });

  it('each person comes with her small photo as issue 22 shows it to the reader: shown to members, or null when she keeps it to admins', async () => {
    const author = await createUser();
    const admin = await roles.admin();
    const [shown, hidden] = [await createUser({ name: 'Shown Face' }), await createUser({ name: 'Hidden Face' })];
    const shownPhoto = await uploadPhoto(shown);
    await uploadPhoto(hidden);
    await saveProfile(hidden, { visibility: { photo: 'admins' } });
    const c = await commentOn(author);
    const adminsComment = await commentOn(admin);
    for (const u of [shown, hidden]) {
      await like(u, c.id);
      await like(u, adminsComment.id);
    }
    await settleNotifications();
    const entry = (await listOf(author)).find((e) => e.kind === 'like')!;
    expect(entry.actors).toEqual([
      { id: hidden.id, name: 'Hidden Face', photo_url: null },
      { id: shown.id, name: 'Shown Face', photo_url: shownPhoto.photo_small_url },
    ]);
    // An admin sees every face.
    const adminsEntry = (await listOf(admin)).find((e) => e.kind === 'like' && e.actors.some((a) => a.id === hidden.id))!;
    expect(adminsEntry.actors.find((a) => a.id === hidden.id)!.photo_url).toMatch(/^\/images\/members\//);
  });

  it('two people read "A and B"; the same person twice stays one person', async () => {
    const author = await createUser();
    const [sofia, mei] = [await createUser({ name: 'Sofia Rossi' }), await createUser({ name: 'Mei Lin' })];
    const c = await commentOn(author);
    await like(sofia, c.id);
    await request(`/api/comments/${c.id}/unlike`, { method: 'DELETE', as: sofia });
    await like(sofia, c.id);
    await settleNotifications();
    expect((await listOf(author)).find((e) => e.kind === 'like')).toMatchObject({ text: 'Sofia Rossi liked your comment', count: 1 });
    await like(mei, c.id);
    await settleNotifications();
    expect((await listOf(author)).find((e) => e.kind === 'like')).toMatchObject({
      text: 'Mei Lin and Sofia Rossi liked your comment',
      count: 2,
    });
  });

  it('once read, the next one about the same thing is a new entry; different things are separate entries', async () => {
    const author = await createUser();
    const [sofia, mei] = [await createUser({ name: 'Sofia Rossi' }), await createUser({ name: 'Mei Lin' })];
    const first = await commentOn(author);
    const second = await commentOn(author);
    await like(sofia, first.id);
    await like(sofia, second.id);
    await settleNotifications();
    expect((await listOf(author)).filter((e) => e.kind === 'like')).toHaveLength(2);
    await request('/api/notifications/read', { as: author, body: { all: true } });
    await like(mei, first.id);
    await settleNotifications();
    const list = (await listOf(author)).filter((e) => e.kind === 'like');
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ text: 'Mei Lin liked your comment', read_at: null, count: 1 });
    expect(await unreadOf(author)).toBe(1);
  });
});

describe('her data', () => {
  it('her export carries her email choice per kind and her time zone', async () => {
    const u = await createUser();
    await request('/api/notification-preferences', { method: 'PUT', as: u, body: { like: 'instant' } });
    await request('/trpc/notifications.updateSettings', { as: u, body: { timeZone: 'Asia/Tokyo' } });
    const res = await request('/api/account/export', { as: u });
    expect(res.status).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))['data.json']!)) as Record<string, unknown>;
    expect(data.timeZone).toBe('Asia/Tokyo');
    expect(data.notificationEmails).toMatchObject({ like: 'instant', comment: 'daily', event_changed: 'instant' });
  });

  it("deleting her account removes her notifications and shows her as 'Former member' in others'", async () => {
    const author = await createUser();
    const her = await createUser({ name: 'Leaving Soon' });
    const other = await createUser({ name: 'Mei Lin' });
    const c = await commentOn(author);
    await like(her, c.id);
    await like(other, c.id);
    // She has notifications of her own too.
    const hers = await commentOn(her);
    await like(author, hers.id);
    await settleNotifications();
    expect(await rowsOf(her.id)).toHaveLength(1);
    expect((await request('/api/account', { method: 'DELETE', as: her, body: { password: TEST_PASSWORD } })).status).toBe(200);
    expect(await rowsOf(her.id)).toHaveLength(0);
    const entry = (await listOf(author)).find((e) => e.kind === 'like')!;
    expect(entry.text).toBe('Mei Lin and Former member liked your comment');
    expect(entry.actors).toEqual([
      { id: other.id, name: 'Mei Lin', photo_url: null },
      { id: null, name: 'Former member', photo_url: null },
    ]);
  });
});
