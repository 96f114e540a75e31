import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { i18n } from '../i18n/i18n';
import { MemberName } from '../shared/members/member-name';
import { useAuth } from '../shared/use-auth';
import { NotificationBell } from '../routes';
import { LAPSED_MEMBER_PAGES } from './guards';

function MenuLink({ href, children, onNavigate }: { href: string; children: string; onNavigate: () => void }) {
  const [location] = useLocation();
  const current = location === href || (href === '/home' && location === '/');
  return (
    <li>
      <Link href={href} onClick={onNavigate} aria-current={current ? 'page' : undefined} className="menu-link">
        {children}
        {/* Issue 38: her unread messages, as the header holds them (the bell's chunk). */}
        {href === '/messages' ? (
          <Suspense fallback={null}>
            <NotificationBell menuCount />
          </Suspense>
        ) : null}
      </Link>
    </li>
  );
}

type MenuLinkList = [href: string, label: string][];

// SPEC 2 "Menu": what a visitor sees, and a member's sections (the admin's only with can.admin).
const visitorLinks = (): MenuLinkList => [
  ['/home', i18n.t('Home')],
  ['/about', i18n.t('About')],
  ['/membership', i18n.t('Membership')],
  ['/activities', i18n.t('Activities')],
  ['/login', i18n.t('Login')],
];
const memberLinks = (): MenuLinkList => [
  ['/home', i18n.t('Home')],
  ['/calendar', i18n.t('Events')],
  ['/activities-member', i18n.t('My Schedule')],
  ['/gallery', i18n.t('Gallery')],
  ['/homes', i18n.t('Homes')],
  ['/members', i18n.t('Members')],
  ['/messages', i18n.t('Messages')],
  ['/circles', i18n.t('Circles')],
  ['/settings', i18n.t('Settings')],
  ['/logout', i18n.t('Logout')],
];
const infoLinks = (): MenuLinkList => [
  ['/about', i18n.t('About')],
  ['/membership', i18n.t('Membership')],
];
const adminLinks = (): MenuLinkList => [
  ['/admin', i18n.t('Admin Dashboard')],
  ['/admin/insights', i18n.t('Insights')],
  ['/admin/reports', i18n.t('Message reports')],
];

function MenuLinks({ links, onNavigate }: { links: MenuLinkList; onNavigate: () => void }) {
  return (
    <ul>
      {links.map(([href, label]) => (
        <MenuLink key={href} href={href} onNavigate={onNavigate}>
          {label}
        </MenuLink>
      ))}
    </ul>
  );
}

function MenuSection({
  title,
  links,
  onNavigate,
  children,
}: {
  title: string;
  links: MenuLinkList;
  onNavigate: () => void;
  children?: ReactNode;
}) {
  return (
    <section className="menu-section">
      <h2>{title}</h2>
      {children}
      <MenuLinks links={links} onNavigate={onNavigate} />
    </section>
  );
}

/**
 * The menu's panel (a modal <dialog>, so focus stays inside while it is open and a backdrop
 * covers the page): its own chunk, fetched the first time she opens the menu (shell/menu.tsx).
 */
export function MenuPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { authenticated, user, pending } = useAuth();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="menu-panel"
      aria-label={i18n.t('Menu')}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === dialog.current) onClose();
      }}
    >
      <div className="menu-panel-inner">
        <div className="menu-panel-top">
          <span className="menu-title">{i18n.t('Menu')}</span>
          <button type="button" className="icon-button" aria-label={i18n.t('Close menu')} onClick={onClose}>
            ×
          </button>
        </div>
        {pending ? null : authenticated && user ? (
          <nav aria-label={i18n.t('Main')}>
            <MenuSection
              title={i18n.t("Members' Section")}
              // A lapsed member's menu holds only what she may open (issue 46).
              links={
                user.status === 'lapsed'
                  ? memberLinks().filter(([h]) => /^\/(home|logout)$/.test(h) || LAPSED_MEMBER_PAGES.test(h))
                  : memberLinks()
              }
              onNavigate={onClose}
            >
              {/* Her name links to her profile: following it closes the menu like any menu link. */}
              <p className="menu-user" onClick={(e) => (e.target as HTMLElement).closest('a') && onClose()}>
                {`${i18n.t('Logged in as')} `}
                <MemberName id={user.user_id} name={user.name} />
              </p>
            </MenuSection>
            <MenuSection title={i18n.t('Info Section')} links={infoLinks()} onNavigate={onClose} />
            {user.can.admin ? <MenuSection title={i18n.t('Admin')} links={adminLinks()} onNavigate={onClose} /> : null}
          </nav>
        ) : (
          <nav aria-label={i18n.t('Main')}>
            <MenuLinks links={visitorLinks()} onNavigate={onClose} />
          </nav>
        )}
      </div>
    </dialog>
  );
}
