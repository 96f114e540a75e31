import { Suspense, useState } from 'react';
import { Link } from 'wouter';
import { lazyOnOpen } from '../components/lazy-on-open';
import { i18n } from '../i18n/i18n';
import { MemberName } from '../shared/members/member-name';
import { useAuth } from '../shared/use-auth';
import { NotificationBell } from '../routes';
import { CLUB_NAME } from './page-meta';

// Issue 23: the bell and its live socket load after the page, in their own chunk.

/** The panel's code is fetched when she first opens it (issue 41: room on the first loads for the texts). */
const MenuPanel = lazyOnOpen(() => import('./menu-panel').then((m) => m.MenuPanel));

/** SPEC 2 menu: a bar with the club's name and a button that opens the menu panel (shell/menu-panel.tsx). */
export function Menu() {
  const { authenticated, user } = useAuth();
  const [open, setOpen] = useState(false);

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            O
          </span>
          <span className="brand-name">{CLUB_NAME}</span>
        </Link>
        {authenticated && user ? (
          <span className="header-user">
            {`${i18n.t('Logged in as')} `}
            <MemberName id={user.user_id} name={user.name} />
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
          {i18n.t('Menu')}
        </button>
      </div>
      <MenuPanel open={open} onClose={() => setOpen(false)} />
    </header>
  );
}
