import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useRoute } from 'wouter';
import { localTimeZone, zonedParts } from '../../../shared/date-format';
import type { CheckInParticipant, DoorMember } from '../../../shared/schemas/check-in';
import { ticketIds } from '../../../shared/ticket';
import { BackLink } from '../../components/back-link';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { useDebounced } from '../../lib/use-debounced';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { statusOf } from '../../lib/http-status';
import { useLiveTopic } from '../../shared/live/use-live';
import { MemberAvatar } from '../../shared/members/member-avatar';
import { withNodes } from '../../i18n/with-nodes';
import { enqueue, pendingStateOf, readQueue, writeQueue, type QueuedCheckIn } from './check-in-queue';
import { i18n } from './locales/i18n';
import './check-in.css';

/*
 * Issue 43: /events/{id}/check-in, the door on the host's phone. The list (faces, a search, "18 of
 * 24 checked in") is loaded when the screen opens; a tap checks a guest in or undoes it; "Scan
 * tickets" reads QR codes with the camera; "Add a walk-in" finds a member who is not on the list.
 * Offline, taps and scans wait on the phone (check-in-queue.ts) and are sent when it is back.
 */

/** The scanner and its reader: loaded as the screen opens, so both are there when the connection drops. */
const loadScanner = () => import('./check-in-scanner');
const CheckInScanner = lazy(() => loadScanner().then((m) => ({ default: m.CheckInScanner })));

/** The scanner's answer, in the words. */
type ScanResult =
  | { kind: 'in'; member: DoorMember; queued: boolean }
  | { kind: 'already'; member: DoorMember | null; at: string }
  | { kind: 'not-participant' }
  | { kind: 'invalid' };

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/** Whether this document was loaded at this screen's address (so its policy allows the camera). */
function loadedAsThisScreen(): boolean {
  const nav = performance.getEntriesByType('navigation')[0];
  return !nav || new URL(nav.name).pathname === window.location.pathname;
}

/** The call never reached the server (no connection): the check-in waits on the phone instead. */
const unreachable = (err: unknown) => !navigator.onLine || (err instanceof TRPCClientError && !err.data);

function ScanAnswer({ result, timeZone }: { result: ScanResult | null; timeZone: string }) {
  if (!result) return <p className="scan-answer scan-waiting">{i18n.t('Ready to scan')}</p>;
  if (result.kind === 'invalid') return <p className="scan-answer scan-bad">{i18n.t('Ticket not valid')}</p>;
  if (result.kind === 'not-participant') return <p className="scan-answer scan-bad">{i18n.t('Not a participant of this event')}</p>;
  const member = result.member;
  return (
    <div className={`scan-answer ${result.kind === 'in' ? 'scan-ok' : 'scan-already'}`}>
      {member ? <MemberAvatar id={member.id} name={member.name} photoUrl={member.photo_url} size="lg" /> : null}
      <div>
        {member ? <p className="scan-name">{member.name}</p> : null}
        <p className="scan-status">
          {result.kind === 'in'
            ? i18n.t('Checked in')
            : i18n.t('Already checked in at {time}', { time: zonedParts(result.at, timeZone).hhmm })}
        </p>
        {result.kind === 'in' && result.queued ? (
          <p className="scan-note">{i18n.t('Saved on this phone: sent when you are back online.')}</p>
        ) : null}
      </div>
    </div>
  );
}

