import { Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { lazyOnOpen } from '../components/lazy-on-open';
import { i18n } from '../i18n/i18n';
import { MemberName } from '../shared/members/member-name';
import { useAuth } from '../shared/use-auth';
import { NotificationBell } from '../routes';
import { CLUB_NAME, CLUB_SHORT_NAME } from './page-meta';

// Issue 23: the bell and its live socket load after the page, in their own chunk.

type PlaceList = [href: string, label: string][];

// Issue 46: on a wide screen the main places sit in the header beside the Menu button (which keeps
// SPEC 2's menu whole); a phone keeps the Menu alone (CSS hides this list there).
const visitorPlaces = (): PlaceList => [
  ['/about', i18n.t('About')],
  ['/membership', i18n.t('Membership')],
  ['/activities', i18n.t('Activities')],
  ['/request', i18n.t('Apply')],
  ['/login', i18n.t('Log in')],
];
const memberPlaces = (): PlaceList => [
  ['/calendar', i18n.t('Events')],
  ['/gallery', i18n.t('Gallery')],
  ['/members', i18n.t('Members')],
  ['/homes', i18n.t('Homes')],
];

function HeaderPlaces({ links }: { links: PlaceList }) {
  const [location] = useLocation();
  return (
    <nav className="header-places" aria-label={i18n.t('Main places')}>
      <ul>
        {links.map(([href, label]) => (
          <li key={href}>
            <Link href={href} aria-current={location === href || location.startsWith(`${href}/`) ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The panel's code is fetched when she first opens it (issue 41: room on the first loads for the texts). */
const MenuPanel = lazyOnOpen(() => import('./menu-panel').then((m) => m.MenuPanel));

/** SPEC 2 menu: a bar with the club's name and a button that opens the menu panel (shell/menu-panel.tsx). */
export function Menu() {
  const { authenticated, user, pending } = useAuth();
  const [open, setOpen] = useState(false);

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            O
          </span>
          <span className="brand-name">{CLUB_NAME}</span>
          {/* Shown instead of the full name (still the link's name) beside the main places: base.css. */}
          <span className="brand-short" aria-hidden="true" translate="no">
            {CLUB_SHORT_NAME}
          </span>
        </Link>
        {pending ? null : !authenticated ? (
          <HeaderPlaces links={visitorPlaces()} />
        ) : user && user.status !== 'lapsed' ? (
          <HeaderPlaces links={memberPlaces()} />
        ) : null}
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
