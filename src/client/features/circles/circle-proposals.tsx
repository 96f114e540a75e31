import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatDateTime } from '../../../shared/date-format';
import type { CircleProposalDto } from '../../../shared/circles';
import { LoadMore } from '../../components/load-more';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { withNodes } from '../../i18n/with-nodes';
import { MemberName } from '../../shared/members/member-name';
import { i18n } from './locales/i18n';

const statusLabel = (status: CircleProposalDto['status']) =>
  ({ pending: i18n.t('Waiting'), accepted: i18n.t('Accepted'), declined: i18n.t('Declined') })[status];

function Proposal({ proposal }: { proposal: CircleProposalDto }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const decide = useMutation(
    trpc.circles.decideProposal.mutationOptions({
      onSuccess: async (p) => {
        toast(
          p.status === 'accepted' ? i18n.t("'{circle}' is open: its proposer hosts it.", { circle: p.name }) : i18n.t('Declined.'),
          'success',
        );
        await queryClient.invalidateQueries(trpc.circles.pathFilter());
      },
      onError: (e) => toast(errorMessage(e, i18n.t('That did not work. Please try again.')), 'error'),
    }),
  );
  return (
    <li className="card proposal-card">
      <header>
        <h3>{proposal.name}</h3>
        <span className="badge">{statusLabel(proposal.status)}</span>
      </header>
      <p className="muted">
        {withNodes((m) => i18n.t('Proposed by {name} on {date}', { ...m, date: formatDateTime(proposal.created_at) }), {
          name: <MemberName id={proposal.proposed_by.id} name={proposal.proposed_by.id === null ? null : proposal.proposed_by.name} />,
        })}
      </p>
      <p className="proposal-text" dir="auto">
        {proposal.description}
      </p>
      <p className="proposal-text">
        <strong>{i18n.t('Why:')} </strong>
        {proposal.reason}
      </p>
      {proposal.status === 'pending' ? (
        <div className="form-actions">
          <button
            type="button"
            className="button button-ghost"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: proposal.id, accept: false })}
          >
            {i18n.t('Decline')}
          </button>
          <button
            type="button"
            className="button"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: proposal.id, accept: true })}
          >
            {i18n.t('Accept')}
          </button>
        </div>
      ) : proposal.circle ? (
        <Link href={`/circles/${proposal.circle.slug}`}>{i18n.t('Open {circle}', { circle: proposal.circle.name })}</Link>
      ) : null}
    </li>
  );
}

/**
 * Issue 39, for admins on /circles: the members' proposals of circles, newest first; an admin
 * accepts one (the circle opens, hosted by its proposer) or declines it.
 */
export function CircleProposals() {
  const trpc = useTRPC();
  const list = useInfiniteQuery(
    trpc.circles.proposals.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const proposals = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section id="proposals" aria-labelledby="proposals-title">
      <h2 id="proposals-title" className="circles-section-title">
        {i18n.t('Proposals')}
      </h2>
      {list.isPending ? (
        <p className="page-status" role="status">
          {i18n.t('Loading proposals…')}
        </p>
      ) : list.isError ? (
        <p className="form-message form-message-error" role="alert">
          {errorMessage(list.error, i18n.t('The proposals could not be loaded.'))}
        </p>
      ) : proposals.length === 0 ? (
        <p className="muted">{i18n.t('No proposal yet.')}</p>
      ) : (
        <ul className="proposal-list">
          {proposals.map((p) => (
            <Proposal key={p.id} proposal={p} />
          ))}
        </ul>
      )}
      <LoadMore query={list} label={i18n.t('Older proposals')} />
    </section>
  );
}
