// The demo's members, each through the membership pipeline as a real member joins: she applies
// with the invitation code, the admin accepts (granting Founding to some), and she registers from
// the emailed link. The Travel Hosts' applications carry the property that becomes their first home.
import { desc, eq } from 'drizzle-orm';
import type { AccountType } from '../../../src/shared/constants';
import { ApplicationInputSchema, type ApplicationInput } from '../../../src/shared/schemas/application';
import { CreateInvitationCodeInputSchema, RegisterInputSchema, type CreateInvitationCodeInput } from '../../../src/shared/schemas/membership';
import { applications } from '../../../src/worker/db/schema/membership';
import { changePrivilege } from '../../../src/worker/modules/admin/users';
import { decideApplication, submitApplication } from '../../../src/worker/modules/membership/applications';
import { createInvitationCode, revokeInvitationCode } from '../../../src/worker/modules/membership/invitation-codes';
import { register } from '../../../src/worker/modules/membership/registration';
import type { MemberActor } from '../../../src/worker/platform/actor';
import type { Seed } from './context';

type Application = Omit<ApplicationInput, 'invitationCode' | 'full_name' | 'email'>;

export interface Applicant {
  name: string;
  email: string;
  application: Application;
}

export interface DemoMember extends Applicant {
  /** Her account type today (README's seeded-data table). */
  type: AccountType;
  joinedDaysAgo: number;
  /** The admin let her choose Founding when accepting her. */
  grantFounding?: boolean;
}

const standard = (reason: string, interests: Application['interests'], phone: string): Application => ({
  reason,
  interests,
  phone,
  availability: 'Flexible',
  membershipType: 'Standard',
  referral: 'A member of the club',
});

export const DEMO_MEMBERS = [
  {
    name: 'Eleanor Vance',
    email: 'eleanor@club.example',
    type: 'Founding',
    joinedDaysAgo: 380,
    grantFounding: true,
    application: standard(
      'I have wanted a circle like this for years: women who run things all week and want to make things at the weekend.',
      ['Workshops', 'Showcases'],
      '+14155550101',
    ),
  },
  {
    name: 'Amara Okafor',
    email: 'amara@club.example',
    type: 'Founding',
    joinedDaysAgo: 372,
    application: standard('Ceramics, books and long dinners. I would love to organise the book club.', ['Showcases', 'Shows'], '+2348055550102'),
  },
  {
    name: 'Sofia Rossi',
    email: 'sofia@club.example',
    type: 'Standard',
    joinedDaysAgo: 240,
    application: standard('A friend brought me to a tea ceremony and I want more afternoons like that.', ['Workshops', 'Travel'], '+390655550103'),
  },
  {
    name: 'Mei Lin',
    email: 'mei@club.example',
    type: 'Standard',
    joinedDaysAgo: 180,
    application: standard('I paint on weekends and would like to show my work to people who are not colleagues.', ['Showcases'], '+85255550104'),
  },
  {
    name: 'Priya Raman',
    email: 'priya@club.example',
    type: 'Standard',
    joinedDaysAgo: 120,
    application: standard('I travel for work constantly; I would like to travel for pleasure with good company.', ['Travel', 'Shows'], '+14155550105'),
  },
  {
    name: 'Claire Dubois',
    email: 'claire@club.example',
    type: 'Travel Host',
    joinedDaysAgo: 300,
    application: {
      reason: 'Our house on Maui stands empty for months every year. I would rather fill it with members of the club.',
      interests: ['Travel', 'Workshops'],
      phone: '+18085550106',
      availability: 'Weekends',
      membershipType: 'Travel Host',
      referral: 'Eleanor Vance',
      propertyAddress: 'South Kihei Rd, Maui',
      propertyType: 'House',
      propertyDescription: 'Ocean house with four bedrooms and a lanai.',
      propertyAvailability: 'Seasonal',
    },
  },
  {
    name: 'Hana Sato',
    email: 'hana@club.example',
    type: 'Travel Host',
    joinedDaysAgo: 260,
    application: {
      reason: 'I host friends in Tokyo all the time and would love to host members, and to visit theirs.',
      interests: ['Travel', 'Showcases'],
      phone: '+81355550107',
      availability: 'Flexible',
      membershipType: 'Travel Host',
      referral: 'Conference',
      propertyAddress: 'Daikanyama, Tokyo',
      propertyType: 'Apartment',
      propertyDescription: 'Quiet apartment near the park, two bedrooms.',
      propertyAvailability: 'Available Now',
    },
  },
  {
    name: 'Grace Whitfield',
    email: 'grace@club.example',
    type: 'Travel Host',
    joinedDaysAgo: 30,
    application: {
      reason: 'I would love to host members at my house in the Cotswolds and travel to others.',
      interests: ['Travel', 'Shows'],
      phone: '+442079460108',
      availability: 'Flexible',
      membershipType: 'Travel Host',
      referral: 'Claire Dubois',
      propertyAddress: 'Lower Slaughter, Cotswolds',
      propertyType: 'Cottage',
      propertyDescription: 'Stone cottage with three bedrooms and a garden.',
      propertyAvailability: 'Seasonal',
    },
  },
] as const satisfies readonly DemoMember[];

