// Issue 22's heart (DECISIONS "People and profiles"): a field a member keeps to admins never
// reaches another member in any form (the list, her page, the vCard, a search or filter match, her
// photo's bytes); admins and she herself see it all. Out of the directory, others see her name
// and photo only.
import { describe, expect, it } from 'vitest';
import type { MemberCard } from '../../../src/shared/members';
import type { CommentView } from '../../../src/shared/schemas/comments';
import type { EventDetailDto } from '../../../src/shared/schemas/events';
import { eventParticipants } from '../../../src/worker/db/schema/events';
import { deps, insertEvent, roles, request } from '../helpers';
import { WEBP_10x6 } from '../images/image-fixtures';
import { directory, memberPage, memberWithProfile, rareWord, saveProfile, uploadPhoto } from './members-helpers';

const card = (cards: MemberCard[], id: number) => cards.find((c) => c.id === id);

/** Every field kept to admins; a rare word in each text, so searches can aim at one field. */
async function privateMember(word: string) {
  return memberWithProfile(word, {
    title: `${word}title Director`,
    company: `${word}company Holdings`,
    city: `${word}city`,
    country: 'NZ',
    industry: 'Energy',
    interests: ['Gardening'],
    bio: `${word}bio private`,
    links: { linkedin: 'https://www.linkedin.com/in/private', website: 'https://private.example' },
    phone: '+64 21 555 0199',
    visibility: {
      photo: 'admins',
      title: 'admins',
      company: 'admins',
      city: 'admins',
      country: 'admins',
      industry: 'admins',
      interests: 'admins',
      bio: 'admins',
      links: 'admins',
      phone: 'admins',
      email: 'admins',
    },
  });
}

const HIDDEN_CARD = { photo_url: null, title: null, company: null, city: null, country: null, industry: null, interests: null };

