// The club's year as Insights (issue 42) reads it: gatherings with a capacity every month or two
// (some half empty, some full with a waitlist), the admin's letters to the founders, the hosts
// and everyone, a few members turning an email off, and the days each member came back to the
// club. Through the services, at the story's times, so every chart of /admin/insights has a shape.
import { SendGroupMailInputSchema } from '../../../src/shared/schemas/mail';
import { recordActivityQuery } from '../../../src/worker/modules/insights/activity';
import { updateEmailPreferences } from '../../../src/worker/modules/mail/email-preferences';
import { sendGroupMail } from '../../../src/worker/modules/mail/group-mail';
import type { Seed } from './context';
import { seedEvent, type DemoEvent } from './events';
import { DEMO_MEMBERS, type DemoEmail } from './members';

const LONDON = { time_zone: 'Europe/London', is_physical: true, city: 'London', country: 'United Kingdom' } as const;

const gathering = (
  days: number,
  host: DemoEmail,
  guests: DemoEmail[],
  fields: { title: string; type: string; capacity: number; location: string; color: string; description: string },
): DemoEvent => ({
  days,
  createdDaysBefore: 10,
  host,
  guests,
  fields: { ...LONDON, start_time: '18:30', end_time: '21:00', ...fields } as DemoEvent['fields'],
});

/** Past gatherings, oldest first; the host takes a place too, and guests past the capacity wait. */
const PAST_GATHERINGS: DemoEvent[] = [
  gathering(-320, 'eleanor@club.example', ['amara@club.example'], {
    title: 'New Year Supper',
    type: 'cooking-food',
    capacity: 4,
    location: 'The Clove Club, Shoreditch Town Hall',
    color: '#c9a227',
    description: 'A long table, a tasting menu and the year ahead.',
  }),
  gathering(-270, 'claire@club.example', ['eleanor@club.example', 'amara@club.example'], {
    title: 'Spring Walk on Hampstead Heath',
    type: 'hiking-camping',
    capacity: 6,
    location: 'Parliament Hill, Highgate Road entrance',
    color: '#7fb77e',
    description: 'Two hours on the Heath, then tea at Kenwood.',
  }),
  gathering(-215, 'eleanor@club.example', ['amara@club.example', 'claire@club.example', 'hana@club.example', 'sofia@club.example'], {
    title: 'Pottery Afternoon',
    type: 'arts-crafts',
    capacity: 5,
    location: 'Turning Earth, Hoxton',
    color: '#b5835a',
    description: 'Wheel-throwing for beginners with a potter who teaches at the Royal College.',
  }),
  gathering(-160, 'claire@club.example', ['eleanor@club.example', 'hana@club.example', 'sofia@club.example', 'mei@club.example'], {
    title: 'Wine Tasting: Loire Whites',
    type: 'wine-tasting',
    capacity: 8,
    location: 'Noble Rot, Lamb’s Conduit Street',
    color: '#d8c37a',
    description: 'Six wines from the Loire with a sommelier, and small plates.',
  }),
  // Full after Hana: Amara and Claire wait.
  gathering(
    -110,
    'eleanor@club.example',
    ['sofia@club.example', 'priya@club.example', 'mei@club.example', 'hana@club.example', 'amara@club.example', 'claire@club.example'],
    {
      title: 'Book Club: Summer Reads',
      type: 'book-club',
      capacity: 5,
      location: 'Daunt Books, Marylebone High Street',
      color: '#8e7cc3',
      description: 'Each brings the book of her summer; the shop stays open for us.',
    },
  ),
  gathering(-60, 'claire@club.example', ['priya@club.example', 'hana@club.example'], {
    title: 'Garden Picnic',
    type: 'picnic',
    capacity: 10,
    location: 'Regent’s Park, the Rose Garden',
    color: '#e6a57e',
    description: 'Bring a dish to share; blankets provided.',
  }),
  gathering(-20, 'eleanor@club.example', ['sofia@club.example', 'mei@club.example', 'priya@club.example', 'amara@club.example', 'grace@club.example'], {
    title: 'Jazz Night at Ronnie’s',
    type: 'concert',
    capacity: 6,
    location: 'Ronnie Scott’s, Frith Street',
    color: '#34495e',
    description: 'The late show, a table for the club.',
  }),
];

/** The admin's letters: to the founders early on, then the hosts, then everyone. */
const LETTERS: { daysAgo: number; group: 'founding' | 'travel' | 'all'; subject: string }[] = [
  { daysAgo: 300, group: 'founding', subject: 'Our first season: thank you' },
  { daysAgo: 220, group: 'founding', subject: 'Spring programme and a call for hosts' },
  { daysAgo: 140, group: 'travel', subject: 'Hosts: summer stays are filling up' },
  { daysAgo: 75, group: 'all', subject: 'The club’s autumn letter' },
  { daysAgo: 45, group: 'all', subject: 'Gala committee: volunteers wanted' },
];

/** Members who turned an optional email off, and when. */
const OPT_OUTS: { email: string; daysAgo: number; off: 'announcements' | 'group_mail' | 'reminders' }[] = [
  { email: 'hana@club.example', daysAgo: 190, off: 'reminders' },
  { email: 'nadia@club.example', daysAgo: 100, off: 'group_mail' },
  { email: 'olivia@club.example', daysAgo: 50, off: 'announcements' },
];

/** Each member's visits since she joined: every few days (her own rhythm), more often lately. */
async function seedVisits(seed: Seed) {
  for (const [n, m] of DEMO_MEMBERS.entries()) {
    const { id } = await seed.member(m.email);
    const deps = seed.at(seed.now);
    const every = 4 + (n % 4);
    const visits = [];
    for (let day = -m.joinedDaysAgo + 1, k = 0; day < 0; day += day < -60 ? every * 2 : every, k++) {
      visits.push(recordActivityQuery(deps, id, seed.when(day, 8 + (n % 10), 15 * (k % 4)), { signIn: k % 3 === 0 }));
    }
    if (visits.length) await deps.db.batch([visits[0]!, ...visits.slice(1)]);
  }
}

export async function seedInsights(seed: Seed): Promise<void> {
  for (const e of PAST_GATHERINGS) await seedEvent(seed, e);
  const admin = await seed.member(seed.opts.adminEmail);
  // In the order they happened: a letter after an opt-out skips her.
  const steps = [...OPT_OUTS.map((o) => ({ daysAgo: o.daysAgo, optOut: o })), ...LETTERS.map((l) => ({ daysAgo: l.daysAgo, letter: l }))].sort(
    (a, b) => b.daysAgo - a.daysAgo,
  );
  for (const step of steps) {
    if ('optOut' in step) {
      const o = step.optOut;
      await updateEmailPreferences(seed.at(seed.when(-o.daysAgo)), await seed.member(o.email), {
        announcements: true,
        group_mail: true,
        reminders: true,
        [o.off]: false,
      });
      continue;
    }
    const letter = step.letter;
    await sendGroupMail(
      seed.at(seed.when(-letter.daysAgo)),
      admin,
      SendGroupMailInputSchema.parse({
        subject: letter.subject,
        body: `<p>Dear {{name}},</p><p>${letter.subject}. The details are on the club’s pages; reply to this letter with any question.</p>`,
        recipientGroup: letter.group,
      }),
    );
    await seed.deliverMail();
  }
  await seedVisits(seed);
}
