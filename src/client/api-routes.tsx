import { Route, Switch } from 'wouter';
import { pages as P } from './routes';
import { Protected } from './shell/protected';

/**
 * SPEC 2 route table, the pages that call the API (app.tsx has the public ones): loaded with the
 * tRPC client (src/client/trpc-root.tsx), so a visitor's first load carries neither these routes
 * nor their guards. Guards are courtesy; the server checks every call.
 */
export function ApiRoutes() {
  return (
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
  );
}
