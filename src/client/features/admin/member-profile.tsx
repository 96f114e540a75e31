import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatDate, formatInstantDate } from '../../../shared/date-format';
import { MembershipStatusBadge } from './membership-status';
import type { UserView } from '../../../shared/schemas/membership';
import { Modal } from '../../components/modal';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberName } from '../../shared/members/member-name';
import { HOME_STATE } from './home-state';

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
          Close
        </button>
      }
    >
      {profile.isPending ? (
        <p className="page-status" role="status">
          Loading the profile…
        </p>
      ) : profile.isError ? (
        <p className="form-message form-message-error" role="alert">
          {errorMessage(profile.error, 'Could not load the profile.')}
        </p>
      ) : p ? (
        <div className="member-profile">
          <dl className="member-profile-facts">
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${p.email}`}>{p.email}</a>
            </dd>
            <dt>Type</dt>
            <dd>
              {p.type}
              {p.admin ? ' · Admin' : ''}
            </dd>
            <dt>Member since</dt>
            <dd>{formatDate(p.member_since)}</dd>
            <dt>Renews on</dt>
            <dd>
              {formatDate(p.renews_on)} <MembershipStatusBadge status={p.status} />
            </dd>
            <dt>Profile</dt>
            <dd>
              <Link href={`/members/${member.user_id}`}>Her page in the directory</Link>
            </dd>
          </dl>

          <h3>Renewals</h3>
          {p.renewals.length ? (
            <ul className="member-profile-list" aria-label="Renewals">
              {p.renewals.map((r) => (
                <li key={r.id}>
                  <strong>
                    {formatDate(r.previous_renews_on)} → {formatDate(r.renews_on)}
                  </strong>
                  <span className="muted">
                    Recorded {formatInstantDate(r.created_at)}
                    {r.recorded_by ? (
                      <>
                        {' by '}
                        <MemberName id={r.recorded_by_id} name={r.recorded_by} />
                      </>
                    ) : null}
                  </span>
                  {r.note ? <span>{r.note}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No renewal recorded yet.</p>
          )}

          <h3>Travel Host properties</h3>
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
            <p className="muted">No property from her application.</p>
          )}

          <h3>Homes</h3>
          {p.homes.length ? (
            <ul className="member-profile-list">
              {p.homes.map((h) => (
                <li key={h.id}>
                  <span className="member-profile-home">
                    <Link href={`/homes/${h.id}`}>{h.title || 'Untitled home'}</Link>
                    <span className={`badge ${HOME_STATE[h.state].badge}`}>{HOME_STATE[h.state].label}</span>
                  </span>
                  <span className="muted">{[h.city, h.country].filter(Boolean).join(', ') || 'Place not given yet'}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No homes listed.</p>
          )}
          {p.more_homes ? (
            <p>
              <Link href="/admin/homes">All homes and stays</Link>
            </p>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
