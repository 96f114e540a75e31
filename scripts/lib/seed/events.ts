// The demo's events, in several time zones, through the events services: each created by its host
// some days before it, joined by members (an invite-only one through emailed invitations), and
// talked about in comments.
import { eq } from 'drizzle-orm';
import { commentableId } from '../../../src/shared/commentable';
import { CreateCommentInputSchema } from '../../../src/shared/schemas/comments';
import { CreateEventInputSchema, EventAnnouncementInputSchema, type CreateEventInput } from '../../../src/shared/schemas/events';
import { events } from '../../../src/worker/db/schema/events';
import { createComment, likeComment } from '../../../src/worker/modules/comments/comments';
import { sendAnnouncement } from '../../../src/worker/modules/events/event-emails';
import { createEvent } from '../../../src/worker/modules/events/events';
import { acceptInvitation, inviteMembers, joinEvent } from '../../../src/worker/modules/events/participation';
import { askToJoin } from '../../../src/worker/modules/events/join-requests';
import type { Seed } from './context';
import type { DemoEmail } from './members';

export interface DemoEvent {
  /** Days from today; negative: it took place. */
  days: number;
  /** The last day, for an event over several days. */
  lastDay?: number;
  /** How many days before it its host created it. */
  createdDaysBefore: number;
  host: DemoEmail;
  /**
   * Who joined (besides the host), one a day, in order: past the capacity they wait on the
   * waitlist. An invite-only event's guests join from their emailed invitation.
   */
  guests: DemoEmail[];
  /** Invited two days ago, not answered yet (invite-only events): their invitation is still live. */
  invited?: DemoEmail[];
  fields: Omit<CreateEventInput, 'event_date'>;
}

