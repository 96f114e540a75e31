/*
 * Issue 43, a door with bad reception: check-ins (and undos) made while the phone is offline wait
 * here, in localStorage (so a reload loses none), and are sent in order when the connection
 * returns. One entry per member: checking her in twice offline queues her once, and an undo of a
 * check-in that never left the phone cancels it. The server counts a check-in once anyway.
 * Signing out clears it with the rest of the site's storage (Clear-Site-Data).
 */

export interface QueuedCheckIn {
  member_id: number;
  op: 'in' | 'undo';
  /** The scanned ticket, sent as the check-in (the server says whether it is genuine). */
  token?: string;
  /** When it was made (ISO 8601), kept by the server. */
  at: string;
}

const keyOf = (eventId: number) => `owow-check-in-queue:${eventId}`;

export function readQueue(eventId: number): QueuedCheckIn[] {
  try {
    const raw = localStorage.getItem(keyOf(eventId));
    const items = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(items) ? (items as QueuedCheckIn[]).filter((i) => Number.isInteger(i?.member_id)) : [];
  } catch {
    return [];
  }
}

export function writeQueue(eventId: number, items: QueuedCheckIn[]): void {
  try {
    if (items.length) localStorage.setItem(keyOf(eventId), JSON.stringify(items));
    else localStorage.removeItem(keyOf(eventId));
  } catch {
    /* Storage full or refused: the entries stay in memory for this page. */
  }
}

/** The queue with `item` added: a member's earlier entry of the same kind is kept, an opposite one cancelled. */
export function enqueue(items: QueuedCheckIn[], item: QueuedCheckIn): QueuedCheckIn[] {
  const earlier = items.find((i) => i.member_id === item.member_id);
  const others = items.filter((i) => i.member_id !== item.member_id);
  if (!earlier) return [...others, item];
  if (earlier.op === item.op) return items;
  return others;
}

/** Her state as the door shows it: the server's, with what waits in the queue applied. */
export function pendingStateOf(items: QueuedCheckIn[], memberId: number): { checkedInAt: string | null } | null {
  const queued = items.find((i) => i.member_id === memberId);
  if (!queued) return null;
  return { checkedInAt: queued.op === 'in' ? queued.at : null };
}
