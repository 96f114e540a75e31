import { formatDate } from '../../../shared/date-format';
import { lapsesOn } from '../../../shared/membership-term';
import { FormMessage } from '../../components/field';
import { useAuth } from '../../shared/use-auth';
import './settings.css';
import { lapsedText } from './membership-texts';
import { i18n } from './locales/i18n';

const statusLabels = () => ({ active: i18n.t('Active'), grace: i18n.t('Renewal due'), lapsed: i18n.t('Lapsed') });

/**
 * Settings > Membership (issue 24): her term, and during grace the notice that it needs renewing
 * (DECISIONS "Membership terms"). Renewals are recorded by admins; there is no payment here yet.
 */
export function MembershipSettings() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <section className="card form-card" aria-labelledby="membership-heading" data-testid="membership-settings">
      <h2 id="membership-heading">{i18n.t('Membership')}</h2>
      {user.status === 'grace' ? (
        <FormMessage tone="info">
          {i18n.t('Your membership was due for renewal on {due}. Please contact the club to renew before {lapses}, when it lapses.', {
            due: formatDate(user.renews_on),
            lapses: formatDate(lapsesOn(user.renews_on)),
          })}
        </FormMessage>
      ) : null}
      {user.status === 'lapsed' ? <FormMessage>{lapsedText(user.renews_on)}</FormMessage> : null}
      <dl className="term-list">
        <div>
          <dt>{i18n.t('Member since')}</dt>
          <dd>{formatDate(user.member_since)}</dd>
        </div>
        <div>
          <dt>{user.status === 'active' ? i18n.t('Renews on') : i18n.t('Renewal was due on')}</dt>
          <dd>{formatDate(user.renews_on)}</dd>
        </div>
        <div>
          <dt>{i18n.t('Status')}</dt>
          <dd>{user.admin ? i18n.t('Active (administrator)') : statusLabels()[user.status]}</dd>
        </div>
      </dl>
    </section>
  );
}
