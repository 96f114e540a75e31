import { useInfiniteQuery } from '@tanstack/react-query';
import type { CircleDetail } from '../../../shared/circles';
import { LoadMore } from '../../components/load-more';
import { Modal } from '../../components/modal';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberName } from '../../shared/members/member-name';
import { i18n } from './locales/i18n';

/** "See all": a circle's members, in the order they joined, a page at a time (each as she shows herself). */
export function CircleMembersDialog({ circle, onClose }: { circle: CircleDetail; onClose: () => void }) {
  const trpc = useTRPC();
  const list = useInfiniteQuery(
    trpc.circles.members.infiniteQueryOptions({ slug: circle.slug }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const members = list.data?.pages.flatMap((p) => p.items) ?? [];
  const hosts = new Set(circle.hosts.map((h) => h.id));
  return (
    <Modal
      open
      onClose={onClose}
      title={i18n.t('{circle}: {count, plural, one {# member} other {# members}}', { circle: circle.name, count: circle.member_count })}
    >
      {list.isPending ? (
        <p className="page-status">{i18n.t('Loading members…')}</p>
      ) : list.isError ? (
        <p className="form-message form-message-error">{errorMessage(list.error, i18n.t('The members could not be loaded.'))}</p>
      ) : (
        <ul className="circle-member-list">
          {members.map((m) => {
            // Her work as she shows it (the directory's card has the rest).
            const line = m.title && m.company ? `${m.title}, ${m.company}` : (m.title ?? m.company);
            return (
              <li key={m.id}>
                <MemberName
                  id={m.id}
                  name={m.name}
                  photoUrl={m.photo_url}
                  avatar="md"
                  after={hosts.has(m.id) ? <span className="badge">{i18n.t('Host')}</span> : null}
                />
                {line ? <span className="muted">{line}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore query={list} label={i18n.t('More members')} />
    </Modal>
  );
}
