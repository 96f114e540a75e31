import { useEffect, useRef } from 'react';
import type { LiveServerMessage } from '../../../shared/notifications';

import type { liveConnection } from './live-connection';

type Connection = typeof liveConnection;

/** How long the header waits for the socket's counts before asking the API itself. */
export const SOCKET_COUNT_WAIT_MS = 4000;

/**
 * The socket's code is a chunk of its own. Where its news is the page's content (an event's
 * places and comments, an open conversation) it is fetched at once; where it only updates the
 * header's counts, no sooner than this long after the page began (as the service worker's
 * registration, src/client/main.tsx), so no first load of the members' main pages fetches it or
 * waits for it: the bell asks the API itself when no count came within SOCKET_COUNT_WAIT_MS.
 */
const START_AFTER_MS = 5000;
let startedUp: Promise<unknown> | undefined;
let connection: Promise<Connection> | undefined;
const load = () => {
  connection ??= import('./live-connection').then((m) => m.liveConnection);
  // Offline or a stale deploy: the page works without its socket; a later mount tries again.
  connection.catch(() => (connection = undefined));
  return connection;
};
const connect = (now: boolean) =>
  now ? load() : (startedUp ??= new Promise((started) => setTimeout(started, START_AFTER_MS - performance.now()))).then(load);

/** The latest callback, so a hook's subscription outlives re-renders without re-subscribing. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * Runs `attach` with the live connection while mounted, again whenever `key` changes (null: nothing
 * to attach); `now`: the page's content follows it, so its code is fetched at once.
 */
function useConnection(key: string | null, attach: (connection: Connection) => () => void, now = false) {
  const latest = useLatest(attach);
  useEffect(() => {
    if (key === null) return;
    let detach: (() => void) | undefined;
    let unmounted = false;
    connect(now).then(
      (c) => {
        if (!unmounted) detach = latest.current(c);
      },
      () => {},
    );
    return () => {
      unmounted = true;
      detach?.();
    };
  }, [key, latest, now]);
}

/**
 * Her unread count as the server sends it (`{"type":"unread"}`), and `onResync` after a
 * reconnect or a return to the foreground. Holds the live socket open while mounted.
 */
export function useLiveUnread(onCount: (count: number) => void, onResync: () => void) {
  const count = useLatest(onCount);
  const resync = useLatest(onResync);
  useConnection('unread', (connection) => {
    const release = connection.acquire();
    const stopListening = connection.listen((m: LiveServerMessage) => {
      if (m.type === 'unread') count.current(m.count);
    });
    const stopResync = connection.onResync(() => resync.current());
    return () => {
      stopListening();
      stopResync();
      release();
    };
  });
}

/**
 * Follows an event or an image ("event-12", "image-7"; null: nothing) while mounted: `onChange`
 * runs when something changed on it (a comment, a like, places, participants) and after a
 * reconnect, so the page asks the API again with her own rights.
 */
export function useLiveTopic(topic: string | null, onChange: () => void) {
  const change = useLatest(onChange);
  useConnection(
    topic,
    (connection) => {
      const release = connection.acquire();
      const unfollow = connection.follow(topic!);
      const stopListening = connection.listen((m: LiveServerMessage) => {
        if (m.type === 'changed' && m.topic === topic) change.current();
      });
      const stopResync = connection.onResync(() => change.current());
      return () => {
        stopListening();
        stopResync();
        unfollow();
        release();
      };
    },
    true,
  );
}

/** What the socket says about her conversations (issue 38): never a message's text. */
export type LiveMessagesEvent = Extract<LiveServerMessage, { type: 'messages_unread' | 'message' }>;

/**
 * Her conversations' news while mounted: `messages_unread` (her total, as she connects) and
 * `message` (something happened in one of them, with her new total), and `onResync` after a
 * reconnect or a return to the foreground. Holds the live socket open while mounted; `now`: a
 * conversation shown follows it (the socket's code is fetched at once).
 */
export function useLiveMessages(onEvent: (event: LiveMessagesEvent) => void, onResync?: () => void, now = false) {
  const event = useLatest(onEvent);
  const resync = useLatest(onResync);
  useConnection(
    'messages',
    (connection) => {
      const release = connection.acquire();
      const stopListening = connection.listen((m: LiveServerMessage) => {
        if (m.type === 'messages_unread' || m.type === 'message') event.current(m);
      });
      const stopResync = connection.onResync(() => resync.current?.());
      return () => {
        stopListening();
        stopResync();
        release();
      };
    },
    now,
  );
}