function WalkInDialog({ eventId, onClose, onAdded }: { eventId: number; onClose: () => void; onAdded: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const searchId = useId();
  const [q, setQ] = useState('');
  const settled = useDebounced(q.trim());
  const found = useQuery(trpc.checkIn.walkInCandidates.queryOptions({ id: eventId, q: settled }, { enabled: settled.length >= 2 }));
  const add = useMutation(
    trpc.checkIn.walkIn.mutationOptions({
      onSuccess: (res) => {
        toast(i18n.t('{name} was added as a walk-in and checked in.', { name: res.member.name }), 'success');
        onAdded();
        onClose();
      },
      onError: (err) => toast(errorMessage(err, i18n.t('The walk-in could not be added.')), 'error'),
    }),
  );
  return (
    <Modal open onClose={onClose} title={i18n.t('Add a walk-in')} size="small">
      <p className="muted">{i18n.t('A member who is not on the list: she is added and checked in, even when the event is full.')}</p>
      <label htmlFor={searchId} className="label">
        {i18n.t('Member’s name')}
      </label>
      <input id={searchId} type="search" value={q} autoComplete="off" onChange={(e) => setQ(e.target.value)} />
      {settled.length >= 2 && found.data ? (
        found.data.length ? (
          <ul className="walk-in-results">
            {found.data.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className="door-row"
                  disabled={add.isPending}
                  onClick={() => add.mutate({ id: eventId, member_id: m.id })}
                >
                  <MemberAvatar id={m.id} name={m.name} photoUrl={m.photo_url} size="sm" />
                  <span className="door-row-name">{m.name}</span>
                  <span className="door-row-action">{i18n.t('Add')}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{i18n.t('No member by that name who is not on the list already.')}</p>
        )
      ) : null}
    </Modal>
  );
}

export function CheckInPage() {
  const [, params] = useRoute('/events/:id/check-in');
  const eventId = Number(params?.id ?? 0);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const online = useOnline();
  const searchId = useId();
  const event = useQuery(trpc.events.byId.queryOptions({ ref: String(eventId) }));
  const listQuery = useQuery(trpc.checkIn.list.queryOptions({ id: eventId }));
  const listKey = trpc.checkIn.list.queryKey({ id: eventId });
  const refetchList = useCallback(
    () => void queryClient.invalidateQueries(trpc.checkIn.list.queryFilter({ id: eventId })),
    [queryClient, trpc, eventId],
  );
  // Another phone at the same door checks guests in too.
  useLiveTopic(eventId ? `event-${eventId}` : null, refetchList);

  useEffect(() => {
    // Its title is set here, not in the shell's list (page-meta.ts), which would grow the entry
    // every visitor loads: the shell's title for an address it does not list, with this screen's name.
    document.title = document.title.replace(/^.*?(?= · |$)/, i18n.t('Check in guests'));
    // ?scan=1 did its work (the scanner is open): a later reload shows the list.
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
    loadScanner()
      .then((m) => m.prepareDetector())
      .catch(() => {});
  }, []);

  const [queue, setQueueState] = useState<QueuedCheckIn[]>(() => readQueue(eventId));
  const queueRef = useRef(queue);
  const setQueue = useCallback(
    (change: (items: QueuedCheckIn[]) => QueuedCheckIn[]) => {
      queueRef.current = change(queueRef.current);
      writeQueue(eventId, queueRef.current);
      setQueueState(queueRef.current);
    },
    [eventId],
  );
  const [search, setSearch] = useState('');
  // ?scan=1: the page was loaded again to get the camera (see startScanning).
  const [scanning, setScanning] = useState(() => new URLSearchParams(window.location.search).get('scan') === '1');
  const [walkIn, setWalkIn] = useState(false);
  const [result, setResult] = useState<ScanResult | null>(null);
  const checkInCall = useMutation(trpc.checkIn.checkIn.mutationOptions());
  const undoCall = useMutation(trpc.checkIn.undo.mutationOptions());
  const timeZone = event.data?.time_zone ?? localTimeZone();

  const participants = useMemo(
    () =>
      (listQuery.data?.participants ?? []).map((p) => {
        const pending = pendingStateOf(queue, p.id);
        return { ...p, checked_in_at: pending ? pending.checkedInAt : p.checked_in_at, queued: pending !== null };
      }),
    [listQuery.data, queue],
  );
  const checkedIn = participants.filter((p) => p.checked_in_at !== null).length;

  /** Writes a server answer into the list at once (the refetch follows). */
  const setChecked = useCallback(
    (memberId: number, at: string | null) =>
      queryClient.setQueryData(listKey, (old) =>
        old
          ? {
              ...old,
              participants: old.participants.map((p) => (p.id === memberId ? { ...p, checked_in_at: at } : p)),
              checked_in: old.participants.filter((p) => (p.id === memberId ? at !== null : p.checked_in_at !== null)).length,
            }
          : old,
      ),
    [queryClient, listKey],
  );

  /** Sends one check-in or undo: 'sent', 'unreachable' (keep it queued), or the server's refusal. */
  const send = useCallback(
    async (
      item: QueuedCheckIn,
    ): Promise<{ sent: true; already?: boolean; at?: string; member?: DoorMember } | { sent: false; status: number; message: string }> => {
      try {
        if (item.op === 'undo') {
          await undoCall.mutateAsync({ id: eventId, member_id: item.member_id });
          setChecked(item.member_id, null);
          return { sent: true };
        }
        const answer = await checkInCall.mutateAsync(
          item.token
            ? { id: eventId, token: item.token, checked_in_at: item.at }
            : { id: eventId, member_id: item.member_id, checked_in_at: item.at },
        );
        setChecked(answer.member.id, answer.checked_in_at);
        return { sent: true, already: answer.already, at: answer.checked_in_at, member: answer.member };
      } catch (err) {
        if (unreachable(err)) return { sent: false, status: 0, message: '' };
        return { sent: false, status: statusOf(err), message: errorMessage(err, i18n.t('The check-in failed.')) };
      }
    },
    [checkInCall, undoCall, eventId, setChecked],
  );

  // The queue goes out when the connection returns (and on opening, and every 10 s while it waits).
  const flushing = useRef(false);
  const flush = useCallback(async () => {
    if (flushing.current || !navigator.onLine || queueRef.current.length === 0) return;
    flushing.current = true;
    try {
      for (const item of [...queueRef.current]) {
        const outcome = await send(item);
        if (!outcome.sent && outcome.status === 0) break;
        setQueue((items) => items.filter((i) => !(i.member_id === item.member_id && i.op === item.op && i.at === item.at)));
        if (!outcome.sent) {
          const name = listQuery.data?.participants.find((p) => p.id === item.member_id)?.name ?? i18n.t('A guest');
          toast(i18n.t('{name}: a check-in made offline was refused ({reason})', { name, reason: outcome.message }), 'error');
        }
      }
    } finally {
      flushing.current = false;
      refetchList();
    }
  }, [send, setQueue, toast, refetchList, listQuery.data]);
  useEffect(() => {
    if (online) void flush();
    if (!queue.length) return;
    const timer = setInterval(() => void flush(), 10_000);
    return () => clearInterval(timer);
  }, [online, queue.length, flush]);

  /**
   * The camera is allowed only in a document loaded as this screen (the Worker's
   * Permissions-Policy): reached inside the app, the page is loaded again, scanner open.
   */
  const startScanning = () => {
    if (!loadedAsThisScreen() && navigator.onLine) {
      window.location.assign(`${window.location.pathname}?scan=1`);
      return;
    }
    setResult(null);
    setScanning(true);
  };

  const queueIt = (item: QueuedCheckIn) => setQueue((items) => enqueue(items, item));

  const toggle = async (p: CheckInParticipant & { queued: boolean }) => {
    const item: QueuedCheckIn = { member_id: p.id, op: p.checked_in_at ? 'undo' : 'in', at: new Date().toISOString() };
    if (!navigator.onLine || p.queued) return queueIt(item);
    const outcome = await send(item);
    if (outcome.sent)
      toast(
        item.op === 'in' ? i18n.t('{name} is checked in.', { name: p.name }) : i18n.t('{name} is no longer checked in.', { name: p.name }),
        'success',
      );
    else if (outcome.status === 0) queueIt(item);
    else toast(outcome.message, 'error');
  };

  const onCode = async (text: string) => {
    const ids = ticketIds(text);
    if (!ids || ids.eventId !== eventId) return setResult({ kind: 'invalid' });
    const known = participants.find((p) => p.id === ids.memberId) ?? null;
    const at = new Date().toISOString();
    const item: QueuedCheckIn = { member_id: ids.memberId, op: 'in', token: text.trim(), at };
    if (navigator.onLine && !known?.queued) {
      const outcome = await send(item);
      if (outcome.sent) {
        const member = outcome.member ?? known;
        return setResult(outcome.already ? { kind: 'already', member, at: outcome.at! } : { kind: 'in', member: member!, queued: false });
      }
      if (outcome.status === 400) return setResult({ kind: 'invalid' });
      if (outcome.status === 404) return setResult({ kind: 'not-participant' });
      if (outcome.status !== 0) return setResult({ kind: 'invalid' });
    }
    // Offline: the list on the phone answers; the server checks the ticket when it is sent.
    if (!known) return setResult({ kind: 'not-participant' });
    if (known.checked_in_at) return setResult({ kind: 'already', member: known, at: known.checked_in_at });
    queueIt(item);
    setResult({ kind: 'in', member: known, queued: true });
  };

  if (listQuery.isError && !listQuery.data) {
    const refused = statusOf(listQuery.error) === 403;
    return (
      <section className="page narrow center">
        <h1>{i18n.t('Check in guests')}</h1>
        <p>
          {refused
            ? i18n.t('Only the event’s host, its co-hosts and admins can check guests in.')
            : i18n.t('The guest list could not be loaded. Check your connection and try again.')}
        </p>
        <Link href={`/events/${eventId}`} className="button">
          {i18n.t('Back to the event')}
        </Link>
      </section>
    );
  }

  const needle = search.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const shown = needle
    ? participants.filter((p) => p.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes(needle))
    : participants;

  return (
    <section className="page check-in-page" aria-labelledby="check-in-title">
      <p>
        <BackLink href={`/events/${eventId}`}>{event.data?.title ?? i18n.t('The event')}</BackLink>
      </p>
      <h1 id="check-in-title">{i18n.t('Check in guests')}</h1>
      {listQuery.isPending ? (
        <p className="page-status">{i18n.t('Loading the guest list…')}</p>
      ) : (
        <>
          <p className="check-in-count" role="status">
            {withNodes((m) => i18n.t('{checked} of {total} checked in', { checked: m.checked, total: participants.length }), {
              checked: <strong>{checkedIn}</strong>,
            })}
          </p>
          {!online || queue.length ? (
            <p className="form-message form-message-info check-in-offline" role="status">
              {online
                ? i18n.t('{count, plural, one {Sending # check-in made offline…} other {Sending # check-ins made offline…}}', {
                    count: queue.length,
                  })
                : queue.length
                  ? i18n.t('You are offline. Check-ins are kept on this phone and sent when the connection returns ({count} waiting).', {
                      count: queue.length,
                    })
                  : i18n.t('You are offline. Check-ins are kept on this phone and sent when the connection returns.')}
            </p>
          ) : null}
          <div className="check-in-actions">
            <button type="button" className="button" onClick={startScanning}>
              {i18n.t('Scan tickets')}
            </button>
            <button type="button" className="button button-secondary" disabled={!online} onClick={() => setWalkIn(true)}>
              {i18n.t('Add a walk-in')}
            </button>
          </div>
          <label htmlFor={searchId} className="label">
            {i18n.t('Search by name')}
          </label>
          <input id={searchId} type="search" value={search} autoComplete="off" onChange={(e) => setSearch(e.target.value)} />
          {participants.length === 0 ? <p className="muted">{i18n.t('Nobody has joined this event yet.')}</p> : null}
          <ul className="door-list" aria-label={i18n.t('Guests')}>
            {shown.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={`door-row${p.checked_in_at ? ' is-in' : ''}`}
                  aria-pressed={p.checked_in_at !== null}
                  onClick={() => void toggle(p)}
                >
                  <MemberAvatar id={p.id} name={p.name} photoUrl={p.photo_url} size="md" />
                  <span className="door-row-text">
                    <span className="door-row-name">{p.name}</span>
                    <span className="door-row-sub">
                      {p.checked_in_at
                        ? i18n.t('Checked in at {time}', { time: zonedParts(p.checked_in_at, timeZone).hhmm })
                        : i18n.t('Not here yet')}
                      {p.walk_in ? ` · ${i18n.t('Walk-in')}` : ''}
                      {p.queued ? ` · ${i18n.t('Waiting to be sent')}` : ''}
                    </span>
                  </span>
                  <span className="door-row-action" aria-hidden="true">
                    {p.checked_in_at ? '✓' : i18n.t('Check in')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {needle && shown.length === 0 ? <p className="muted">{i18n.t('Nobody on the list by that name.')}</p> : null}
        </>
      )}
      {scanning ? (
        <Suspense fallback={null}>
          <CheckInScanner
            onCode={(text) => void onCode(text)}
            onClose={() => setScanning(false)}
            result={<ScanAnswer result={result} timeZone={timeZone} />}
          />
        </Suspense>
      ) : null}
      {walkIn ? <WalkInDialog eventId={eventId} onClose={() => setWalkIn(false)} onAdded={refetchList} /> : null}
    </section>
  );
}
