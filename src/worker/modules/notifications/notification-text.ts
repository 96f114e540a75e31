import type { NotificationKind } from '../../../shared/notifications';
import { i18n } from '../../platform/i18n';

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
  const first = actors[0]?.name ?? formerMember();
  const n = Math.max(count, actors.length, 1);
  if (n === 1) return first;
  if (n === 2 && actors[1]) return i18n._('{first} and {second}', { first, second: actors[1].name });
  return i18n._('{first} and {others, plural, one {# other} other {# others}}', { first, others: n - 1 });
}

/** FORMER_MEMBER in the active language (issue 41; the texts are rendered in the reader's). */
const formerMember = () => i18n._('Former member');

/** "date, time and place", in the active language's way of listing. */
function joinWords(words: string[]): string {
  const locale = i18n.locale === 'en' ? 'en-GB' : i18n.locale;
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(words);
}

const CHANGE_WORDS: Record<EventChange, () => string> = {
  date: () => i18n._('date'),
  time: () => i18n._('time'),
  place: () => i18n._('place'),
};

/** A comment's parent as the sentence names it. */
function onWhat(detail: string | null, subject: string): string {
  if (detail === 'image') return subject ? i18n._('the image “{title}”', { title: subject }) : i18n._('an image');
  if (detail === 'post') return subject ? i18n._('the post “{title}”', { title: subject }) : i18n._('a post');
  return subject || i18n._('an event');
}

/**
 * The entry's sentence, as the list, the bell and the emails show it, in the active language
 * (platform/i18n.ts: an email renders it in its reader's). Names only: nothing else of a member.
 */
export function notificationText(f: NotificationFacts): string {
  const who = peoplePhrase(f.actors, f.count);
  const subject = f.subject;
  switch (f.kind) {
    case 'comment':
      return i18n._('{who} commented on {what}', { who, what: onWhat(f.detail, subject) });
    case 'like':
      return i18n._('{who} liked your comment', { who });
    case 'event_changed': {
      const by = f.actors[0]?.name;
      if (f.detail === 'deleted')
        return by ? i18n._('{name} cancelled {event}', { name: by, event: subject }) : i18n._('{event} was cancelled', { event: subject });
      const changed = (Object.keys(CHANGED) as EventChange[]).filter((c) => f.flags & CHANGED[c]).map((c) => CHANGE_WORDS[c]());
      const what = changed.length ? joinWords(changed) : i18n._('details');
      return by
        ? i18n._('{name} changed the {what} of {event}', { name: by, what, event: subject })
        : i18n._('The {what} of {event} changed', { what, event: subject });
    }
    case 'waitlist_place':
      return i18n._('You have a place at {event}: it came free on the waitlist', { event: subject });
    case 'stay': {
      const name = f.actors[0]?.name ?? formerMember();
      if (f.detail === 'requested') return i18n._('{name} asked to stay at {home}', { name, home: subject });
      if (f.detail === 'accepted') return i18n._('{name} accepted your stay at {home}', { name, home: subject });
      if (f.detail === 'declined') return i18n._('{name} declined your stay request at {home}', { name, home: subject });
      return i18n._('{name} cancelled the stay at {home}', { name, home: subject });
    }
    case 'application':
      return f.count > 1
        ? i18n._('{count} new membership applications', { count: f.count })
        : i18n._('New membership application from {name}', { name: subject });
    case 'new_event':
      return i18n._('{who} created a new event: {event}', { who, event: subject });
    case 'message': {
      // count is the messages; the people are the latest (at most three) who wrote them.
      const [first, second] = f.actors;
      const writers = !first
        ? formerMember()
        : !second
          ? first.name
          : f.actors.length === 2
            ? i18n._('{first} and {second}', { first: first.name, second: second.name })
            : i18n._('{first} and others', { first: first.name });
      return i18n._('{writers} sent you {count, plural, one {a message} other {# messages}}', { writers, count: f.count });
    }
    // Issue 39: the subject is the circle's name; a new post's detail is its title.
    case 'circle_post':
      return f.detail
        ? i18n._('{who} posted “{title}” in {circle}', { who, title: f.detail, circle: subject })
        : i18n._('{who} posted in {circle}', { who, circle: subject });
    case 'circle_request':
      return i18n._('{who} asked to join {circle}', { who, circle: subject });
    case 'circle_accepted':
      return f.actors[0]
        ? i18n._('{name} accepted you into {circle}', { name: f.actors[0].name, circle: subject })
        : i18n._('You are now a member of {circle}', { circle: subject });
    // Issue 43: two hours after an event she came to.
    case 'event_feedback':
      return i18n._('How was {event}? Give it 1 to 5 stars', { event: subject });
    // Issue 46 point 12: the detail of an answer is 'approved' or 'declined'.
    case 'event_join_request':
      return i18n._('{who} asked to join {event}', { who, event: subject });
    case 'event_join_answer': {
      const host = f.actors[0]?.name;
      if (f.detail === 'approved')
        return host
          ? i18n._('{host} invited you to {event}', { host, event: subject })
          : i18n._('The host invited you to {event}', { event: subject });
      return host
        ? i18n._('{host} declined your request to join {event}', { host, event: subject })
        : i18n._('The host declined your request to join {event}', { event: subject });
    }
  }
}
