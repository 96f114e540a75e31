// Issue 22 beside issue 24's membership terms and roster: her page's member-since is her term's,
// the roster export carries her profile's city and country, a member invited from the roster
// starts with the row's phone, city and country kept to admins, and a lapsed member keeps her own
// profile (Settings > Profile) and photo but no one else's.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/shared/membership-term';
import { cookieFrom, createUser, request, roles, unique } from '../helpers';
import { tokenMailedTo } from '../membership/membership-helpers';
import { lapsedMember, setTerm, today } from '../membership/terms-helpers';
import { memberPage, myProfile, saveProfile, uploadPhoto } from './members-helpers';

describe('members and membership terms', () => {
  it("shows her term's member-since date on her page and in her profile", async () => {
    const her = await createUser({ name: 'Tess Term' });
    await setTerm(her, { member_since: '2019-04-01', renews_on: addDays(today(), 200) });
    const viewer = await roles.standard();
    expect((await memberPage(her.id, viewer)).member_since).toBe('2019-04-01');
    expect((await myProfile(her)).member_since).toBe('2019-04-01');
  });

  it("exports her profile's city and country in members.csv, whoever may see them", async () => {
    const admin = await roles.admin();
    const her = await createUser({ name: 'Rosa Roster' });
    await saveProfile(her, { city: 'Lisbon', country: 'PT', visibility: { city: 'admins' } });
    const bare = await createUser({ name: 'Nell Noprofile' });
    const res = await request('/api/admin/members.csv', { as: admin });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(new RegExp(`\\r\\n${her.email.replace(/[.+]/g, '\\$&')},Rosa Roster,[^\\r]*,Lisbon,PT\\r\\n`));
    expect(text).toMatch(new RegExp(`\\r\\n${bare.email.replace(/[.+]/g, '\\$&')},Nell Noprofile,[^\\r]*,,\\r\\n`));
  });

  it("starts a member invited from the roster with the row's phone, city and country, kept to admins", async () => {
    const admin = await roles.admin();
    const email = `${unique('row')}@import.example`;
    const form = new FormData();
    const csv = `email,name,type,phone,city,country\n${email},Rhea Row,Standard,+44 20 7946 0000,Edinburgh,GB\n`;
    form.set('file', new File([csv], 'roster.csv', { type: 'text/csv' }));
    expect((await request('/api/admin/imports', { method: 'POST', body: form, as: admin })).status).toBe(201);
    const token = await tokenMailedTo(email, '/register/');
    const registered = await request('/api/register', { body: { token, name: 'Rhea Row', type: 'Standard', password: 'a-good-password' } });
    expect(registered.status).toBe(201);

    const login = await request('/login', { body: { email, password: 'a-good-password' } });
    expect(login.status).toBe(200);
    const her = { ...(await roles.standard()), email, cookie: cookieFrom(login, 'owow_session')! };
    const mine = await myProfile(her);
    expect(mine).toMatchObject({ phone: '+442079460000', city: 'Edinburgh', country: 'GB' });
    expect(mine.visibility).toMatchObject({ phone: 'admins', city: 'admins', country: 'admins' });

    const other = await roles.standard();
    const seen = await memberPage(mine.id, other);
    expect(seen).toMatchObject({ phone: null, city: null, country: null });
    expect((await memberPage(mine.id, admin)).city).toBe('Edinburgh');
  });

  it('keeps a lapsed member her own profile and photo, and nothing of anyone else', async () => {
    const shown = await createUser({ name: 'Sana Shown' });
    const theirs = await uploadPhoto(shown);
    const lapsed = await lapsedMember({ name: 'Lea Lapsed' });
    expect((await request('/api/profile', { as: lapsed })).status).toBe(200);
    expect((await request('/api/profile', { method: 'PUT', as: lapsed, body: { city: 'Oslo' } })).status).toBe(200);
    const mine = await uploadPhoto(lapsed);
    expect((await request(mine.photo_url, { as: lapsed })).status).toBe(200);
    expect((await request(mine.photo_small_url, { as: lapsed })).status).toBe(200);
    // Another member's photo, which members may see: not to her while lapsed.
    expect((await request(theirs.photo_url, { as: await roles.standard() })).status).toBe(200);
    expect((await request(theirs.photo_url, { as: lapsed })).status).toBe(404);
    const directory = await request('/api/members', { as: lapsed });
    expect(directory.status).toBe(403);
    expect((await request(`/api/members/${shown.id}`, { as: lapsed })).status).toBe(403);
    expect((await request('/api/profile/photo', { method: 'DELETE', as: lapsed })).status).toBe(200);
  });
});