export type DemoEmail = (typeof DEMO_MEMBERS)[number]['email'];

/** She sends the Club Application with the seeded code, `daysAgo` days ago. Returns the application's id. */
export async function apply(seed: Seed, who: Applicant, daysAgo: number, code = seed.opts.inviteCode): Promise<number> {
  const input = ApplicationInputSchema.parse({ ...who.application, invitationCode: code, full_name: who.name, email: who.email });
  const deps = seed.at(seed.when(-daysAgo));
  await submitApplication(deps, seed.visitor, input);
  const [row] = await deps.db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.email, who.email))
    .orderBy(desc(applications.id))
    .limit(1);
  return row!.id;
}

/** The admin accepts (or rejects) an application `daysAgo` days ago. */
export async function decide(
  seed: Seed,
  id: number,
  daysAgo: number,
  decision: { accepted: boolean; grant_founding?: boolean; rejection_email?: string },
) {
  return decideApplication(seed.at(seed.when(-daysAgo)), await seed.member(seed.opts.adminEmail), { id, ...decision });
}

/** She follows the emailed link and registers, as `type`, with the demo password. */
export async function registerFromMail(seed: Seed, who: Applicant, type: AccountType, daysAgo: number): Promise<MemberActor> {
  const token = await seed.tokenFromMail(who.email, '/register/');
  const input = RegisterInputSchema.parse({ token, name: who.name, type, password: seed.opts.demoPassword });
  await register(seed.at(seed.when(-daysAgo)), seed.visitor, input);
  return seed.member(who.email);
}

/** Applies, is accepted the next day and registers the day after: a member `daysAgo` days ago. */
export async function joinClub(
  seed: Seed,
  who: Applicant,
  opts: { daysAgo: number; type: AccountType; grantFounding?: boolean; code?: string },
): Promise<MemberActor> {
  const id = await apply(seed, who, opts.daysAgo + 2, opts.code);
  await decide(seed, id, opts.daysAgo + 1, { accepted: true, grant_founding: opts.grantFounding ?? false });
  return registerFromMail(seed, who, opts.type, opts.daysAgo);
}

/** Invitation codes in every state: the code screen's Active, Expired, Used up and Revoked. */
async function seedInvitationCodes(seed: Seed): Promise<void> {
  const create = async (daysAgo: number, input: CreateInvitationCodeInput) =>
    createInvitationCode(seed.at(seed.when(-daysAgo)), await seed.member(seed.opts.adminEmail), CreateInvitationCodeInputSchema.parse(input));
  await create(200, { code: 'SUMMER-RETREAT', note: 'Guests of the summer retreat', expires_at: new Date(seed.when(-120)).toISOString(), max_uses: 10 });
  const gala = await create(60, { code: 'GALA-GUESTS', note: 'For the gala flyer' });
  await revokeInvitationCode(seed.at(seed.when(-45)), await seed.member(seed.opts.adminEmail), { id: gala.id });
  await create(20, { code: 'SPRING-SALON', note: 'Guests of the spring salon', expires_at: new Date(seed.when(45)).toISOString(), max_uses: 20 });
  await create(14, { code: 'LUCIA-NAVARRO', note: 'For Lucía, introduced by Hana', max_uses: 1 });
}

