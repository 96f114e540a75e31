import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../shared/date-format';
import type { HomeCard, StayStatus } from '../../../shared/schemas/homes';
import { LoadMore } from '../../components/load-more';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberName } from '../../shared/members/member-name';
import { AdminHeader, Loaded, StackTable } from './admin-list';
import { HOME_STATE } from './home-state';
import './admin.css';

// Stays and windows are calendar days (yyyy-mm-dd), read in UTC so no time zone shifts them.

const STAY_STATUS: Record<StayStatus, { label: string; badge: string }> = {
  pending: { label: 'Pending', badge: 'badge-pending' },
  accepted: { label: 'Accepted', badge: 'badge-accepted' },
  declined: { label: 'Declined', badge: 'badge-rejected' },
  cancelled: { label: 'Cancelled', badge: 'badge-expired' },
};

function HideButton({ home }: { home: HomeCard }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const hide = useMutation(
    trpc.homes.setHidden.mutationOptions({
      onSuccess: async (h) => {
        toast(h.state === 'hidden' ? `${h.title} is hidden from members.` : `${h.title} is shown to members again.`, 'success');
        await queryClient.invalidateQueries(trpc.homes.pathFilter());
      },
      onError: (err) => toast(errorMessage(err, 'The home could not be changed.'), 'error'),
    }),
  );
  if (!home.can_hide) return null;
  const hidden = home.state === 'hidden';
  return (
    <button
      type="button"
      className="button button-ghost button-small"
      disabled={hide.isPending}
      aria-label={`${hidden ? 'Unhide' : 'Hide'} ${home.title}`}
      onClick={() => hide.mutate({ id: home.id, hidden: !hidden })}
    >
      {hidden ? 'Unhide' : 'Hide'}
    </button>
  );
}

interface PagedSectionProps {
  id: string;
  title: string;
  query: Parameters<typeof Loaded>[0]['query'] & Parameters<typeof LoadMore>[0]['query'];
  count: number;
  texts: { loading: string; failed: string; empty: string; more: string };
  columns: string[];
  children: ReactNode;
}

/** One of the screen's two lists: a heading, the table a page at a time, and More. */
function PagedSection({ id, title, query, count, texts, columns, children }: PagedSectionProps) {
  return (
    <section className="admin-homes-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Loaded query={query} loading={texts.loading} failed={texts.failed} empty={texts.empty} isEmpty={count === 0}>
        {() => (
          <>
            <StackTable columns={columns} className="admin-homes-table">
              {children}
            </StackTable>
            <LoadMore query={query} label={texts.more} />
          </>
        )}
      </Loaded>
    </section>
  );
}

const nextPage = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };

function AllHomes() {
  const trpc = useTRPC();
  const list = useInfiniteQuery(trpc.homes.list.infiniteQueryOptions({ scope: 'all' }, nextPage));
  const homes = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <PagedSection
      id="admin-homes-title"
      title="Homes"
      query={list}
      count={homes.length}
      texts={{
        loading: 'Loading the homes…',
        failed: 'Could not load the homes.',
        empty: 'No home has been listed yet.',
        more: 'More homes',
      }}
      columns={['Home', 'Host', 'Where', 'State', 'Actions']}
    >
      {homes.map((h) => (
        <tr key={h.id}>
          <td data-label="Home">
            <Link href={`/homes/${h.id}`}>{h.title}</Link>
          </td>
          <td data-label="Host">
            <MemberName id={h.host.id} name={h.host.name} />
          </td>
          <td data-label="Where">{[h.city, h.country].filter(Boolean).join(', ') || <span className="muted">Not given yet</span>}</td>
          <td data-label="State">
            <span className={`badge ${HOME_STATE[h.state].badge}`}>{HOME_STATE[h.state].label}</span>
          </td>
          <td data-label="Actions">
            <HideButton home={h} />
          </td>
        </tr>
      ))}
    </PagedSection>
  );
}

function AllStays() {
  const trpc = useTRPC();
  const list = useInfiniteQuery(trpc.homes.stays.infiniteQueryOptions({ role: 'all' }, nextPage));
  const stays = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <PagedSection
      id="admin-stays-title"
      title="Stays"
      query={list}
      count={stays.length}
      texts={{
        loading: 'Loading the stays…',
        failed: 'Could not load the stays.',
        empty: 'No stay has been requested yet.',
        more: 'More stays',
      }}
      columns={['Home', 'Guest', 'Host', 'Dates', 'State']}
    >
      {stays.map((s) => (
        <tr key={s.id}>
          <td data-label="Home">
            <Link href={`/homes/${s.home.id}`}>{s.home.title}</Link>
          </td>
          <td data-label="Guest">
            <MemberName id={s.guest.id} name={s.guest.name} />
          </td>
          <td data-label="Host">
            <MemberName id={s.host.id} name={s.host.name} />
          </td>
          <td data-label="Dates">
            <span>
              {formatDate(s.start_date)} – {formatDate(s.end_date)}{' '}
              <span className="muted">({s.nights === 1 ? '1 night' : `${s.nights} nights`})</span>
            </span>
          </td>
          <td data-label="State">
            <span className={`badge ${STAY_STATUS[s.status].badge}`}>{STAY_STATUS[s.status].label}</span>
          </td>
        </tr>
      ))}
    </PagedSection>
  );
}

/** /admin/homes: every home in any state, with Hide and Unhide, and every stay request (issue 16). */
export function AdminHomesPage() {
  return (
    <section className="page">
      <AdminHeader title="All homes and stays" note="Every home in any state, and every stay requested, newest first." />
      <AllHomes />
      <AllStays />
    </section>
  );
}
