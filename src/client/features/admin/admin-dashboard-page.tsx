import { Link } from 'wouter';
import { useAuth } from '../../shared/use-auth';
import { AdminHeader } from './admin-list';
import { i18n } from './locales/i18n';
import { BuildVersionNote, DeadLettersWarning } from './operations-status';
import { RenewalsOverviewCards } from './renewals-overview';
import './admin.css';

// Texts of the page's language: made as it renders.
const links = () => [
  {
    href: '/admin/insights',
    label: i18n.t('Insights'),
    note: i18n.t('The club’s health at a glance: growth, renewals, events, activity.'),
  },
  { href: '/applications', label: i18n.t('View Applications'), note: i18n.t('Review membership applications and send invitations.') },
  { href: '/users', label: i18n.t('View Users'), note: i18n.t('Change privileges, admin rights and reset passwords.') },
  { href: '/mail', label: i18n.t('Send Message'), note: i18n.t('Email a group of members.') },
  { href: '/admin/sent-mail', label: i18n.t('Sent mail'), note: i18n.t('What was sent, to whom, and whether it arrived.') },
  { href: '/admin/codes', label: i18n.t('Invitation codes'), note: i18n.t('Create, follow and revoke invitation codes.') },
  { href: '/admin/audit', label: i18n.t('Audit log'), note: i18n.t('Who did what, to whom and when.') },
  {
    href: '/admin/homes',
    label: i18n.t('All homes and stays'),
    note: i18n.t('Every home and stay request; hide a home from members.'),
  },
  { href: '/admin/import', label: i18n.t('Import roster'), note: i18n.t('Bring in existing members from a CSV and invite them.') },
  {
    href: '/admin/reports',
    label: i18n.t('Message reports'),
    note: i18n.t('Messages members reported: dismiss them or remove the message.'),
  },
  {
    href: '/admin/operations',
    label: i18n.t('Operations'),
    note: i18n.t('Emails and notification jobs that kept failing: retry or discard them.'),
  },
  {
    href: '/circles#proposals',
    label: i18n.t('Circle proposals'),
    note: i18n.t('On the Circles page: accept what members propose (she hosts it) or decline it.'),
  },
];

/** Pages the Worker serves itself, outside the React app: a plain link loads them. */
const serverPages = () => [
  { href: '/api/docs', label: i18n.t('API reference'), note: i18n.t('The REST API described (OpenAPI), for integrations and tools.') },
];

/** SPEC 2 admin dashboard: a welcome with the admin's name and the admin screens. */
export function AdminDashboardPage() {
  const { user } = useAuth();
  return (
    <section className="page">
      <AdminHeader title={i18n.t('Welcome, {name}', { name: user?.name ?? '' })} note={i18n.t('Everything you need to run the club.')} />
      <DeadLettersWarning />
      <RenewalsOverviewCards />
      <ul className="admin-links">
        {links().map((l) => (
          <li key={l.href}>
            <Link href={l.href} className="admin-link">
              <strong>{l.label}</strong>
              <span>{l.note}</span>
            </Link>
          </li>
        ))}
        {serverPages().map((l) => (
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