export const DEMO_EVENTS: DemoEvent[] = [
  {
    days: 6,
    createdDaysBefore: 30,
    host: 'eleanor@club.example',
    guests: ['sofia@club.example', 'priya@club.example'],
    fields: {
      title: 'Tea Ceremony in the Garden',
      type: 'tea-party',
      start_time: '15:00',
      end_time: '18:00',
      time_zone: 'America/Los_Angeles',
      is_physical: true,
      city: 'Carmel',
      country: 'United States',
      state: 'California',
      location: '4th Avenue & Lincoln St',
      color: '#a7c4a0',
      description:
        'An afternoon of matcha and sencha with a tea master from Kyoto, in a quiet garden by the sea. Bring a friend from the club; tea cups provided, comfortable shoes advised.',
    },
  },
  {
    days: 24,
    lastDay: 28,
    createdDaysBefore: 45,
    host: 'claire@club.example',
    guests: ['mei@club.example'],
    invited: ['priya@club.example'],
    fields: {
      title: 'Maui Retreat Week',
      type: 'travel',
      start_time: '10:00',
      end_time: '20:00',
      time_zone: 'Pacific/Honolulu',
      is_physical: true,
      city: 'Kihei',
      country: 'United States',
      state: 'Hawaii',
      location: 'Ocean House, South Kihei Rd',
      color: '#7fb8d6',
      exclusivity: 'invite-only',
      description:
        'Five slow days in a member-hosted ocean house: morning swims, long lunches and a sunset boat trip. Rooms are limited, so the host invites members in turn.',
      note: 'Claire meets arrivals at Kahului airport (OGG) on the first morning. The door code of the house comes by email the day before. Bring reef-safe sunscreen; snorkels are in the shed.',
    },
  },
  {
    days: 10,
    createdDaysBefore: 21,
    host: 'amara@club.example',
    guests: ['priya@club.example', 'hana@club.example'],
    fields: {
      title: 'Book Club: The Remains of the Day',
      type: 'book-club',
      start_time: '19:00',
      end_time: '21:00',
      time_zone: 'Europe/London',
      is_physical: false,
      virtual_link: 'https://meet.example.com/owow-book-club',
      color: '#d9b38c',
      description: 'We read Ishiguro together. Come with a favourite passage.',
    },
  },
  {
    days: 3,
    createdDaysBefore: 20,
    host: 'eleanor@club.example',
    guests: ['claire@club.example'],
    fields: {
      title: 'Watercolour Morning',
      type: 'arts-crafts',
      start_time: '09:30',
      end_time: '12:00',
      time_zone: 'America/New_York',
      is_physical: true,
      city: 'New York',
      country: 'United States',
      state: 'New York',
      location: '22 Mercer St, Studio 4',
      color: '#e6a9b8',
      capacity: 10,
      description: 'Loose florals with a botanical painter. All materials provided; no experience needed.',
    },
  },
  {
    days: 40,
    createdDaysBefore: 50,
    host: 'hana@club.example',
    guests: ['amara@club.example'],
    fields: {
      title: 'Wine Tasting: Natural Wines of the Loire',
      type: 'wine-tasting',
      start_time: '18:30',
      end_time: '21:30',
      time_zone: 'Europe/Paris',
      is_physical: true,
      city: 'Paris',
      country: 'France',
      location: '12 Rue de Bretagne',
      color: '#9c4f6a',
      description: 'Six growers, six glasses, and a sommelier who loves to talk about soil.',
    },
  },
  {
    days: -12,
    createdDaysBefore: 30,
    host: 'hana@club.example',
    guests: ['eleanor@club.example', 'sofia@club.example'],
    fields: {
      title: 'Sunrise Yoga & Meditation',
      type: 'yoga-meditation',
      start_time: '06:30',
      end_time: '08:00',
      time_zone: 'Asia/Tokyo',
      is_physical: true,
      city: 'Tokyo',
      country: 'Japan',
      location: 'Yoyogi Park, north gate',
      color: '#c6b8e0',
      description: 'A gentle flow followed by a sitting meditation as the city wakes up.',
    },
  },
  {
    days: -30,
    createdDaysBefore: 40,
    host: 'amara@club.example',
    guests: ['mei@club.example'],
    fields: {
      title: 'Members Showcase: Ceramics',
      type: 'art-gallery',
      start_time: '17:00',
      end_time: '20:00',
      time_zone: 'Asia/Hong_Kong',
      is_physical: true,
      city: 'Hong Kong',
      country: 'Hong Kong',
      location: 'PMQ, 35 Aberdeen St',
      color: '#d3d3d3',
      description: 'Three members show a year of work at the wheel. Drinks and conversation with the artists.',
    },
  },
  {
    days: 15,
    createdDaysBefore: 30,
    host: 'eleanor@club.example',
    guests: ['sofia@club.example', 'priya@club.example'],
    fields: {
      title: 'Charity Gala Planning Call',
      type: 'charity-fundraising',
      start_time: '12:00',
      end_time: '13:00',
      time_zone: 'UTC',
      is_physical: false,
      virtual_link: 'https://meet.example.com/owow-gala',
      color: '#f0c987',
      description: "We choose this year's cause and split up the work for the winter gala.",
    },
  },
  {
    days: 18,
    createdDaysBefore: 25,
    host: 'claire@club.example',
    // Five places: full after Hana; Mei, then Priya, wait for one.
    guests: ['eleanor@club.example', 'sofia@club.example', 'amara@club.example', 'hana@club.example', 'mei@club.example', 'priya@club.example'],
    fields: {
      title: 'Harbour Sunset Sail',
      type: 'travel',
      start_time: '17:30',
      end_time: '20:00',
      time_zone: 'Australia/Sydney',
      is_physical: true,
      city: 'Sydney',
      country: 'Australia',
      state: 'New South Wales',
      location: 'Rushcutters Bay Marina, 1 New Beach Rd',
      color: '#f4a261',
      capacity: 5,
      description:
        'Two and a half hours under sail on the harbour as the sun goes down, with a skipper, oysters and a glass of something cold. The boat takes five of us: join the waitlist if it is full.',
    },
  },
];

/** The id of a seeded event by its title. */
export async function eventId(seed: Seed, title: string): Promise<number> {
  const [row] = await seed
    .at(seed.now)
    .db.select({ id: events.id }).from(events).where(eq(events.title, title)).limit(1);
  if (!row) throw new Error(`The seed has no event "${title}".`);
  return row.id;
}

