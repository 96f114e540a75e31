import { Link } from 'wouter';
import { useAuth } from '../../shared/use-auth';
import { AdminHeader } from './admin-list';
import { BuildVersionNote, DeadLettersWarning } from './operations-status';
import { RenewalsOverviewCards } from './renewals-overview';
import './admin.css';

const LINKS = [
  { href: '/admin/insights', label: 'Insights', note: 'The club’s health at a glance: growth, renewals, events, activity.' },
  { href: '/applications', label: 'View Applications', note: 'Review membership applications and send invitations.' },
  { href: '/users', label: 'View Users', note: 'Change privileges, admin rights and reset passwords.' },
  { href: '/mail', label: 'Send Message', note: 'Email a group of members.' },
  { href: '/admin/sent-mail', label: 'Sent mail', note: 'What was sent, to whom, and whether it arrived.' },
  { href: '/admin/codes', label: 'Invitation codes', note: 'Create, follow and revoke invitation codes.' },
  { href: '/admin/audit', label: 'Audit log', note: 'Who did what, to whom and when.' },
  { href: '/admin/homes', label: 'All homes and stays', note: 'Every home and stay request; hide a home from members.' },
  { href: '/admin/import', label: 'Import roster', note: 'Bring in existing members from a CSV and invite them.' },
  { href: '/admin/reports', label: 'Message reports', note: 'Messages members reported: dismiss them or remove the message.' },
  { href: '/admin/operations', label: 'Operations', note: 'Emails and notification jobs that kept failing: retry or discard them.' },
  {
    href: '/circles#proposals',
    label: 'Circle proposals',
    note: 'On the Circles page: accept what members propose (she hosts it) or decline it.',
  },
];

/** Pages the Worker serves itself, outside the React app: a plain link loads them. */
const SERVER_PAGES = [{ href: '/api/docs', label: 'API reference', note: 'The REST API described (OpenAPI), for integrations and tools.' }];

/** SPEC 2 admin dashboard: a welcome with the admin's name and the admin screens. */
export function AdminDashboardPage() {
  const { user } = useAuth();
  return (
    <section className="page">
      <AdminHeader title={`Welcome, ${user?.name ?? ''}`} note="Everything you need to run the club." />
      <DeadLettersWarning />
      <RenewalsOverviewCards />
      <ul className="admin-links">
        {LINKS.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className="admin-link">
              <strong>{l.label}</strong>
              <span>{l.note}</span>
            </Link>
          </li>
        ))}
        {SERVER_PAGES.map((l) => (
          <li key={l.href}>
            <a href={l.href} className="admin-link">
              <strong>{l.label}</strong>
              <span>{l.note}</span>
            </a>
          </li>
        ))}
      </ul>
      <BuildVersionNote />
    </section>
  );
}
