/*
 * Issue 43: what a ticket's QR code holds, "{event}.{member}.{serial}.{signature}" (the Worker
 * signs it: modules/events/ticket-token.ts). Zod-free, so the door's screen reads it offline
 * without loading zod: the ids say whose ticket it is, only the server can say it is genuine.
 */
export const TICKET_PATTERN = /^([1-9]\d{0,15})\.([1-9]\d{0,15})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/;

/** The event and member a ticket names, or null when it is not a ticket's text at all. */
export function ticketIds(token: string): { eventId: number; memberId: number } | null {
  const m = TICKET_PATTERN.exec(token.trim());
  return m ? { eventId: Number(m[1]), memberId: Number(m[2]) } : null;
}
