import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useTRPC } from '../../lib/trpc';

/**
 * The admin dashboard's membership terms (issue 24): renewals due in the next 30 days and members
 * in grace, each a link to User Management filtered to them.
 */
export function RenewalsOverviewCards() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.users.renewalsOverview.queryOptions());
  const o = overview.data;
  return (
    <ul className="admin-links renewals-overview" aria-label="Membership renewals">
      <li>
        <Link href="/users?status=due" className="admin-link">
          <strong>Renewals due in the next 30 days</strong>
          <span>{o ? `${o.due_soon} ${o.due_soon === 1 ? 'member' : 'members'}` : '…'}</span>
        </Link>
      </li>
      <li>
        <Link href="/users?status=grace" className="admin-link">
          <strong>Members in grace</strong>
          <span>{o ? `${o.grace} ${o.grace === 1 ? 'member' : 'members'}: renewal due, not yet lapsed` : '…'}</span>
        </Link>
      </li>
    </ul>
  );
}
