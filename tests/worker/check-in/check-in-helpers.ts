import { eq } from 'drizzle-orm';
import { events } from '../../../src/worker/db/schema/events';
import { deps, request, type TestUser } from '../helpers';
import { createEventAs, type Json } from '../events/events-helpers';

export type { Json };

/** An event of the host's; with `endedHoursAgo`, moved into the past (its stored instants) after the guests joined. */
export async function doorEvent(host: TestUser, opts: { capacity?: number } = {}) {
  return createEventAs(host, { capacity: opts.capacity ?? null });
}

/** Moves an event so that it ended `hours` ago (negative: it ends in the future). */
export async function endEvent(eventId: number, hoursAgo: number, now = Date.now()) {
  const endsAt = now - hoursAgo * 3_600_000;
  await deps()
    .db.update(events)
    .set({ startsAt: endsAt - 2 * 3_600_000, endsAt })
    .where(eq(events.id, eventId));
}

export async function joinAs(eventId: number, ...members: TestUser[]) {
  for (const m of members) {
    const res = await request(`/api/events/${eventId}/join`, { method: 'POST', as: m });
    if (res.status !== 200) throw new Error(`join failed ${res.status}`);
  }
}

export async function ticketOf(eventId: number, as: TestUser): Promise<string> {
  const res = await request(`/api/events/${eventId}/ticket`, { as });
  if (res.status !== 200) throw new Error(`ticket answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export function checkIn(eventId: number, as: TestUser | null, body: Json) {
  return request(`/api/events/${eventId}/check-in`, { as, body });
}
