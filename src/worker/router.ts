import { router } from './platform/trpc';
import { authRouter } from './modules/auth/router';
import { membershipRouter } from './modules/membership/router';
import { eventsRouter } from './modules/events/router';
import { imagesRouter } from './modules/images/router';
import { commentsRouter } from './modules/comments/router';
import { homesRouter } from './modules/homes/router';
import { adminRouter } from './modules/admin/router';
import { insightsRouter } from './modules/insights/router';
import { mailRouter } from './modules/mail/router';
import { accountRouter } from './modules/account/router';
import { membersRouter, profileRouter } from './modules/members/router';
import { clubRouter } from './modules/club/router';
import { notificationsRouter } from './modules/notifications/router';
import { messagesRouter } from './modules/messages/router';
import { pushRouter } from './modules/push/router';
import { operationsRouter } from './modules/operations/router';
import { circlesRouter } from './modules/circles/router';
import { checkInRouter } from './modules/check-in/router';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  membership: membershipRouter,
  events: eventsRouter,
  images: imagesRouter,
  comments: commentsRouter,
  homes: homesRouter,
  mail: mailRouter,
  admin: adminRouter,
  insights: insightsRouter,
  members: membersRouter,
  profile: profileRouter,
  club: clubRouter,
  notifications: notificationsRouter,
  messages: messagesRouter,
  push: pushRouter,
  operations: operationsRouter,
  circles: circlesRouter,
  checkIn: checkInRouter,
});

export type AppRouter = typeof appRouter;
