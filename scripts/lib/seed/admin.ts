// A year of looking after the club, through the services that write the audit log: the admin's
// two-factor sign-ins, user management, moderation of events, photos, comments and homes, and
// members' own account security (2FA, signed-in devices, their data, leaving the club). The demo's
// Audit log thus holds an entry of every kind (shared/audit-actions.ts); the membership pipeline's
// (applications, codes) and the mail's come from members.ts and mail.ts.
import { commentableId } from '../../../src/shared/commentable';
import { CreateCommentInputSchema } from '../../../src/shared/schemas/comments';
import { CreateEventInputSchema, EventAnnouncementInputSchema, UpdateEventInputSchema } from '../../../src/shared/schemas/events';
import { HomeFieldsSchema } from '../../../src/shared/schemas/homes';
import { adminDeleteUser, deleteMyAccount } from '../../../src/worker/modules/account/delete-account';
import { exportMyData } from '../../../src/worker/modules/account/export-data';
import { resetPasswordToTemp, setAdmin } from '../../../src/worker/modules/admin/users';
import { changePassword, loginTwoFactor, updateUser } from '../../../src/worker/modules/auth/account';
import { endOtherSessions, endSession, listMySessions } from '../../../src/worker/modules/auth/account-sessions';
import { createSession, resolveSession } from '../../../src/worker/modules/auth/sessions';
import { totpCode } from '../../../src/worker/modules/auth/totp';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor, startTwoFactorLogin } from '../../../src/worker/modules/auth/two-factor';
import { createComment, deleteComment } from '../../../src/worker/modules/comments/comments';
import { sendAnnouncement } from '../../../src/worker/modules/events/event-emails';
import { createEvent, deleteEvent, updateEvent } from '../../../src/worker/modules/events/events';
import { createHome, deleteHome, getHome, listHomes, setHomeHidden, updateHome } from '../../../src/worker/modules/homes/homes';
import { deleteImages, listImages, updateImage } from '../../../src/worker/modules/images/images';
import { listApplications, resendRegistrationInvitation } from '../../../src/worker/modules/membership/applications';
import type { MemberActor } from '../../../src/worker/platform/actor';
import { DEMO_USER_AGENT, type Seed } from './context';
import { eventId } from './events';
import { uploadPhoto } from './gallery';
import { ACCEPTED_NOT_REGISTERED, FORMER_MEMBERS } from './members';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * Signs in as the login does once her password has been checked (that check writes nothing, and
 * its scrypt is the slowest step of a sign-in): a session for her browser, after the pending
 * sign-in and her authenticator's code when 2FA is on. Answers the session's actor as the
 * middleware resolves it.
 */
async function signIn(seed: Seed, email: string, time: number, userAgent: string, totpSecret?: string): Promise<MemberActor> {
  const deps = seed.at(time);
  const meta = { ...seed.visitor, userAgent };
  const user = await seed.member(email);
  let token: string;
  if (user.twoFactorEnabled) {
    if (!totpSecret) throw new Error(`${email} has two-factor sign-in on: the seed needs her secret.`);
    const pending = await startTwoFactorLogin(deps, user.id);
    token = (await loginTwoFactor(deps, meta, pending.token, { code: await totpCode(totpSecret, time) })).session.token;
  } else {
    token = (await createSession(deps, user.id, userAgent)).token;
  }
  return (await resolveSession(deps, token))!;
}

