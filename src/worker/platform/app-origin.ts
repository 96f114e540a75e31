import type { Env } from './env';

type OriginEnv = Pick<Env, 'APP_ORIGIN' | 'ENVIRONMENT'>;

/**
 * The Worker runs on a developer's machine: `npm start` and `npm run dev` set ENVIRONMENT to
 * 'development', the worker tests to 'test' (vitest.config.ts). wrangler.toml's 'production' is
 * what a deploy runs with, and anything else counts as production too.
 */
export function isLocal(env: Pick<Env, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test';
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1'];

/**
 * The origins that are the app itself (the CSRF check, passkeys): APP_ORIGIN; locally also the
 * same port on localhost and on 127.0.0.1, which are the same server (issue 25: passkeys need
 * localhost, since browsers refuse an IP address as relying party id).
 */
export function appOrigins(env: OriginEnv): string[] {
  const app = new URL(env.APP_ORIGIN);
  if (!isLocal(env)) return [app.origin];
  const port = app.port ? `:${app.port}` : '';
  return [...new Set([app.origin, ...LOCAL_HOSTS.map((host) => `http://${host}${port}`)])];
}

export interface RelyingParty {
  /** The WebAuthn relying party id: the host whose passkeys these are. */
  id: string;
  /** The exact origins a ceremony's signed client data may name. */
  origins: string[];
}

/**
 * The WebAuthn relying party: APP_ORIGIN's host, and that origin exactly. Locally 'localhost'
 * and http://localhost:{PORT} (APP_ORIGIN's port): a passkey made there is not offered on
 * 127.0.0.1, so README sends developers to localhost to try them.
 */
export function relyingParty(env: OriginEnv): RelyingParty {
  if (!isLocal(env)) {
    const app = new URL(env.APP_ORIGIN);
    return { id: app.hostname, origins: [app.origin] };
  }
  return { id: 'localhost', origins: appOrigins(env).filter((origin) => new URL(origin).hostname === 'localhost') };
}
