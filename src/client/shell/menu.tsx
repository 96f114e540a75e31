import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
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

// Issue 23: the bell and its live socket load after the page, in their own chunk.

type MenuLinkList = [href: string, label: string][];

// SPEC 2 "Menu": what a visitor sees, and a member's sections (the admin's only with can.admin).
const VISITOR_LINKS: MenuLinkList = [
  ['/home', 'Home'],
  ['/about', 'About'],
  ['/membership', 'Membership'],
  ['/activities', 'Activities'],
  ['/login', 'Login'],
];
const MEMBER_LINKS: MenuLinkList = [
  ['/home', 'Home'],
  ['/calendar', 'Events'],
  ['/activities-member', 'My Schedule'],
  ['/gallery', 'Gallery'],
  ['/homes', 'Homes'],
  ['/members', 'Members'],
  ['/messages', 'Messages'],
  ['/circles', 'Circles'],
  ['/settings', 'Settings'],
  ['/logout', 'Logout'],
];
const INFO_LINKS: MenuLinkList = [
  ['/about', 'About'],
  ['/membership', 'Membership'],
];
const ADMIN_LINKS: MenuLinkList = [
  ['/admin', 'Admin Dashboard'],
  ['/admin/insights', 'Insights'],
  ['/admin/reports', 'Message reports'],
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
 * SPEC 2 menu: a bar with the club's name and a button that opens the menu panel (a modal
 * <dialog>, so focus stays inside while it is open and a backdrop covers the page).
 */
export function Menu() {
  const { authenticated, user, pending } = useAuth();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            O
          </span>
          <span className="brand-name">Outstanding Women Outside Work</span>
        </Link>
        {authenticated && user ? (
          <span className="header-user">
            Logged in as <MemberName id={user.user_id} name={user.name} />
          </span>
        ) : null}
        {/* A lapsed member keeps Settings only (lapsed-gate.ts): no bell, which the API would refuse her. */}
        {authenticated && user && user.status !== 'lapsed' ? (
          <Suspense
            fallback={
              <>
                <span className="bell-slot" />
                <span className="bell-slot" />
              </>
            }
          >
            <NotificationBell />
          </Suspense>
        ) : null}
        <button type="button" className="menu-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
          <span className="menu-button-bars" aria-hidden="true" />
          Menu
        </button>
      </div>
      <dialog
        ref={dialog}
        className="menu-panel"
        aria-label="Menu"
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        onClose={close}
        onClick={(e) => {
          if (e.target === dialog.current) close();
        }}
      >
        <div className="menu-panel-inner">
          <div className="menu-panel-top">
            <span className="menu-title">Menu</span>
            <button type="button" className="icon-button" aria-label="Close menu" onClick={close}>
              ×
            </button>
          </div>
          {pending ? null : authenticated && user ? (
            <nav aria-label="Main">
              <MenuSection
                title="Members' Section"
                // A lapsed member's menu holds only what she may open (issue 46).
                links={
                  user.status === 'lapsed'
                    ? MEMBER_LINKS.filter(([h]) => /^\/(home|logout)$/.test(h) || LAPSED_MEMBER_PAGES.test(h))
                    : MEMBER_LINKS
                }
                onNavigate={close}
              >
                {/* Her name links to her profile: following it closes the menu like any menu link. */}
                <p className="menu-user" onClick={(e) => (e.target as HTMLElement).closest('a') && close()}>
                  Logged in as <MemberName id={user.user_id} name={user.name} />
                </p>
              </MenuSection>
              <MenuSection title="Info Section" links={INFO_LINKS} onNavigate={close} />
              {user.can.admin ? <MenuSection title="Admin" links={ADMIN_LINKS} onNavigate={close} /> : null}
            </nav>
          ) : (
            <nav aria-label="Main">
              <MenuLinks links={VISITOR_LINKS} onNavigate={close} />
            </nav>
          )}
        </div>
      </dialog>
    </header>
  );
}
