// At the door (issue 43): who came to the events that took place, checked in by their hosts at the
// time (Claire a walk-in at the ceramics show), the feedback of those who came after the request
// two hours later, and tomorrow's Founders' Supper, which Eleanor hosts with Amara as co-host:
// every guest holds a ticket to check in. Sofia missed three gatherings that took attendance.
import { eq } from 'drizzle-orm';
import { events } from '../../../src/worker/db/schema/events';
import { checkIn, addWalkIn } from '../../../src/worker/modules/check-in/check-in';
import { setCoHosts } from '../../../src/worker/modules/check-in/co-hosts';
import { giveFeedback } from '../../../src/worker/modules/check-in/feedback';
import { requestDueFeedback, FEEDBACK_REQUEST_AFTER_MS } from '../../../src/worker/modules/check-in/feedback-job';
import type { Seed } from './context';
import { eventId, seedEvent, type DemoEvent } from './events';
import type { DemoEmail } from './members';

const MINUTE = 60_000;

export const FOUNDERS_SUPPER: DemoEvent = {
  days: 1,
  createdDaysBefore: 14,
  host: 'eleanor@club.example',
  guests: ['amara@club.example', 'sofia@club.example', 'mei@club.example', 'claire@club.example', 'hana@club.example'],
  fields: {
    title: 'Founders’ Supper at Eleanor’s',
    type: 'cooking-food',
    start_time: '19:00',
    end_time: '22:30',
    time_zone: 'Europe/London',
    is_physical: true,
    city: 'London',
    country: 'United Kingdom',
    location: '14 Chalcot Crescent, Primrose Hill',
    color: '#8e5572',
    capacity: 12,
    description:
      'Supper at Eleanor’s house for the founders and the friends of the club: a long table, a cook from Ottolenghi’s kitchens and the year ahead. Your ticket is on this page and in your confirmation email: show it at the door.',
  },
};

interface Attendance {
  event: string;
  /** The host, or a co-host, who checks guests in. */
  door: DemoEmail;
  came: DemoEmail[];
  walkIns?: DemoEmail[];
  feedback?: { by: DemoEmail; stars: number; comment?: string }[];
}

/** Past events whose hosts took attendance (who is not listed under came did not come). */
const ATTENDANCE: Attendance[] = [
  { event: 'Pottery Afternoon', door: 'eleanor@club.example', came: ['eleanor@club.example', 'amara@club.example', 'claire@club.example', 'hana@club.example'] },
  { event: 'Wine Tasting: Loire Whites', door: 'claire@club.example', came: ['claire@club.example', 'eleanor@club.example', 'hana@club.example', 'mei@club.example'] },
  {
    event: 'Members Showcase: Ceramics',
    door: 'amara@club.example',
    came: ['amara@club.example', 'mei@club.example'],
    walkIns: ['claire@club.example'],
    feedback: [
      { by: 'mei@club.example', stars: 5, comment: 'Seeing the studio pieces up close and hearing how the glazes are mixed was a treat.' },
      { by: 'claire@club.example', stars: 4, comment: 'Lovely work and good company. The room got very warm by eight.' },
    ],
  },
  {
    event: 'Sunrise Yoga & Meditation',
    door: 'hana@club.example',
    came: ['hana@club.example', 'eleanor@club.example'],
    feedback: [{ by: 'eleanor@club.example', stars: 5, comment: 'The best way to start a day in Tokyo. Hana picked the perfect spot.' }],
  },
];

async function takeAttendance(seed: Seed, a: Attendance): Promise<void> {
  const id = await eventId(seed, a.event);
  const [row] = await seed.at(seed.now).db.select({ startsAt: events.startsAt, endsAt: events.endsAt }).from(events).where(eq(events.id, id));
  const door = await seed.member(a.door);
  for (const [n, email] of a.came.entries()) {
    const guest = await seed.member(email);
    await checkIn(seed.at(row!.startsAt - 10 * MINUTE + n * 3 * MINUTE), door, { id, member_id: guest.id });
  }
  for (const email of a.walkIns ?? []) {
    await addWalkIn(seed.at(row!.startsAt + 25 * MINUTE), door, { id, member_id: (await seed.member(email)).id });
  }
  // The housekeeping asks those who came two hours after the end; some answer that evening.
  await requestDueFeedback(seed.at(row!.endsAt + FEEDBACK_REQUEST_AFTER_MS + 5 * MINUTE));
  for (const [n, f] of (a.feedback ?? []).entries()) {
    const at = row!.endsAt + FEEDBACK_REQUEST_AFTER_MS + (30 + n * 50) * MINUTE;
    await giveFeedback(seed.at(at), await seed.member(f.by), { id, stars: f.stars, comment: f.comment ?? null });
  }
}

export async function seedCheckIn(seed: Seed): Promise<void> {
  for (const a of ATTENDANCE) await takeAttendance(seed, a);
  const supper = await seedEvent(seed, FOUNDERS_SUPPER);
  const eleanor = await seed.member('eleanor@club.example');
  const amara = await seed.member('amara@club.example');
  await setCoHosts(seed.at(seed.when(-6)), eleanor, { id: supper, member_ids: [amara.id] });
}
