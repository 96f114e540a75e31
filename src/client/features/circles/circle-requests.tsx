import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../shared/date-format';
import type { CircleDetail } from '../../../shared/circles';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberName } from '../../shared/members/member-name';
import { i18n } from './locales/i18n';

/** Its hosts' list of requests to join (a `request` circle): accept or decline each. */
export function CircleRequestsDialog({ circle, onClose }: { circle: CircleDetail; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const requests = useQuery(trpc.circles.requests.queryOptions({ slug: circle.slug }));
  const answer = useMutation(
    trpc.circles.answerRequest.mutationOptions({
      onSuccess: async (r) => {
        toast(r.accepted ? i18n.t('Accepted: she is a member now.') : i18n.t('Declined.'), 'success');
        await queryClient.invalidateQueries(trpc.circles.pathFilter());
      },
      onError: (e) => toast(errorMessage(e, i18n.t('That did not work. Please try again.')), 'error'),
    }),
  );
  const list = requests.data ?? [];
  return (
    <Modal open onClose={onClose} title={i18n.t('Requests to join {circle}', { circle: circle.name })}>
      {requests.isPending ? (
        <p className="page-status">{i18n.t('Loading requests…')}</p>
      ) : requests.isError ? (
        <p className="form-message form-message-error">{errorMessage(requests.error, i18n.t('The requests could not be loaded.'))}</p>
      ) : list.length === 0 ? (
        <p className="muted">{i18n.t('No request is waiting.')}</p>
      ) : (
        <ul className="circle-requests">
          {list.map((r) => (
            <li key={r.id}>
              <div>
                <MemberName id={r.id} name={r.name} photoUrl={r.photo_url} avatar="md" />
                <span className="muted">{i18n.t('Asked {when}', { when: formatDateTime(r.requested_at) })}</span>
              </div>
              <div className="circle-request-actions">
                <button
                  type="button"
                  className="button button-small"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ slug: circle.slug, member_id: r.id, accept: true })}
                >
                  {i18n.t('Accept')}
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ slug: circle.slug, member_id: r.id, accept: false })}
                >
                  {i18n.t('Decline')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
