import { slugify } from '../../../src/shared/slug';
import { sqlText } from '../wrangler';

/**
 * The demo's notifications (issue 23): what the seeded comments, like and applications would have
 * told their members, a few unread for each, so the bell shows a count at the first sign-in.
 * Written as the fan-out writes them (one grouped entry per thing, its people newest first).
 */

interface Entry {
  to: string;
  kind: 'comment' | 'like' | 'application' | 'new_event' | 'event_changed';
  target: string;
  url: string;
  subject: string;
  detail?: string | null;
  flags?: number;
  /** Newest first; their number is the entry's count unless `count` says otherwise. */
  actors: string[];
  count?: number;
  ago: number;
  read?: boolean;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export function notificationSeedSql(opts: { now: number; adminEmail: string }): string[] {
  const { now } = opts;
  const userId = (email: string) => `(SELECT id FROM users WHERE email = ${sqlText(email)})`;
  const eventId = (title: string) => `(SELECT id FROM events WHERE slug = ${sqlText(slugify(title))})`;
  const tea = 'Tea Ceremony in the Garden';
  const book = 'Book Club: The Remains of the Day';
  const onEvent = (title: string) => ({ target: `'event:' || ${eventId(title)}`, url: `'/events/' || ${eventId(title)} || '?tab=comments'` });
  const entries: (Omit<Entry, 'target' | 'url'> & { target: string; url: string })[] = [
    // Eleanor hosts the tea ceremony: two members asked about it, Amara liked her answer.
    { to: 'eleanor@club.example', kind: 'comment', ...onEvent(tea), subject: tea, detail: 'event', actors: ['mei@club.example', 'sofia@club.example'], ago: 40 * MIN },
    {
      to: 'eleanor@club.example',
      kind: 'like',
      target: `'comment:' || (SELECT id FROM comments WHERE content LIKE 'Yes, there is a public lot%')`,
      url: `'/events/' || ${eventId(tea)} || '?tab=comments'`,
      subject: tea,
      detail: 'event',
      actors: ['amara@club.example'],
      ago: 1 * MIN,
    },
    // Her answer reached those who had commented before.
    { to: 'sofia@club.example', kind: 'comment', ...onEvent(tea), subject: tea, detail: 'event', actors: ['eleanor@club.example', 'mei@club.example'], ago: 2 * MIN },
    { to: 'mei@club.example', kind: 'comment', ...onEvent(tea), subject: tea, detail: 'event', actors: ['eleanor@club.example'], ago: 2 * MIN },
    // Amara hosts the book club: Priya's comment, read already; a new event she has not seen.
    { to: 'amara@club.example', kind: 'comment', ...onEvent(book), subject: book, detail: 'event', actors: ['priya@club.example'], ago: 2 * DAY, read: true },
    {
      to: 'amara@club.example',
      kind: 'new_event',
      target: `'event:' || ${eventId('Watercolour Morning')}`,
      url: `'/events/' || ${eventId('Watercolour Morning')}`,
      subject: 'Watercolour Morning',
      actors: ['eleanor@club.example'],
      ago: 5 * HOUR,
    },
    // The admin: the two pending applications, one entry.
    { to: opts.adminEmail, kind: 'application', target: `'applications'`, url: `'/applications'`, subject: 'Grace Whitfield', actors: [], count: 2, ago: DAY },
  ];
  const lines: string[] = [];
  for (const e of entries) {
    const at = now - e.ago;
    lines.push(
      `INSERT INTO notifications (user_id, kind, target, url, subject, detail, flags, count, created_at, read_at, last_event_id, email_state) VALUES (${userId(e.to)}, ${sqlText(e.kind)}, ${e.target}, ${e.url}, ${sqlText(e.subject)}, ${sqlText(e.detail ?? null)}, ${e.flags ?? 0}, ${e.count ?? Math.max(1, e.actors.length)}, ${at}, ${e.read ? at + HOUR : 'NULL'}, 0, 'none');`,
    );
    e.actors.forEach((actor, i) => {
      lines.push(
        `INSERT INTO notification_actors (notification_id, actor_id, created_at) VALUES ((SELECT max(id) FROM notifications), ${userId(actor)}, ${at - i * MIN});`,
      );
    });
  }
  return lines;
}