/** The admin acting on her members' accounts. */
async function userManagement(seed: Seed, adminSecret: string): Promise<void> {
  const { opts } = seed;
  const admin = () => seed.member(opts.adminEmail);
  const password = opts.demoPassword;

  // She tried the hosting screens as a Travel Host for a day (Settings' Type, admins only).
  const me = await signIn(seed, opts.adminEmail, seed.when(-95), DEMO_USER_AGENT, adminSecret);
  await updateUser(seed.at(seed.when(-95)), me, { name: opts.adminName, type: 'Travel Host' });
  await updateUser(seed.at(seed.when(-94)), await admin(), { name: opts.adminName, type: 'Founding' });

  // Eleanor helped review the spring applications as an admin, for ten days.
  const eleanor = await seed.member('eleanor@club.example');
  await setAdmin(seed.at(seed.when(-150)), await admin(), { id: eleanor.id, admin: true });
  await setAdmin(seed.at(seed.when(-140)), await admin(), { id: eleanor.id, admin: false });

  // Sofia forgot her password: the admin gave her a temporary one, and she chose her own again.
  const sofia = await seed.member('sofia@club.example');
  const { temporary_password: temporaryPassword } = await resetPasswordToTemp(seed.at(seed.when(-75)), await admin(), { id: sofia.id });
  const withTemporary = await signIn(seed, sofia.email, seed.when(-74), ANDROID);
  await changePassword(seed.at(seed.when(-74)), withTemporary, { oldPassword: temporaryPassword, newPassword: password, remove_passkeys: true }, { userAgent: ANDROID });

  // Lucía's registration link went astray: the admin sent her a new one.
  const accepted = await listApplications(seed.at(seed.when(-3)), await admin(), { status: 'accepted' });
  const lucia = accepted.items.find((a) => a.email === ACCEPTED_NOT_REGISTERED.email)!;
  await resendRegistrationInvitation(seed.at(seed.when(-3)), await admin(), { id: lucia.id });

  // Nina posted an advert under an event: the admin removed it, and later, at her request, her account.
  const nina = await seed.member(FORMER_MEMBERS.nina.email);
  const advert = await createComment(
    seed.at(seed.when(-35)),
    nina,
    CreateCommentInputSchema.parse({
      content: 'Selling two tickets to the opera next week, message me!',
      commentableId: commentableId('event', await eventId(seed, 'Members Showcase: Ceramics')),
    }),
  );
  await deleteComment(seed.at(seed.when(-34)), await admin(), { id: advert.id });
  await adminDeleteUser(seed.at(seed.when(-30)), await admin(), { userId: nina.id });
}

/** Members' own account security: 2FA tried and turned off, devices signed out, data downloaded, an account deleted. */
async function memberAccounts(seed: Seed): Promise<void> {
  const password = seed.opts.demoPassword;

  // Amara turned two-factor sign-in on, then off again when she changed phones.
  const amara = await seed.member('amara@club.example');
  const setup = await setupTwoFactor(seed.at(seed.when(-60)), amara);
  await enableTwoFactor(seed.at(seed.when(-60)), amara, { code: await totpCode(setup.secret, seed.when(-60)) });
  await disableTwoFactor(seed.at(seed.when(-50)), await seed.member(amara.email), {
    password,
    code: await totpCode(setup.secret, seed.when(-50)),
  });

  // Eleanor ended the session on her old phone from her laptop (Settings > Signed-in devices).
  await signIn(seed, 'eleanor@club.example', seed.when(-10), IPHONE);
  const laptop = await signIn(seed, 'eleanor@club.example', seed.when(-3), DEMO_USER_AGENT);
  const phone = (await listMySessions(seed.at(seed.when(-3)), laptop)).sessions.find((s) => !s.current)!;
  await endSession(seed.at(seed.when(-3)), laptop, { id: phone.id });

  // Sofia signed out everywhere else after using a friend's tablet.
  await signIn(seed, 'sofia@club.example', seed.when(-8), ANDROID);
  await endOtherSessions(seed.at(seed.when(-2)), await signIn(seed, 'sofia@club.example', seed.when(-2), DEMO_USER_AGENT));

  // Priya downloaded what the club holds about her.
  await exportMyData(seed.at(seed.when(-15)), await seed.member('priya@club.example'), { fetchSite: 'same-origin' });

  // Rosa left the club and deleted her account herself.
  await deleteMyAccount(seed.at(seed.when(-90)), await seed.member(FORMER_MEMBERS.rosa.email), { password });
}

