import { Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { PageErrorBoundary } from './shell/error-boundary';
import { LapsedNotice, Protected } from './shell/guards';
import { Footer } from './shell/footer';
import { Menu } from './shell/menu';
import { usePageTitle } from './shell/page-meta';
import { useScrollRestoration } from './shell/scroll-restoration';
import { RenewalBannerSlot } from './shell/renewal-banner-slot';
import { YourClubSlot } from './shell/your-club-slot';
import { replayBeforeHydration } from './lib/boot-hand-over';
import { useAuth } from './shared/use-auth';
import { i18n } from './i18n/i18n';
import { pages as P, TrpcRoot } from './routes';

/** SPEC 2's public Home, then a signed-in member's own "Your club" below its hero (issue 31). */
function HomeWithYourClub() {
  const { user } = useAuth();
  // Issue 46: a lapsed member lands on her own page, not the visitors' hero and a club she cannot load.
  if (user?.status === 'lapsed') return <LapsedNotice renewsOn={user.renews_on} />;
  return (
    <>
      <P.Home />
      <YourClubSlot />
    </>
  );
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

/** SPEC 2 route table. Guards are courtesy; the server checks every call. */
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
              {/* Every page that calls the API sits under TrpcRoot (its own chunk). */}
              <Route>
                {() => (
                  <TrpcRoot>
                    <Switch>
                      <Route path="/login" component={P.Login} />
                      <Route path="/logout" component={P.Logout} />
                      <Route path="/request" component={P.Application} />
                      <Route path="/register/:token" component={P.Register} />
                      <Route path="/forgot-password" component={P.ForgotPassword} />
                      <Route path="/reset-password/:token" component={P.ResetPassword} />
                      <Route path="/calendar">
                        {() => (
                          <Protected>
                            <P.Calendar />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/gallery">
                        {() => (
                          <Protected>
                            <P.Gallery />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/settings/:section?">
                        {() => (
                          <Protected>
                            <P.Settings />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/notifications">
                        {() => (
                          <Protected>
                            <P.Notifications />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/member-home">
                        {() => (
                          <Protected>
                            <P.MemberHome />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/activities-member">
                        {() => (
                          <Protected>
                            <P.MemberSchedule />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/events/invite/:token">
                        {() => (
                          <Protected>
                            <P.AcceptInvitation />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/homes">
                        {() => (
                          <Protected>
                            <P.Homes />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/homes/mine">
                        {() => (
                          <Protected>
                            <P.MyHomes />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/homes/requests">
                        {() => (
                          <Protected>
                            <P.StayRequests />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/homes/new">
                        {() => (
                          <Protected>
                            <P.HomeEditor />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/homes/:id/edit">
                        {() => (
                          <Protected>
                            <P.HomeEditor />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/homes/:id">
                        {() => (
                          <Protected>
                            <P.HomeDetail />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/members">
                        {() => (
                          <Protected>
                            <P.Members />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/members/:id">
                        {() => (
                          <Protected>
                            <P.Member />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/messages/*?">
                        {() => (
                          <Protected>
                            <P.Messages />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/circles/*?">
                        {() => (
                          <Protected>
                            <P.Circles />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/events/:id/*?">
                        {() => (
                          <Protected unauthenticatedTo="/no-permission">
                            <P.Event />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/admin">
                        {() => (
                          <Protected admin nonAdminTo="/home">
                            <P.AdminDashboard />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/admin/codes">
                        {() => (
                          <Protected admin>
                            <P.InvitationCodes />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/admin/audit">
                        {() => (
                          <Protected admin>
                            <P.AuditLog />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/admin/insights">
                        {() => (
                          <Protected admin>
                            <P.Insights />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/admin/homes">
                        {() => (
                          <Protected admin>
                            <P.AdminHomes />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/admin/import">
                        {() => (
                          <Protected admin>
                            <P.RosterImport />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/admin/imports/:id">
                        {() => (
                          <Protected admin>
                            <P.RosterImportReport />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/admin/reports">
                        {() => (
                          <Protected admin>
                            <P.MessageReports />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/admin/sent-mail">
                        {() => (
                          <Protected admin>
                            <P.SentMail />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/admin/operations">
                        {() => (
                          <Protected admin>
                            <P.Operations />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/applications">
                        {() => (
                          <Protected admin nonAdminTo="/login">
                            <P.Applications />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/users">
                        {() => (
                          <Protected admin>
                            <P.Users />
                          </Protected>
                        )}
                      </Route>
                      <Route path="/mail">
                        {() => (
                          <Protected admin>
                            <P.Mail />
                          </Protected>
                        )}
                      </Route>
                      <Route component={P.NotFound} />
                    </Switch>
                  </TrpcRoot>
                )}
              </Route>
            </Switch>
            <ContentHydrated />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
