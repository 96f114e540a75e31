import { router } from './init';
import { authRouter } from './routers/auth';
import { membershipRouter } from './routers/membership';
import { eventsRouter } from './routers/events';
import { imagesRouter } from './routers/images';
import { commentsRouter } from './routers/comments';
import { mailRouter } from './routers/mail';

export const appRouter = router({
  auth: authRouter,
  membership: membershipRouter,
  events: eventsRouter,
  images: imagesRouter,
  comments: commentsRouter,
  mail: mailRouter,
});

export type AppRouter = typeof appRouter;