describe('a field kept to admins', () => {
  it('is null in the directory for members, and there for admins and for herself', async () => {
    const word = rareWord('priv');
    const [viewer, admin, her] = await Promise.all([roles.standard(), roles.admin(), privateMember(word)]);
    await uploadPhoto(her);
    const seen = card(await directory({ q: word }, viewer), her.id);
    expect(seen).toEqual({ id: her.id, name: her.name, can_message: true, ...HIDDEN_CARD });

    const byAdmin = card(await directory({ q: word }, admin), her.id)!;
    expect(byAdmin).toMatchObject({
      title: `${word}title Director`,
      company: `${word}company Holdings`,
      country: 'NZ',
      industry: 'Energy',
    });
    expect(byAdmin.photo_url).toMatch(/^\/images\/members\//);
    const bySelf = card(await directory({ q: word }, her), her.id)!;
    expect(bySelf.company).toBe(`${word}company Holdings`);
  });

  it('is null on her page for members (bio, links, phone, email too), and there for admins and herself', async () => {
    const word = rareWord('page');
    const [viewer, admin, her] = await Promise.all([roles.standard(), roles.admin(), privateMember(word)]);
    await uploadPhoto(her);
    const seen = await memberPage(her.id, viewer);
    expect(seen).toMatchObject({ ...HIDDEN_CARD, bio: null, links: null, phone: null, email: null, photo_small_url: null });
    expect(seen.private_fields).toEqual([]);
    // Type and member since are not profile fields: shown while she is in the directory.
    expect(seen.type).toBe('Standard');

    for (const who of [admin, her]) {
      const p = await memberPage(her.id, who);
      expect(p).toMatchObject({ bio: `${word}bio private`, phone: '+64215550199', email: her.email, city: `${word}city` });
      // Stored as the URL parser reads it (issue 45): the bare host gains its path.
      expect(p.links).toEqual({ linkedin: 'https://www.linkedin.com/in/private', website: 'https://private.example/' });
      expect(p.private_fields).toContain('phone');
      expect(p.photo_url).toMatch(/^\/images\/members\//);
    }
  });

  it('never reaches the HTML, JSON or vCard answers in any form', async () => {
    const word = rareWord('leak');
    const [viewer, her] = await Promise.all([roles.standard(), privateMember(word)]);
    const answers = await Promise.all([
      request(`/api/members?q=${encodeURIComponent(her.name)}`, { as: viewer }).then((r) => r.text()),
      request(`/api/members/${her.id}`, { as: viewer }).then((r) => r.text()),
      request(`/api/members/${her.id}/vcard`, { as: viewer }).then((r) => r.text()),
      request(`/members/${her.id}`, { as: viewer }).then((r) => r.text()),
    ]);
    for (const text of answers) {
      for (const secret of [
        `${word}title`,
        `${word}company`,
        `${word}city`,
        `${word}bio`,
        '555 0199',
        '5550199',
        her.email,
        'private.example',
        'Gardening',
      ]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it('is absent from the vCard for members and in it for admins', async () => {
    const word = rareWord('vcf');
    const [viewer, admin, her] = await Promise.all([roles.standard(), roles.admin(), privateMember(word)]);
    await uploadPhoto(her, WEBP_10x6);
    const forMember = await request(`/api/members/${her.id}/vcard`, { as: viewer });
    expect(forMember.status).toBe(200);
    expect(forMember.headers.get('Content-Type')).toBe('text/vcard; charset=utf-8');
    const text = await forMember.text();
    expect(text).toContain(`FN:${her.name}`);
    for (const property of ['TITLE', 'ORG', 'EMAIL', 'TEL', 'ADR', 'URL', 'NOTE', 'PHOTO', 'CATEGORIES']) {
      expect(text).not.toMatch(new RegExp(`^${property}[;:]`, 'm'));
    }
    const full = await (await request(`/api/members/${her.id}/vcard`, { as: admin })).text();
    for (const line of [
      `TITLE:${word}title Director`,
      `ORG:${word}company Holdings`,
      `EMAIL;TYPE=home:${her.email}`,
      'TEL;VALUE=uri;TYPE=cell:tel:+64215550199',
    ]) {
      expect(full).toContain(line);
    }
    expect(full).toMatch(/^ADR;TYPE=home:;;;\w+city;;;New Zealand\r$/m);
    expect(full).toMatch(/^PHOTO:data:image\/webp;base64,/m);
  });

  it('is never what a member’s search matched: a hidden title, company, city, country, industry or interest finds nothing; admins find it', async () => {
    const word = rareWord('srch');
    const [viewer, admin, her] = await Promise.all([roles.standard(), roles.admin(), privateMember(word)]);
    // Her country (NZ), industry (Energy) and interests (Gardening) are searched too (issue 46, point 8).
    for (const q of [
      `${word}title`,
      `${word}company`,
      `${word}city`,
      `${word}tit`,
      `${word} zealand`,
      `${word} energy`,
      `${word} gardening`,
    ]) {
      expect(card(await directory({ q }, viewer), her.id), q).toBeUndefined();
      expect(card(await directory({ q }, admin), her.id), q).toBeDefined();
    }
    // Her name is always shown, so it always finds her.
    expect(card(await directory({ q: word }, viewer), her.id)).toBeDefined();
  });

  it('is never what a member’s filter matched (country, industry, interest); admins’ filters see it', async () => {
    const word = rareWord('filt');
    const [viewer, admin, her] = await Promise.all([roles.standard(), roles.admin(), privateMember(word)]);
    for (const filter of [{ country: 'NZ' }, { industry: 'Energy' }, { interest: 'Gardening' }] as Record<string, string>[]) {
      expect(card(await directory({ q: word, ...filter }, viewer), her.id), JSON.stringify(filter)).toBeUndefined();
      expect(card(await directory({ q: word, ...filter }, admin), her.id), JSON.stringify(filter)).toBeDefined();
    }
  });

  it('follows her changes at once: shown again, it is found and listed', async () => {
    const word = rareWord('chg');
    const [viewer, her] = await Promise.all([roles.standard(), privateMember(word)]);
    expect(card(await directory({ q: `${word}company` }, viewer), her.id)).toBeUndefined();
    await saveProfile(her, { visibility: { company: 'members', country: 'members' } });
    expect(card(await directory({ q: `${word}company` }, viewer), her.id)?.company).toBe(`${word}company Holdings`);
    expect(card(await directory({ q: word, country: 'NZ' }, viewer), her.id)).toBeDefined();
    await saveProfile(her, { visibility: { company: 'admins' } });
    expect(card(await directory({ q: `${word}company` }, viewer), her.id)).toBeUndefined();
  });
});

describe('her photo', () => {
  it('is served to members while she shows it, never once she keeps it to admins (herself and admins still see it)', async () => {
    const [viewer, admin, her] = await Promise.all([roles.standard(), roles.admin(), roles.standard()]);
    const photo = await uploadPhoto(her);
    expect((await request(photo.photo_url, { as: viewer })).status).toBe(200);
    expect((await request(photo.photo_small_url, { as: viewer })).status).toBe(200);
    expect((await request(photo.photo_url)).status).toBe(401);
    await saveProfile(her, { visibility: { photo: 'admins' } });
    expect((await request(photo.photo_url, { as: viewer })).status).toBe(404);
    expect((await request(photo.photo_small_url, { as: viewer })).status).toBe(404);
    expect((await request(photo.photo_url, { as: admin })).status).toBe(200);
    expect((await request(photo.photo_url, { as: her })).status).toBe(200);
  });
});

describe('a member out of the directory', () => {
  it('is not listed nor found by members; admins list her', async () => {
    const word = rareWord('unl');
    const [viewer, admin] = await Promise.all([roles.standard(), roles.admin()]);
    const her = await memberWithProfile(word, { title: 'Architect', directory: false });
    const listed = await memberWithProfile(word, { title: 'Architect' });
    const seen = await directory({ q: word }, viewer);
    expect(card(seen, her.id)).toBeUndefined();
    expect(card(seen, listed.id)).toBeDefined();
    expect(card(await directory({ q: word }, admin), her.id)?.title).toBe('Architect');
  });

  it('shows others her name and her photo (if shown) only; herself and admins everything', async () => {
    const word = rareWord('nm');
    const [viewer, admin] = await Promise.all([roles.standard(), roles.admin()]);
    const her = await memberWithProfile(
      word,
      { title: 'Architect', city: 'Oslo', bio: 'Hello', directory: false },
      { type: 'Travel Host' },
    );
    await uploadPhoto(her);
    const seen = await memberPage(her.id, viewer);
    expect(seen).toMatchObject({
      id: her.id,
      name: her.name,
      title: null,
      city: null,
      bio: null,
      type: null,
      member_since: null,
      directory: false,
    });
    expect(seen.photo_url).toMatch(/^\/images\/members\//);
    expect(seen.upcoming_events).toEqual([]);
    const vcard = await (await request(`/api/members/${her.id}/vcard`, { as: viewer })).text();
    expect(vcard).not.toContain('Architect');
    expect(vcard).toContain(`FN:${her.name}`);
    expect((await memberPage(her.id, admin)).title).toBe('Architect');
    expect((await memberPage(her.id, her)).city).toBe('Oslo');
  });
});

describe('GET /api/members/{id}', () => {
  it("answers 404 {error: 'Member not found.'} for an unknown id, and 401 to a visitor", async () => {
    const viewer = await roles.standard();
    const res = await request('/api/members/987654321', { as: viewer });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'Member not found.' });
    expect((await request('/api/members/987654321/vcard', { as: viewer })).status).toBe(404);
    expect((await request(`/api/members/${viewer.id}`)).status).toBe(401);
    expect((await request('/api/members')).status).toBe(401);
  });
});

describe('names and faces on other screens', () => {
  it('a participant’s and a comment author’s photo reach members only while she shows it; her name always', async () => {
    const [viewer, admin, her] = await Promise.all([roles.standard(), roles.admin(), roles.standard()]);
    const photo = await uploadPhoto(her);
    const event = await insertEvent();
    await deps().db.insert(eventParticipants).values({ eventId: event.id, userId: her.id });
    const posted = await request('/api/comments', { as: her, body: { content: 'Hello', commentableId: `event-${event.id}` } });
    expect(posted.status).toBe(201);
    // Her own new comment carries her photo at once.
    expect((await posted.json<CommentView>()).user_photo_url).toBe(photo.photo_small_url);

    const seen = async (who: typeof viewer) => {
      const page = await (await request(`/api/events/${event.id}`, { as: who })).json<EventDetailDto>();
      const comments = await (await request(`/api/comments?commentableId=event-${event.id}`, { as: who })).json<CommentView[]>();
      return {
        participant: page.participants.find((p) => p.user_id === her.id),
        comment: comments.find((c) => c.user_id === her.id),
      };
    };
    let s = await seen(viewer);
    expect(s.participant).toEqual({ user_id: her.id, name: her.name, photo_url: photo.photo_small_url });
    expect(s.comment?.user_photo_url).toBe(photo.photo_small_url);

    await saveProfile(her, { visibility: { photo: 'admins' } });
    s = await seen(viewer);
    expect(s.participant).toEqual({ user_id: her.id, name: her.name, photo_url: null });
    expect(s.comment).toMatchObject({ username: her.name, user_photo_url: null });
    s = await seen(admin);
    expect(s.participant?.photo_url).toBe(photo.photo_small_url);
    expect(s.comment?.user_photo_url).toBe(photo.photo_small_url);
  });
});
