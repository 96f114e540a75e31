import { Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { PageErrorBoundary } from './shell/error-boundary';
import { LapsedNotice } from './shell/guards';
import { Footer } from './shell/footer';
import { Menu } from './shell/menu';
import { usePageTitle } from './shell/page-meta';
import { useScrollRestoration } from './shell/scroll-restoration';
import { RenewalBannerSlot } from './shell/renewal-banner-slot';
import { YourClubSlot } from './shell/your-club-slot';
import { replayBeforeHydration } from './lib/boot-hand-over';
import { useAuth } from './shared/use-auth';
import { i18n } from './i18n/i18n';
import { ApiPages, pages as P } from './routes';

/**
 * SPEC 2's public Home for a visitor; a signed-in member opens on her own "Your club" (issues 31
 * and 46), which the Worker renders into /home's HTML for her (src/shared/first-screen.ts).
 */
function HomeWithYourClub() {
  const { user } = useAuth();
  // Issue 46: a lapsed member lands on her own page, not the visitors' hero and a club she cannot load.
  if (user?.status === 'lapsed') return <LapsedNotice renewsOn={user.renews_on} />;
  return <YourClubSlot fallback={<P.Home />} />;
}

/**
 * Rendered last inside the page's Suspense boundary: its effect runs once the page's content has
 * hydrated (React hydrates a boundary as one), and what she did meanwhile counts (an event sent
 * into a part not yet hydrated would make React hydrate it at once, in one long task).
 */
function ContentHydrated() {
  useEffect(replayBeforeHydration, []);
  return null;
}

/** SPEC 2 route table: the public pages here, the pages that call the API in api-routes.tsx. */
export function App() {
  usePageTitle();
  useScrollRestoration();
  return (
    <>
      <a className="skip-link" href="#main">
        {i18n.t('Skip to content')}
      </a>
      <Menu />
      <RenewalBannerSlot />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary>
          <Suspense fallback={<p className="page-status">{i18n.t('Loading…')}</p>}>
            <Switch>
              <Route path="/" component={HomeWithYourClub} />
              <Route path="/home" component={HomeWithYourClub} />
              <Route path="/about" component={P.About} />
              <Route path="/membership" component={P.Membership} />
              <Route path="/activities" component={P.Activities} />
              <Route path="/no-permission" component={P.NoPermission} />
              {/* Every page that calls the API: with the tRPC client, in a chunk of its own (api-routes.tsx). */}
              <Route component={ApiPages} />
            </Switch>
            <ContentHydrated />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