/** The admin tidying up members' events, photos and homes (each written to the audit log as hers). */
async function moderation(seed: Seed): Promise<void> {
  const admin = () => seed.member(seed.opts.adminEmail);

  // The book club's call moved to a new link.
  const bookClub = await eventId(seed, 'Book Club: The Remains of the Day');
  await updateEvent(
    seed.at(seed.when(-5)),
    await admin(),
    UpdateEventInputSchema.parse({ id: bookClub, virtual_link: 'https://meet.example.com/owow-book-club-november' }),
  );
  // Hana's karaoke night lost its venue; the admin took it down for her.
  const karaoke = await createEvent(
    seed.at(seed.when(-30)),
    await seed.member('hana@club.example'),
    CreateEventInputSchema.parse({
      title: 'Karaoke Night in Shibuya',
      type: 'karaoke',
      event_date: seed.date(8),
      start_time: '20:00',
      end_time: '23:00',
      time_zone: 'Asia/Tokyo',
      is_physical: true,
      location: 'Udagawacho 13',
      city: 'Tokyo',
      country: 'Japan',
      description: 'A private room, a long song list and no judgement.',
    }),
  );
  await deleteEvent(seed.at(seed.when(-6)), await admin(), { id: karaoke.id });
  // The admin wrote to the gala call's participants with the agenda.
  await sendAnnouncement(
    seed.at(seed.when(-1)),
    await admin(),
    EventAnnouncementInputSchema.parse({
      eventId: await eventId(seed, 'Charity Gala Planning Call'),
      subject: 'Agenda for the gala call',
      body: '<p>Three things: the cause, the venue, and who leads the auction. Bring ideas!</p>',
    }),
  );

  // A photo's caption, and a photo uploaded twice.
  const images = (await listImages(seed.at(seed.now), await admin(), { limit: 100 })).items;
  const loire = images.find((i) => i.title === 'Evening on the Loire')!;
  await updateImage(seed.at(seed.when(-8)), await admin(), {
    id: loire.id,
    description: 'Hana’s photo from the river, the evening before the wine tasting was planned.',
    tags: [...loire.tags, 'Loire'],
  });
  const twice = await uploadPhoto(seed, 'mei@club.example', seed.when(-9, 1), 'watercolour', { title: 'Loose florals (copy)', tags: ['art'] });
  await deleteImages(seed.at(seed.when(-8)), await admin(), { images: [twice.id] });

  // Homes: the check-in time added to a host's rules, a listing made twice removed, one hidden for a
  // day while its photos were checked.
  const homes = (await listHomes(seed.at(seed.now), await admin(), { scope: 'all' })).items;
  const homeId = (title: string) => homes.find((h) => h.title === title)!.id;
  const kyoto = await getHome(seed.at(seed.when(-20)), await admin(), { id: homeId('Kyoto Machiya Townhouse') });
  await updateHome(seed.at(seed.when(-20)), await admin(), {
    id: kyoto.id,
    ...HomeFieldsSchema.parse({
      ...kyoto,
      address: 'Tominokoji-dori, Nakagyo-ku, Kyoto',
      house_rules: `${kyoto.house_rules} Check-in from 3 pm.`,
      availability: kyoto.availability,
      image_ids: kyoto.photos.map((p) => p.id),
    }),
  });
  const ocean = await getHome(seed.at(seed.when(-25)), await admin(), { id: homeId('Ocean House on Maui') });
  const copy = await createHome(
    seed.at(seed.when(-25)),
    await seed.member('claire@club.example'),
    HomeFieldsSchema.parse({ ...ocean, address: ocean.address!, title: 'Ocean House on Maui (copy)', availability: [], image_ids: [] }),
  );
  await deleteHome(seed.at(seed.when(-24)), await admin(), { id: copy.id });
  const daikanyama = homeId('Daikanyama Garden Apartment');
  await setHomeHidden(seed.at(seed.when(-16)), await admin(), { id: daikanyama, hidden: true });
  await setHomeHidden(seed.at(seed.when(-15)), await admin(), { id: daikanyama, hidden: false });
}

export async function seedAdmin(seed: Seed, adminSecret: string | null): Promise<void> {
  if (!adminSecret) throw new Error('The demo needs the admin to have two-factor sign-in on while it is made.');
  await userManagement(seed, adminSecret);
  await memberAccounts(seed);
  await moderation(seed);
  // The admin's sign-ins of the last weeks, each with her authenticator's code.
  for (const daysAgo of [19, 1]) await signIn(seed, seed.opts.adminEmail, seed.when(-daysAgo), DEMO_USER_AGENT, adminSecret);
}