/** Created by its host, then joined (one guest a day); invite-only guests join from their emailed invitation. */
export async function seedEvent(seed: Seed, e: DemoEvent): Promise<number> {
  const created = seed.when(e.days - e.createdDaysBefore);
  const host = await seed.member(e.host);
  const input = CreateEventInputSchema.parse({
    ...e.fields,
    event_date: seed.date(e.days),
    end_date: e.lastDay === undefined ? undefined : seed.date(e.lastDay),
  });
  const { id } = await createEvent(seed.at(created), host, input);
  await joinEvent(seed.at(created + 60_000), host, { id });
  const inviteOnly = e.fields.exclusivity === 'invite-only';
  const invite = async (time: number, emails: DemoEmail[]) => {
    const userIds = await Promise.all(emails.map(async (g) => (await seed.member(g)).id));
    if (userIds.length > 0) await inviteMembers(seed.at(time), host, { eventId: id, userIds });
  };
  if (inviteOnly) await invite(created + 3_600_000, e.guests);
  if (inviteOnly) await invite(seed.when(-2), e.invited ?? []);
  for (const [n, email] of e.guests.entries()) {
    const guest = await seed.member(email);
    const joined = created + (n + 1) * 86_400_000;
    if (joined >= seed.now) throw new Error(`${e.fields.title}: ${email} would join in the future; create it earlier.`);
    const deps = seed.at(joined);
    if (inviteOnly) await acceptInvitation(deps, guest, { token: await seed.tokenFromMail(email, '/events/invite/') });
    else await joinEvent(deps, guest, { id });
  }
  return id;
}

interface DemoComment {
  event: string;
  by: DemoEmail;
  text: string;
  minutesAgo: number;
  likedBy?: DemoEmail[];
}

const DEMO_COMMENTS: DemoComment[] = [
  { event: 'Tea Ceremony in the Garden', by: 'sofia@club.example', text: 'I have never tried a proper tea ceremony. Counting the days!', minutesAgo: 180 },
  { event: 'Tea Ceremony in the Garden', by: 'mei@club.example', text: 'Is there parking nearby?', minutesAgo: 40 },
  {
    event: 'Tea Ceremony in the Garden',
    by: 'eleanor@club.example',
    text: 'Yes, there is a public lot on Junipero Avenue, a two-minute walk.',
    minutesAgo: 2,
    likedBy: ['amara@club.example'],
  },
  { event: 'Book Club: The Remains of the Day', by: 'priya@club.example', text: 'Halfway through the book and already in tears.', minutesAgo: 2 * 24 * 60 },
  {
    event: 'Members Showcase: Ceramics',
    by: 'claire@club.example',
    text: 'The blue glaze bowls were stunning. Thank you for sharing your work.',
    minutesAgo: 25 * 24 * 60,
  },
];

export async function seedEvents(seed: Seed): Promise<void> {
  for (const e of DEMO_EVENTS) await seedEvent(seed, e);
  // Draft Announcement Email: the host writes to everyone taking part.
  await sendAnnouncement(
    seed.at(seed.when(-2)),
    await seed.member('eleanor@club.example'),
    EventAnnouncementInputSchema.parse({
      eventId: await eventId(seed, 'Tea Ceremony in the Garden'),
      subject: 'What to bring on Saturday',
      body: '<p>Dear all,</p><p>Our tea master asks us to bring <strong>white socks</strong> (we sit on tatami) and to leave perfume at home. Tea bowls and sweets are provided.</p><p>See you in the garden,<br>Eleanor</p>',
    }),
  );
  // Issue 46 point 12: Amara asked this morning to join Claire's invite-only Maui Retreat Week; Claire has not answered yet.
  await askToJoin(seed.at(seed.when(0, -5)), await seed.member('amara@club.example'), { id: await eventId(seed, 'Maui Retreat Week') });
  for (const c of DEMO_COMMENTS) {
    const at = seed.when(0, 0, -c.minutesAgo);
    const input = CreateCommentInputSchema.parse({ content: c.text, commentableId: commentableId('event', await eventId(seed, c.event)) });
    const comment = await createComment(seed.at(at), await seed.member(c.by), input);
    for (const fan of c.likedBy ?? []) await likeComment(seed.at(at + 60_000), await seed.member(fan), { id: comment.id });
  }
}
