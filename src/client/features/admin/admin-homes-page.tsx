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
import { HomeStateBadge } from './home-state';
import { i18n } from './locales/i18n';
import './admin.css';

// Stays and windows are calendar days (yyyy-mm-dd), read in UTC so no time zone shifts them.

const STAY_BADGE: Record<StayStatus, string> = {
  pending: 'badge-pending',
  accepted: 'badge-accepted',
  declined: 'badge-rejected',
  cancelled: 'badge-expired',
};

const stayStatusLabel = (status: StayStatus) =>
  ({ pending: i18n.t('Pending'), accepted: i18n.t('Accepted'), declined: i18n.t('Declined'), cancelled: i18n.t('Cancelled') })[status];

function HideButton({ home }: { home: HomeCard }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const hide = useMutation(
    trpc.homes.setHidden.mutationOptions({
      onSuccess: async (h) => {
        toast(
          h.state === 'hidden'
            ? i18n.t('{title} is hidden from members.', { title: h.title })
            : i18n.t('{title} is shown to members again.', { title: h.title }),
          'success',
        );
        await queryClient.invalidateQueries(trpc.homes.pathFilter());
      },
      onError: (err) => toast(errorMessage(err, i18n.t('The home could not be changed.')), 'error'),
    }),
  );
  if (!home.can_hide) return null;
  const hidden = home.state === 'hidden';
  return (
    <button
      type="button"
      className="button button-ghost button-small"
      disabled={hide.isPending}
      aria-label={hidden ? i18n.t('Unhide {title}', { title: home.title }) : i18n.t('Hide {title}', { title: home.title })}
      onClick={() => hide.mutate({ id: home.id, hidden: !hidden })}
    >
      {hidden ? i18n.t('Unhide') : i18n.t('Hide')}
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
      title={i18n.t('Homes')}
      query={list}
      count={homes.length}
      texts={{
        loading: i18n.t('Loading the homes…'),
        failed: i18n.t('Could not load the homes.'),
        empty: i18n.t('No home has been listed yet.'),
        more: i18n.t('More homes'),
      }}
      columns={[i18n.t('Home'), i18n.t('Host'), i18n.t('Where'), i18n.t('State'), i18n.t('Actions')]}
    >
      {homes.map((h) => (
        <tr key={h.id}>
          <td data-label={i18n.t('Home')}>
            <Link href={`/homes/${h.id}`}>{h.title}</Link>
          </td>
          <td data-label={i18n.t('Host')}>
            <MemberName id={h.host.id} name={h.host.name} />
          </td>
          <td data-label={i18n.t('Where')}>
            {[h.city, h.country].filter(Boolean).join(', ') || <span className="muted">{i18n.t('Not given yet')}</span>}
          </td>
          <td data-label={i18n.t('State')}>
            <HomeStateBadge state={h.state} />
          </td>
          <td data-label={i18n.t('Actions')}>
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
      title={i18n.t('Stays')}
      query={list}
      count={stays.length}
      texts={{
        loading: i18n.t('Loading the stays…'),
        failed: i18n.t('Could not load the stays.'),
        empty: i18n.t('No stay has been requested yet.'),
        more: i18n.t('More stays'),
      }}
      columns={[i18n.t('Home'), i18n.t('Guest'), i18n.t('Host'), i18n.t('Dates'), i18n.t('State')]}
    >
      {stays.map((s) => (
        <tr key={s.id}>
          <td data-label={i18n.t('Home')}>
            <Link href={`/homes/${s.home.id}`}>{s.home.title}</Link>
          </td>
          <td data-label={i18n.t('Guest')}>
            <MemberName id={s.guest.id} name={s.guest.name} />
          </td>
          <td data-label={i18n.t('Host')}>
            <MemberName id={s.host.id} name={s.host.name} />
          </td>
          <td data-label={i18n.t('Dates')}>
            <span>
              {formatDate(s.start_date)} – {formatDate(s.end_date)}{' '}
              <span className="muted">({i18n.t('{count, plural, one {# night} other {# nights}}', { count: s.nights })})</span>
            </span>
          </td>
          <td data-label={i18n.t('State')}>
            <span className={`badge ${STAY_BADGE[s.status]}`}>{stayStatusLabel(s.status)}</span>
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
      <AdminHeader
        title={i18n.t('All homes and stays')}
        note={i18n.t('Every home in any state, and every stay requested, newest first.')}
      />
      <AllHomes />
      <AllStays />
    </section>
  );
}
