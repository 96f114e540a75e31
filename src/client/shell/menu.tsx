import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../shared/use-auth';

function MenuLink({ href, children, onNavigate }: { href: string; children: string; onNavigate: () => void }) {
  const [location] = useLocation();
  const current = location === href || (href === '/home' && location === '/');
  return (
    <li>
      <Link href={href} onClick={onNavigate} aria-current={current ? 'page' : undefined} className="menu-link">
        {children}
      </Link>
    </li>
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
        {authenticated && user ? <span className="header-user">Logged in as {user.name}</span> : null}
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
              <section className="menu-section">
                <h2>Members' Section</h2>
                <p className="menu-user">Logged in as {user.name}</p>
                <ul>
                  <MenuLink href="/home" onNavigate={close}>
                    Home
                  </MenuLink>
                  <MenuLink href="/calendar" onNavigate={close}>
                    Events
                  </MenuLink>
                  <MenuLink href="/gallery" onNavigate={close}>
                    Gallery
                  </MenuLink>
                  <MenuLink href="/homes" onNavigate={close}>
                    Homes
                  </MenuLink>
                  <MenuLink href="/settings" onNavigate={close}>
                    Settings
                  </MenuLink>
                  <MenuLink href="/logout" onNavigate={close}>
                    Logout
                  </MenuLink>
                </ul>
              </section>
              <section className="menu-section">
                <h2>Info Section</h2>
                <ul>
                  <MenuLink href="/about" onNavigate={close}>
                    About
                  </MenuLink>
                  <MenuLink href="/membership" onNavigate={close}>
                    Membership
                  </MenuLink>
                </ul>
              </section>
              {user.can.admin ? (
                <section className="menu-section">
                  <h2>Admin</h2>
                  <ul>
                    <MenuLink href="/admin" onNavigate={close}>
                      Admin Dashboard
                    </MenuLink>
                  </ul>
                </section>
              ) : null}
            </nav>
          ) : (
            <nav aria-label="Main">
              <ul>
                <MenuLink href="/home" onNavigate={close}>
                  Home
                </MenuLink>
                <MenuLink href="/about" onNavigate={close}>
                  About
                </MenuLink>
                <MenuLink href="/membership" onNavigate={close}>
                  Membership
                </MenuLink>
                <MenuLink href="/activities" onNavigate={close}>
                  Activities
                </MenuLink>
                <MenuLink href="/login" onNavigate={close}>
                  Login
                </MenuLink>
              </ul>
            </nav>
          )}
        </div>
      </dialog>
    </header>
  );
}
