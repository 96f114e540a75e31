import type { NotificationKind } from '../../../shared/notifications';

/** How a deleted member appears among the people of someone else's notification (DECISIONS). */
export const FORMER_MEMBER = 'Former member';

/** event_changed's bits: what changed, merged with | while the entry is unread. */
export const CHANGED = { date: 1, time: 2, place: 4 } as const;
export type EventChange = keyof typeof CHANGED;

export function changeFlags(changes: EventChange[]): number {
  return changes.reduce((bits, c) => bits | CHANGED[c], 0);
}

/** What the text is made of: the row and the latest people behind it. */
export interface NotificationFacts {
  kind: NotificationKind;
  subject: string;
  detail: string | null;
  flags: number;
  count: number;
  actors: { id: number | null; name: string }[];
}

/**
 * "Amara Okafor", "Amara Okafor and Sofia Rossi", "Amara Okafor and 2 others": the latest person
 * first, then how many more (count is the number of people behind the entry).
 */
export function peoplePhrase(actors: { name: string }[], count: number): string {
  const first = actors[0]?.name ?? FORMER_MEMBER;
  const n = Math.max(count, actors.length, 1);
  if (n === 1) return first;
  if (n === 2 && actors[1]) return `${first} and ${actors[1].name}`;
  return `${first} and ${n - 1} other${n - 1 === 1 ? '' : 's'}`;
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** A comment's parent as the sentence names it. */
function onWhat(detail: string | null, subject: string): string {
  if (detail === 'image') return subject ? `the image “${subject}”` : 'an image';
  if (detail === 'post') return subject ? `the post “${subject}”` : 'a post';
  return subject || 'an event';
}

/** The entry's sentence, as the list, the bell and the emails show it. Names only: nothing else of a member. */
export function notificationText(f: NotificationFacts): string {
  const who = peoplePhrase(f.actors, f.count);
  switch (f.kind) {
    case 'comment':
      return `${who} commented on ${onWhat(f.detail, f.subject)}`;
    case 'like':
      return `${who} liked your comment`;
    case 'event_changed': {
      const by = f.actors.length ? `${f.actors[0]!.name} ` : '';
      if (f.detail === 'deleted') return by ? `${by}cancelled ${f.subject}` : `${f.subject} was cancelled`;
      const what = joinWords((Object.keys(CHANGED) as EventChange[]).filter((c) => f.flags & CHANGED[c]));
      return by ? `${by}changed the ${what || 'details'} of ${f.subject}` : `The ${what || 'details'} of ${f.subject} changed`;
    }
    case 'waitlist_place':
      return `You have a place at ${f.subject}: it came free on the waitlist`;
    case 'stay': {
      const name = f.actors[0]?.name ?? FORMER_MEMBER;
      if (f.detail === 'requested') return `${name} asked to stay at ${f.subject}`;
      if (f.detail === 'accepted') return `${name} accepted your stay at ${f.subject}`;
      if (f.detail === 'declined') return `${name} declined your stay request at ${f.subject}`;
      return `${name} cancelled the stay at ${f.subject}`;
    }
    case 'application':
      return f.count > 1 ? `${f.count} new membership applications` : `New membership application from ${f.subject}`;
    case 'new_event':
      return `${who} created a new event: ${f.subject}`;
    case 'message': {
      // count is the messages; the people are the latest (at most three) who wrote them.
      const [first, second] = f.actors;
      const writers = !first
        ? FORMER_MEMBER
        : !second
          ? first.name
          : f.actors.length === 2
            ? `${first.name} and ${second.name}`
            : `${first.name} and others`;
      return `${writers} sent you ${f.count === 1 ? 'a message' : `${f.count} messages`}`;
    }
    // Issue 39: the subject is the circle's name; a new post's detail is its title.
    case 'circle_post':
      return f.detail ? `${who} posted “${f.detail}” in ${f.subject}` : `${who} posted in ${f.subject}`;
    case 'circle_request':
      return `${who} asked to join ${f.subject}`;
    case 'circle_accepted':
      return f.actors[0] ? `${f.actors[0].name} accepted you into ${f.subject}` : `You are now a member of ${f.subject}`;
    // Issue 43: two hours after an event she came to.
    case 'event_feedback':
      return `How was ${f.subject}? Give it 1 to 5 stars`;
    // Issue 46 point 12: the detail of an answer is 'approved' or 'declined'.
    case 'event_join_request':
      return `${who} asked to join ${f.subject}`;
    case 'event_join_answer': {
      const host = f.actors[0]?.name ?? 'The host';
      return f.detail === 'approved' ? `${host} invited you to ${f.subject}` : `${host} declined your request to join ${f.subject}`;
    }
  }
}
