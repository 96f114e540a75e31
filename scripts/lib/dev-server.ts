// The local server as `npm start` runs it (`wrangler dev` on a local state and a client build), for
// npm start itself and for the scripts that start one on a state of their own (the backup's round
// trip signs a member in on the restored state).
import { spawn } from 'node:child_process';
import { versionDefines } from './build-version';
import { childEnv, ROOT } from './wrangler';
import path from 'node:path';

export interface DevServerOptions {
  port: string;
  /** The local state (`--persist-to`). */
  state: string;
  /** The client build it serves. */
  clientDir: string;
  logLevel?: string;
}

/** `wrangler dev`'s arguments for npm start's server. */
export function devServerArgs(o: DevServerOptions): string[] {
  return [
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    o.port,
    '--persist-to',
    o.state,
    '--assets',
    o.clientDir,
    '--var',
    'ENVIRONMENT:development',
    '--var',
    `APP_ORIGIN:http://127.0.0.1:${o.port}`,
    '--show-interactive-dev-session=false',
    '--log-level',
    o.logLevel ?? 'info',
    // INSPECTOR_PORT: a fixed port for Chrome DevTools (npm run profile records a CPU profile there).
    '--inspector-port',
    process.env.INSPECTOR_PORT ?? '0',
    // GET /__scheduled runs the Cron Trigger's housekeeping on demand (README).
    '--test-scheduled',
    // The build's version stamp, as deploy gives it (GET /healthz, the admin dashboard).
    ...versionDefines(),
  ];
}

/**
 * The Worker bundles React's production build, as deploy does (wrangler dev's default is the
 * development build): rendering a member's page (src/client/ssr.tsx, ADR 0019) took 80-200 ms
 * instead of about 20 with it, all of it in her page's time to first byte.
 */
export const DEV_SERVER_ENV = { NODE_ENV: 'production' };

/**
 * npm start's server started in its own process group (so stop() ends wrangler and its workerd),
 * resolved once it answers /auth-status.
 */
export async function startDevServer(o: DevServerOptions, timeoutMs = 120_000): Promise<{ base: string; stop: () => void }> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/wrangler'), devServerArgs({ logLevel: 'warn', ...o }), {
    cwd: ROOT,
    env: childEnv(DEV_SERVER_ENV),
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  };
  const base = `http://127.0.0.1:${o.port}`;
  try {
    await waitForServer(base, timeoutMs);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, stop };
}

/** Waits until `base` answers /auth-status (the app is up, its D1 reachable). */
export async function waitForServer(base: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/auth-status`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}
