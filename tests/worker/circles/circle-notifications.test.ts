// Issue 39's notifications: a new post reaches its circle's members (not its author, not a member
// who muted the circle), a request to join reaches its hosts, an acceptance the member; a post's
// comment reaches its author; the daily summary lists new posts under their circle.
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_INFO } from '../../../src/shared/notifications';
import { sendDailyDigests } from '../../../src/worker/modules/notifications/digest';
import { processNotificationNews } from '../../../src/worker/modules/notifications/fan-out';
import { updateNotificationSettings } from '../../../src/worker/modules/notifications/preferences';
import { createPost } from '../../../src/worker/modules/circles/posts';
import { actorOf, createUser, mailTo, request, roles } from '../helpers';
import { setTerm } from '../membership/terms-helpers';
import { depsAt, listOf, rowsOf, settleNotifications } from '../notifications/notification-helpers';
import { circleWith, makeCircle, post } from './circles-helpers';

describe('circle_post', () => {
  it('reaches its members but its author and those who muted it; daily by default', async () => {
    expect(NOTIFICATION_KIND_INFO.circle_post.defaultEmail).toBe('daily');
    const { circle, members } = await circleWith(3);
    const [author, reader, muted] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const outsider = await roles.standard();
    const res = await request(`/api/circles/${circle.slug}/mute`, { as: muted, body: { muted: true } });
    expect(await res.json()).toEqual({ muted: true });
    const p = await post(circle, author!, 'Harvest tasting');
    await settleNotifications();
    const [entry] = (await listOf(reader!)).filter((e) => e.kind === 'circle_post');
    expect(entry).toMatchObject({
      text: `${author!.name} posted “Harvest tasting” in ${circle.name}`,
      url: `/circles/${circle.slug}?post=${p.id}`,
    });
    for (const u of [author!, muted!, outsider])
      expect(
        (await rowsOf(u.id)).filter((r) => r.kind === 'circle_post'),
        u.name,
      ).toEqual([]);
  });

  it('a comment on a post reaches its author', async () => {
    const { circle, members } = await circleWith(2);
    const p = await post(circle, members[0]!, 'Kettle advice');
    await settleNotifications();
    await request('/api/comments', { as: members[1], body: { commentableId: `post-${p.id}`, content: 'Cast iron!' } });
    await settleNotifications();
    const [entry] = (await listOf(members[0]!)).filter((e) => e.kind === 'comment');
    expect(entry).toMatchObject({
      text: `${members[1]!.name} commented on the post “Kettle advice”`,
      url: `/circles/${circle.slug}?post=${p.id}`,
    });
  });
});

describe('circle_request and circle_accepted', () => {
  it('a request reaches its hosts (instant by default); the acceptance reaches her', async () => {
    expect(NOTIFICATION_KIND_INFO.circle_request.defaultEmail).toBe('instant');
    expect(NOTIFICATION_KIND_INFO.circle_accepted.defaultEmail).toBe('instant');
    const admin = await roles.admin();
    const circle = await makeCircle(admin, { join: 'request' });
    const her = await createUser({ name: 'Amara Okafor' });
    await request(`/api/circles/${circle.slug}/join`, { as: her, body: {} });
    await settleNotifications();
    const [asked] = (await listOf(admin)).filter((e) => e.kind === 'circle_request');
    expect(asked).toMatchObject({ text: `Amara Okafor asked to join ${circle.name}`, url: `/circles/${circle.slug}?requests=1` });
    await request(`/api/circles/${circle.slug}/requests/${her.id}`, { as: admin, body: { accept: true } });
    await settleNotifications();
    const [accepted] = (await listOf(her)).filter((e) => e.kind === 'circle_accepted');
    expect(accepted).toMatchObject({ text: `${admin.name} accepted you into ${circle.name}`, url: `/circles/${circle.slug}` });
  });
});

describe('the daily summary', () => {
  it('lists new posts under their circle’s name', async () => {
    const at = Date.UTC(2031, 0, 15, 12);
    const { circle, members } = await circleWith(2);
    const reader = members[1]!;
    await setTerm(reader, { renews_on: '2099-01-01' });
    await updateNotificationSettings(depsAt(at - 86_400_000), actorOf(reader), { timeZone: 'UTC' });
    const d = depsAt(at);
    await createPost(d, actorOf(members[0]!), { slug: circle.slug, title: 'Matcha morning', body: 'Who is in?', image_ids: [] });
    await processNotificationNews(d);
    await sendDailyDigests(depsAt(Date.UTC(2031, 0, 16, 7, 10)));
    const [mail] = (await mailTo(reader.email)).filter((m) => m.kind === 'notification_digest');
    expect(mail!.html).toContain('New posts in your circles');
    expect(mail!.html).toMatch(new RegExp(`<h3[^>]*>${circle.name}</h3>`));
    expect(mail!.text).toContain('posted “Matcha morning”');
  });
});
