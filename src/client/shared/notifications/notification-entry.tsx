import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { formatDate, localTimeZone } from '../../../shared/date-format';
import { justNow } from '../../../shared/relative-time';
import type { NotificationView } from '../../../shared/notifications';
import { useTRPC } from '../../lib/trpc';
import { MemberAvatar } from '../members/member-avatar';
import { MemberName } from '../members/member-name';
import { intlLocale } from '../../i18n/intl-locale';
import { withNodes } from '../../i18n/with-nodes';
import { i18n } from '../locales/i18n';
import { fillIn } from '../i18n';
import './notifications.css';

const MINUTE = 60_000;

/**
 * "just now", "12 min ago", "3 h ago", then the date: short enough for the bell on a phone. In
 * another language, Intl's short words for them ("il y a 12 min", "12 分前").
 */
export function notificationWhen(iso: string, now: number): string {
  const at = Date.parse(iso);
  const elapsed = Math.max(0, now - at);
  const locale = intlLocale();
  if (elapsed >= 24 * 60 * MINUTE) return formatDate(iso.slice(0, 10));
  if (elapsed < MINUTE) return justNow(locale);
  const minutes = elapsed < 60 * MINUTE;
  const count = Math.floor(elapsed / (minutes ? MINUTE : 60 * MINUTE));
  if (locale === 'en') return `${count} ${minutes ? 'min' : 'h'} ago`;
  return new Intl.RelativeTimeFormat(locale, { style: 'short' }).format(-count, minutes ? 'minute' : 'hour');
}

/** "Amara Okafor and Mei Lin", as the server's sentence names two people (its own message, in the same language). */
const pairOf = (m: Record<string, string>) => i18n.t('{first} and {second}', m);

/**
 * Marking read: the entries opened (or all of them). Her count comes back in the answer and goes
 * straight into the bell; the lists are asked again.
 */
export function useMarkRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: ({ count }) => {
        queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), { count });
        void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
      },
    }),
  );
}

/**
 * Her browser's zone goes with her settings once a visit, when it differs: the daily summary comes
 * at 07:00 there (UTC until known). Asked where she reads her notifications: the bell's panel,
 * /notifications and Settings > Email.
 */
export function useKeepTimeZone() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery({ ...trpc.notifications.settings.queryOptions(), staleTime: Infinity });
  const update = useMutation(
    trpc.notifications.updateSettings.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(trpc.notifications.settings.queryKey(), saved),
    }),
  );
  const sent = useRef(false);
  const { mutate } = update;
  useEffect(() => {
    const zone = localTimeZone();
    if (!settings.data || settings.data.timeZone === zone || sent.current) return;
    sent.current = true;
    mutate({ timeZone: zone });
  }, [settings.data, mutate]);
}

type Actor = NotificationView['actors'][number];

/**
 * The people the sentence starts with ("Amara Okafor", "Amara Okafor and Mei Lin"), as they are
 * named in it, and the rest of it ("and 2 others liked your comment"). Kinds without a person
 * (a waitlist place, applications) are all rest.
 */
export function splitPeople(entry: NotificationView): { people: Actor[]; rest: string } {
  const [first, second] = entry.actors;
  const pair = second && entry.count <= 2 ? fillIn(pairOf, { first: first!.name, second: second.name }) : null;
  if (pair && entry.text.startsWith(pair)) return { people: [first!, second!], rest: entry.text.slice(pair.length) };
  if (!first || !entry.text.startsWith(first.name)) return { people: [], rest: entry.text };
  return { people: [first], rest: entry.text.slice(first.name.length) };
}

/**
 * One entry: her face, the sentence with each person's name linking to her profile (issue 22), when,
 * unread marked. The rest of the sentence is the entry's link, stretched over the row (CSS), so a
 * tap anywhere but a name opens it; opening marks it read and goes where it is about.
 */
export function NotificationEntry({ entry, now, onOpen }: { entry: NotificationView; now: number; onOpen?: () => void }) {
  const markRead = useMarkRead();
  const unread = entry.read_at === null;
  const { people, rest } = splitPeople(entry);
  const face = entry.actors[0];
  return (
    <li className={unread ? 'notification notification-unread' : 'notification'}>
      {unread ? <span className="notification-dot" aria-hidden="true" /> : null}
      {face ? (
        <MemberAvatar id={face.id} name={face.name} photoUrl={face.photo_url} size="sm" className="notification-face" />
      ) : (
        <span className="notification-face notification-face-none" aria-hidden="true" />
      )}
      <p className="notification-text">
        {people.length === 2
          ? withNodes(pairOf, {
              first: <MemberName id={people[0]!.id} name={people[0]!.name} />,
              second: <MemberName id={people[1]!.id} name={people[1]!.name} />,
            })
          : people[0] && <MemberName id={people[0].id} name={people[0].name} />}
        <Link
          href={entry.url}
          className="notification-link"
          // Its name is the whole sentence, as the row reads, not only the words it covers.
          aria-label={unread ? i18n.t('{text} (unread)', { text: entry.text }) : entry.text}
          onClick={() => {
            if (unread) markRead.mutate({ ids: [entry.id] });
            onOpen?.();
          }}
        >
          {rest}
        </Link>
      </p>
      <time className="notification-time" dateTime={entry.created_at}>
        {notificationWhen(entry.created_at, now)}
      </time>
    </li>
  );
}
