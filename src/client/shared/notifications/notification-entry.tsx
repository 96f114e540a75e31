import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { formatDate, localTimeZone } from '../../../shared/date-format';
import type { NotificationView } from '../../../shared/notifications';
import { useTRPC } from '../../lib/trpc';
import { MemberAvatar } from '../members/member-avatar';
import { MemberName } from '../members/member-name';
import './notifications.css';

const MINUTE = 60_000;

/** "just now", "12 min ago", "3 h ago", then the date: short enough for the bell on a phone. */
export function notificationWhen(iso: string, now: number): string {
  const at = Date.parse(iso);
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < 60 * MINUTE) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < 24 * 60 * MINUTE) return `${Math.floor(elapsed / (60 * MINUTE))} h ago`;
  return formatDate(iso.slice(0, 10));
}

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
  if (!first || !entry.text.startsWith(first.name)) return { people: [], rest: entry.text };
  const afterFirst = entry.text.slice(first.name.length);
  if (second && entry.count <= 2 && afterFirst.startsWith(` and ${second.name} `)) {
    return { people: [first, second], rest: afterFirst.slice(` and ${second.name}`.length) };
  }
  return { people: [first], rest: afterFirst };
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
        {people.map((p, i) => (
          <Fragment key={i}>
            {i > 0 ? ' and ' : null}
            <MemberName id={p.id} name={p.name} />
          </Fragment>
        ))}
        <Link
          href={entry.url}
          className="notification-link"
          // Its name is the whole sentence, as the row reads, not only the words it covers.
          aria-label={unread ? `${entry.text} (unread)` : entry.text}
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
