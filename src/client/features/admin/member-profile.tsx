import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatDate, formatInstantDate } from '../../../shared/date-format';
import { MembershipStatusBadge } from './membership-status';
import type { UserView } from '../../../shared/schemas/membership';
import { Modal } from '../../components/modal';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberName } from '../../shared/members/member-name';
import { HomeStateBadge } from './home-state';
import { withNodes } from '../../i18n/with-nodes';
import { i18n } from './locales/i18n';

/**
 * A member's profile in User Management (issue 14): her account, the properties of her Travel
 * Host application and her homes (the homes screens hold the rest).
 */
export function MemberProfileDialog({ member, onClose }: { member: UserView; onClose: () => void }) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.admin.users.profile.queryOptions({ id: member.user_id }));
  const p = profile.data;
  return (
    <Modal
      open
      onClose={onClose}
      title={member.name}
      size="medium"
      footer={
        <button type="button" className="button" onClick={onClose}>
          {i18n.t('Close')}
        </button>
      }
    >
      {profile.isPending ? (
        <p className="page-status" role="status">
          {i18n.t('Loading the profile…')}
        </p>
      ) : profile.isError ? (
        <p className="form-message form-message-error" role="alert">
          {errorMessage(profile.error, i18n.t('Could not load the profile.'))}
        </p>
      ) : p ? (
        <div className="member-profile">
          <dl className="member-profile-facts">
            <dt>{i18n.t('Email')}</dt>
            <dd>
              <a href={`mailto:${p.email}`}>{p.email}</a>
            </dd>
            <dt>{i18n.t('Type')}</dt>
            <dd>
              {p.type}
              {p.admin ? ` · ${i18n.t('Admin')}` : ''}
            </dd>
            <dt>{i18n.t('Member since')}</dt>
            <dd>{formatDate(p.member_since)}</dd>
            <dt>{i18n.t('Renews on')}</dt>
            <dd>
              {formatDate(p.renews_on)} <MembershipStatusBadge status={p.status} />
            </dd>
            <dt>{i18n.t('Profile')}</dt>
            <dd>
              <Link href={`/members/${member.user_id}`}>{i18n.t('Her page in the directory')}</Link>
            </dd>
          </dl>

          <h3>{i18n.t('Renewals')}</h3>
          {p.renewals.length ? (
            <ul className="member-profile-list" aria-label={i18n.t('Renewals')}>
              {p.renewals.map((r) => (
                <li key={r.id}>
                  <strong>
                    {formatDate(r.previous_renews_on)} <span className="icon-points">→</span> {formatDate(r.renews_on)}
                  </strong>
                  <span className="muted">
                    {r.recorded_by
                      ? withNodes((m) => i18n.t('Recorded {date} by {name}', { date: formatInstantDate(r.created_at), ...m }), {
                          name: <MemberName id={r.recorded_by_id} name={r.recorded_by} />,
                        })
                      : i18n.t('Recorded {date}', { date: formatInstantDate(r.created_at) })}
                  </span>
                  {r.note ? <span>{r.note}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{i18n.t('No renewal recorded yet.')}</p>
          )}

          <h3>{i18n.t('Travel Host properties')}</h3>
          {p.properties.length ? (
            <ul className="member-profile-list">
              {p.properties.map((prop) => (
                <li key={prop.id}>
                  <strong>{prop.address}</strong>
                  <span className="muted">
                    {prop.type} · {prop.availability}
                  </span>
                  <span>{prop.description}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{i18n.t('No property from her application.')}</p>
          )}

          <h3>{i18n.t('Homes')}</h3>
          {p.homes.length ? (
            <ul className="member-profile-list">
              {p.homes.map((h) => (
                <li key={h.id}>
                  <span className="member-profile-home">
                    <Link href={`/homes/${h.id}`}>{h.title || i18n.t('Untitled home')}</Link>
                    <HomeStateBadge state={h.state} />
                  </span>
                  <span className="muted">{[h.city, h.country].filter(Boolean).join(', ') || i18n.t('Place not given yet')}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{i18n.t('No homes listed.')}</p>
          )}
          {p.more_homes ? (
            <p>
              <Link href="/admin/homes">{i18n.t('All homes and stays')}</Link>
            </p>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
