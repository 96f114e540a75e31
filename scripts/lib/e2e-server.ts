// The browser tests' server started ahead of Playwright (npm test): the same command, environment
// and address as playwright.config.ts's webServer, in the background while other steps run; then
// Playwright, told E2E_SERVER_STARTED=1, uses it instead of starting its own.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { childEnv, ROOT } from './wrangler';

interface WebServer {
  command: string;
  url: string;
  timeout: number;
  env: Record<string, string>;
}

export interface E2eServer {
  /** Resolves true once the server answers its ready URL; false when it exits or times out first (its log is printed). */
  ready(): Promise<boolean>;
  /** How long it took to answer, e.g. "ready 64 s after its start". */
  took(): string;
  /** Stops it and everything it started (wrangler, workerd); resolves once they are gone. */
  stop(): Promise<void>;
}

/** Starts the server; its output goes to `logFile` (npm test's steps block this process, so no pipe). */
export async function startE2eServer(env: Record<string, string>, logFile: string): Promise<E2eServer> {
  // Loaded here: the config finds the Chromium, which npm test first checks there is.
  const { default: config } = await import('../../playwright.config');
  const web = config.webServer as WebServer;
  const started = Date.now();
  let answered = 0;
  const log = openSync(logFile, 'w');
  // Its own process group, so that stop() reaches wrangler and workerd too.
  const child = spawn(web.command, {
    cwd: ROOT,
    shell: true,
    detached: true,
    stdio: ['ignore', log, log],
    env: childEnv({ ...web.env, ...env, SKIP_BUILD: '1' }),
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // Already gone.
    }
  };
  // Not left behind when npm test ends early (an error, Ctrl-C): it runs in a process group of its own.
  process.once('exit', () => gone || signal('SIGKILL'));
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => {
      signal('SIGTERM');
      process.exit(130);
    });

  return {
    async ready() {
      while (!gone && Date.now() - started < web.timeout) {
        try {
          if ((await fetch(web.url)).ok) {
            answered = Date.now();
            return true;
          }
        } catch {
          // Not listening yet.
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      console.error(`The browser tests' server did not answer ${web.url}; its log (${logFile}):\n${readFileSync(logFile, 'utf8')}`);
      return false;
    },
    took: () => `ready ${Math.round((answered - started) / 1000)} s after its start`,
    async stop() {
      if (gone) return;
      signal('SIGTERM');
      const killed = setTimeout(() => signal('SIGKILL'), 10_000);
      await exited;
      // workerd may outlive the shell by a moment: the port is free once nothing answers there.
      for (
        let i = 0;
        i < 20 &&
        (await fetch(web.url).then(
          () => true,
          () => false,
        ));
        i++
      )
        await new Promise((r) => setTimeout(r, 500));
      clearTimeout(killed);
    },
  };
}
