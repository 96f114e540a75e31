import type { Actor } from './actor';
import type { Env } from './env';
import type { Deps } from './services/deps';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    deps: Deps;
    /** Resolved once per request, on first use (page GETs never touch D1). */
    actorPromise?: Promise<Actor>;
  };
}
