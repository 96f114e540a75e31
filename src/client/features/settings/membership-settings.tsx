import { formatDate } from '../../../shared/date-format';
import { lapsedMessage, lapsesOn } from '../../../shared/membership-term';
import { FormMessage } from '../../components/field';
import { useAuth } from '../../shared/use-auth';
import './settings.css';

const STATUS_LABEL = { active: 'Active', grace: 'Renewal due', lapsed: 'Lapsed' } as const;

/**
 * Settings > Membership (issue 24): her term, and during grace the notice that it needs renewing
 * (DECISIONS "Membership terms"). Renewals are recorded by admins; there is no payment here yet.
 */
export function MembershipSettings() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <section className="card form-card" aria-labelledby="membership-heading" data-testid="membership-settings">
      <h2 id="membership-heading">Membership</h2>
      {user.status === 'grace' ? (
        <FormMessage tone="info">
          Your membership was due for renewal on {formatDate(user.renews_on)}. Please contact the club to renew before{' '}
          {formatDate(lapsesOn(user.renews_on))}, when it lapses.
        </FormMessage>
      ) : null}
      {user.status === 'lapsed' ? <FormMessage>{lapsedMessage(user.renews_on)}</FormMessage> : null}
      <dl className="term-list">
        <div>
          <dt>Member since</dt>
          <dd>{formatDate(user.member_since)}</dd>
        </div>
        <div>
          <dt>{user.status === 'active' ? 'Renews on' : 'Renewal was due on'}</dt>
          <dd>{formatDate(user.renews_on)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{user.admin ? 'Active (administrator)' : STATUS_LABEL[user.status]}</dd>
        </div>
      </dl>
    </section>
  );
}