const EXTRA = {
  /** Joined and left again (admin.ts deletes their accounts: one herself, one by the admin). */
  rosa: {
    name: 'Rosa Delgado',
    email: 'rosa.delgado@example.com',
    application: standard('Looking for a book club outside work.', ['Shows'], '+34915550109'),
  },
  nina: {
    name: 'Nina Brandt',
    email: 'nina.brandt@example.com',
    application: standard('A colleague of Amara; I would like to join the ceramics evenings.', ['Workshops'], '+493055501010'),
  },
  /** Accepted with a code of her own, has not registered yet (admin.ts resends her link). */
  lucia: {
    name: 'Lucía Navarro',
    email: 'lucia.navarro@example.com',
    application: standard('Hana and I studied together; I organise concerts in Madrid.', ['Shows', 'Travel'], '+34915550111'),
  },
  victoria: {
    name: 'Victoria Hale',
    email: 'victoria.hale@example.com',
    application: standard('Networking with potential clients.', ['Shows'], '+12125550112'),
  },
  isabel: {
    name: 'Isabel Moreno',
    email: 'isabel.moreno@example.com',
    application: {
      phone: '+14155550123',
      reason: 'I run a design studio and miss having time for painting. A friend in the club told me about the watercolour mornings.',
      interests: ['Workshops', 'Showcases'],
      availability: 'Weekends',
      membershipType: 'Standard',
      referral: 'A friend',
    },
  },
  beatriz: {
    name: 'Beatriz Santos',
    email: 'beatriz.santos@example.com',
    application: {
      phone: '+351215550113',
      reason: 'I would open my flat in Lisbon to members in the spring and autumn, and travel to theirs.',
      interests: ['Travel', 'Workshops'],
      availability: 'Weekdays',
      membershipType: 'Travel Host',
      referral: 'Instagram',
      propertyAddress: 'Rua da Rosa, Bairro Alto, Lisbon',
      propertyType: 'Flat',
      propertyDescription: 'Top-floor flat with a terrace over the river, two bedrooms.',
      propertyAvailability: 'Seasonal',
    },
  },
} satisfies Record<string, Applicant>;
export const FORMER_MEMBERS = { rosa: EXTRA.rosa, nina: EXTRA.nina };
export const ACCEPTED_NOT_REGISTERED = EXTRA.lucia;

export async function seedMembers(seed: Seed): Promise<void> {
  const admin = () => seed.member(seed.opts.adminEmail);
  await seedInvitationCodes(seed);
  for (const m of DEMO_MEMBERS as readonly DemoMember[]) {
    // She registers as the type her application asked for, or Founding when the admin granted it.
    const type = m.grantFounding ? 'Founding' : m.application.membershipType;
    // Priya came with a guest code of the summer retreat, before it expired.
    const code = m.email === 'priya@club.example' ? 'SUMMER-RETREAT' : undefined;
    await joinClub(seed, m, { daysAgo: m.joinedDaysAgo, type, grantFounding: m.grantFounding, code });
  }
  // Amara joined as Standard; the admin made her a Founding member when she took on the book club.
  const amara = await seed.member('amara@club.example');
  await changePrivilege(seed.at(seed.when(-300)), await admin(), { id: amara.id, type: 'Founding' });

  await joinClub(seed, EXTRA.rosa, { daysAgo: 200, type: 'Standard' });
  await joinClub(seed, EXTRA.nina, { daysAgo: 100, type: 'Standard' });
  // Accepted, not registered yet: her code (one use) is used up.
  await decide(seed, await apply(seed, EXTRA.lucia, 12, 'LUCIA-NAVARRO'), 10, { accepted: true });
  // Rejected, with the email the admin chose to send.
  await decide(seed, await apply(seed, EXTRA.victoria, 20), 18, {
    accepted: false,
    rejection_email:
      'Dear Victoria Hale,\n\nThank you for your interest in the club. The club is a place for life outside work, so we are not able to offer you a membership at this time.\n\nWith our best wishes,\nThe membership committee',
  });
  // Waiting for a decision, from the spring salon's guests.
  await apply(seed, EXTRA.beatriz, 3, 'SPRING-SALON');
  await apply(seed, EXTRA.isabel, 1, 'SPRING-SALON');
}
