import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium as playwrightChromium } from '@playwright/test';

/** What Playwright's chromium.launch needs: the binary, its flags, and (rarely) its environment. */
export interface Chromium {
  executablePath: string;
  args: string[];
  /** Where it came from, for messages. */
  source: 'CHROMIUM_PATH' | 'playwright' | 'os' | '@sparticuz/chromium';
  /** Set only when the browser needs more than process.env (fonts for the npm Chromium). */
  env?: Record<string, string>;
}

/** Our flags for every Chromium: a headless test browser that talks to nothing but 127.0.0.1. */
const OUR_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Flags @sparticuz/chromium recommends (its `args`) that we leave out, because they would change
 * what the tests check or fight Playwright: web security, mixed content and site isolation stay as
 * in a real browser; Playwright chooses the headless mode itself; its own --disable-features and
 * --enable-features lists would be replaced by a second one (Chromium keeps the last); and
 * --single-process is needed only inside Lambda's sandbox: here the browser runs multi-process,
 * as a user's does.
 */
const SPARTICUZ_ARGS_LEFT_OUT = [
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--headless',
  '--disable-features=',
  '--enable-features=',
  '--single-process',
];

const ROOT = path.resolve(import.meta.dirname, '../..');

const OS_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

function playwrightOwn(): string | undefined {
  try {
    return playwrightChromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * The Chromium that `npm install` brought (@sparticuz/chromium, a devDependency — not an optional one: npm skips an optional package whose
 * engines the installing Node does not meet, and the first `npm ci` runs on whatever Node the machine has; its npm
 * package ships a Linux x64 build only). Its executablePath() is async and unpacks the brotli'd
 * binary into the temp dir at first use (a few seconds, then reused), so it runs in a child
 * process: that keeps this lookup synchronous for playwright.config.ts and the scripts.
 * The child also runs `--version`, so a half-unpacked binary (an interrupted first run) is removed
 * and unpacked again instead of failing later inside Playwright.
 */
function fromNpmPackage(): { path: string; args: string[]; fonts: string } | { error: string } {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { error: `@sparticuz/chromium ships a Linux x64 build only (this is ${process.platform} ${process.arch})` };
  }
  const script = `
    import { spawnSync } from 'node:child_process';
    import { rmSync } from 'node:fs';
    import { tmpdir } from 'node:os';
    import { join } from 'node:path';
    const { default: chromium } = await import('@sparticuz/chromium');
    chromium.setGraphicsMode = false; // no WebGL: skips unpacking SwiftShader
    for (let attempt = 0; ; attempt++) {
      const path = await chromium.executablePath();
      const version = spawnSync(path, ['--version'], { encoding: 'utf8' });
      if (version.status === 0) {
        process.stdout.write(JSON.stringify({ path, args: chromium.args, fonts: join(tmpdir(), 'fonts') }));
        break;
      }
      if (attempt > 0) throw new Error(path + ' does not run: ' + (version.stderr || version.error));
      rmSync(path, { force: true });
    }`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) {
    const why = /Cannot find (package|module) '@sparticuz\/chromium'/.test(res.stderr)
      ? '@sparticuz/chromium is not installed (a devDependency: `npm install` brings it)'
      : `@sparticuz/chromium did not unpack: ${res.stderr.trim().split('\n').slice(-3).join(' ')}`;
    return { error: why };
  }
  return JSON.parse(res.stdout) as { path: string; args: string[]; fonts: string };
}

let found: Chromium | undefined;

/**
 * A Chromium to drive, in this order: CHROMIUM_PATH, Playwright's own browsers if they were
 * installed, the OS's Chromium or Chrome, else the one from the @sparticuz/chromium npm package.
 * Playwright never downloads a browser here. Throws with what to do when there is none.
 */
export function findChromium(): Chromium {
  if (found) return found;
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist.`);
    return (found = { executablePath: fromEnv, args: OUR_ARGS, source: 'CHROMIUM_PATH' });
  }
  const own = playwrightOwn();
  if (own && existsSync(own)) return (found = { executablePath: own, args: OUR_ARGS, source: 'playwright' });
  const os = OS_CANDIDATES.find((p) => existsSync(p));
  if (os) return (found = { executablePath: os, args: OUR_ARGS, source: 'os' });

  const npm = fromNpmPackage();
  if ('path' in npm) {
    const theirs = npm.args.filter((a) => !SPARTICUZ_ARGS_LEFT_OUT.some((left) => a.startsWith(left)));
    // Without fonts of its own a bare machine renders no text in screenshots; its fontconfig
    // file points at the fonts it unpacked next to the binary.
    const env = existsSync('/etc/fonts/fonts.conf')
      ? undefined
      : { ...(process.env as Record<string, string>), FONTCONFIG_PATH: npm.fonts };
    return (found = {
      executablePath: npm.path,
      args: [...new Set([...OUR_ARGS, ...theirs])],
      source: '@sparticuz/chromium',
      ...(env ? { env } : {}),
    });
  }
  throw new Error(
    [
      'No Chromium found for the browser tests. Looked at CHROMIUM_PATH, Playwright’s own browsers, ' +
        `${OS_CANDIDATES.join(', ')}, and the npm package: ${npm.error}.`,
      process.platform === 'darwin'
        ? 'On a Mac: install Google Chrome, or set CHROMIUM_PATH to a Chromium or Chrome binary.'
        : 'Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    ].join('\n'),
  );
}

/** findChromium() as chromium.launch() options. */
export function chromiumLaunchOptions(): { executablePath: string; args: string[]; env?: Record<string, string> } {
  const { executablePath, args, env } = findChromium();
  return { executablePath, args, ...(env ? { env } : {}) };
}
