import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useTRPC } from '../../lib/trpc';
import { i18n } from './locales/i18n';

/**
 * The admin dashboard's membership terms (issue 24): renewals due in the next 30 days and members
 * in grace, each a link to User Management filtered to them.
 */
export function RenewalsOverviewCards() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.users.renewalsOverview.queryOptions());
  const o = overview.data;
  return (
    <ul className="admin-links renewals-overview" aria-label={i18n.t('Membership renewals')}>
      <li>
        <Link href="/users?status=due" className="admin-link">
          <strong>{i18n.t('Renewals due in the next 30 days')}</strong>
          <span>{o ? i18n.t('{count, plural, one {# member} other {# members}}', { count: o.due_soon }) : '…'}</span>
        </Link>
      </li>
      <li>
        <Link href="/users?status=grace" className="admin-link">
          <strong>{i18n.t('Members in grace')}</strong>
          <span>
            {o
              ? i18n.t('{count, plural, one {# member: renewal due, not yet lapsed} other {# members: renewal due, not yet lapsed}}', {
                  count: o.grace,
                })
              : '…'}
          </span>
        </Link>
      </li>
    </ul>
  );
}
