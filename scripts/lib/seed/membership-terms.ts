// Issue 24's demo content: membership terms as the club lives them. Each member's term starts on
// the day she registered (the pipeline sets it) and runs twelve months; the admin records the
// renewals members paid for. Eleanor and Amara, the first to join, have renewed; three more show
// what the admin and the member see: Nadia in grace (with her renewal history), Lena lapsed (every
// member page but Settings is closed to her) and Olivia due to renew within 30 days.
import type { AccountType } from '../../../src/shared/constants';
import { addDays, addMonths } from '../../../src/shared/membership-term';
import { RenewMembershipInputSchema } from '../../../src/shared/schemas/membership-terms';
import { renewMembership } from '../../../src/worker/modules/membership/terms';
import type { Seed } from './context';
import { joinClub, type Applicant } from './members';

interface TermDemoMember extends Applicant {
  type: AccountType;
  /** renews_on today, in days from today (negative: past). */
  renewsInDays: number;
  /** She renewed once, twelve months before that date (her history in User Management). */
  renewed: boolean;
  grantFounding?: boolean;
}

export const TERM_DEMO_MEMBERS = [
  {
    name: 'Nadia Haddad',
    email: 'nadia@club.example',
    type: 'Standard',
    renewsInDays: -10,
    renewed: true,
    application: {
      reason: 'I cook for too many people every Sunday; the supper club evenings sound like home.',
      interests: ['Workshops', 'Shows'],
      phone: '+9611555010',
      availability: 'Weekends',
      membershipType: 'Standard',
      referral: 'Amara Okafor',
    },
  },
  {
    name: 'Lena Berg',
    email: 'lena@club.example',
    type: 'Standard',
    renewsInDays: -60,
    renewed: false,
    application: {
      reason: 'I photograph architecture and would like to walk cities with people who look up.',
      interests: ['Travel', 'Showcases'],
      phone: '+46855550111',
      availability: 'Flexible',
      membershipType: 'Standard',
      referral: 'Conference',
    },
  },
  {
    name: 'Olivia Grant',
    email: 'olivia@club.example',
    type: 'Founding',
    renewsInDays: 20,
    renewed: false,
    grantFounding: true,
    application: {
      reason: 'I helped start the first salon evenings and would like to keep them going.',
      interests: ['Shows', 'Workshops'],
      phone: '+442079460112',
      availability: 'Weekdays',
      membershipType: 'Standard',
      referral: 'Eleanor Vance',
    },
  },
] as const satisfies readonly TermDemoMember[];

/** Whole days from `date` to `today` (YYYY-MM-DD, UTC). */
const daysBetween = (date: string, today: string) => Math.round((Date.parse(today) - Date.parse(date)) / 86_400_000);

/** The admin records that `email` paid for another year, `daysAgo` days ago. */
async function recordRenewal(seed: Seed, email: string, daysAgo: number, note: string) {
  const member = await seed.member(email);
  const input = RenewMembershipInputSchema.parse({ id: member.id, renews_on: addMonths(member.membership.renews_on, 12), note });
  await renewMembership(seed.at(seed.when(-daysAgo)), await seed.member(seed.opts.adminEmail), input);
}

export async function seedMembershipTerms(seed: Seed): Promise<void> {
  // The first members' year came round (they joined over a year ago): both paid.
  await recordRenewal(seed, 'eleanor@club.example', 20, 'Paid 450 EUR by bank transfer');
  await recordRenewal(seed, 'amara@club.example', 12, 'Paid 450 EUR by card at the book club');

  const today = seed.date(0);
  for (const m of TERM_DEMO_MEMBERS as readonly TermDemoMember[]) {
    const renewsOn = addDays(today, m.renewsInDays);
    // She registered the day that makes her term (one year, or two with a renewal) end on renewsOn.
    const joined = addMonths(renewsOn, m.renewed ? -24 : -12);
    await joinClub(seed, m, { daysAgo: daysBetween(joined, today), type: m.type, grantFounding: m.grantFounding });
    if (m.renewed) await recordRenewal(seed, m.email, daysBetween(addMonths(joined, 12), today) + 5, 'Paid 450 EUR by bank transfer');
  }
}
