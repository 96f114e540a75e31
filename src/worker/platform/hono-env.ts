import type { Actor } from './actor';
import type { FirstTrip } from './d1-first-trip';
import type { Deps } from './deps';
import type { Env } from './env';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    deps: Deps;
    /** The request's first D1 round trip, on which the session check may ride (d1-first-trip.ts). */
    firstTrip: FirstTrip;
    /** Set by the auth module's session middleware; called at most once, by actorOf. */
    resolveActor?: () => Promise<Actor>;
    actorPromise?: Promise<Actor>;
    /** The isolate was overloaded when the request came in (load-shed.ts): no optional work. */
    overloaded?: boolean;
  };
}
