import type { Actor } from './actor';
import type { Deps } from './deps';
import type { Env } from './env';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    deps: Deps;
    /** Set by the auth module's session middleware; called at most once, by actorOf. */
    resolveActor?: () => Promise<Actor>;
    actorPromise?: Promise<Actor>;
  };
}
