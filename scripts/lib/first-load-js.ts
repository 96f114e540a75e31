// First-load JS: the gzip bytes of every script a page's first load fetches. Two ways to get it,
// which must agree: from the build's Vite manifest (deterministic: `npm test`'s bundle check), and
// from what Chromium really fetches (the bench, and tests/e2e/first-load.spec.ts, which holds the
// two to the same list of files).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export interface FirstLoad {
  /** e.g. "visitor at /". */
  name: string;
  path: string;
  /** Whether the page is opened with a member's session. */
  member: boolean;
  /**
   * The lazily imported modules (manifest keys: source paths) this page renders on its first load:
   * the route's page and, for pages that call the API, trpc-root.tsx. The entry's static imports
   * are followed by themselves.
   */
  lazy: string[];
  /** Budget in KB (1024 bytes) of gzip, from the scale issue. */
  budgetKb: number;
}

/**
 * What every member's page renders on its first load besides the page: the bell in the header,
 * loaded after the page's own code. Its live socket (issue 23) starts 5 s after the page did, in a
 * chunk of its own (src/client/shared/live/use-live.ts), as the service worker's registration.
 */
const MEMBER_SHELL = ['src/client/shell/notification-bell.tsx'];

export const FIRST_LOADS: FirstLoad[] = [
  { name: 'visitor at /', path: '/', member: false, lazy: ['src/client/features/public/home-page.tsx'], budgetKb: 80 },
  {
    name: 'member at /calendar',
    path: '/calendar',
    member: true,
    lazy: ['src/client/trpc-root.tsx', 'src/client/features/events/calendar-page.tsx', ...MEMBER_SHELL],
    budgetKb: 110,
  },
  // Held to the member's budget too: the gallery's code imports the images' plain constants
  // (src/shared/images.ts), not their zod schemas (24 KB of gzip a first load does not need).
  {
    name: 'member at /gallery',
    path: '/gallery',
    member: true,
    lazy: ['src/client/trpc-root.tsx', 'src/client/features/gallery/gallery-page.tsx', ...MEMBER_SHELL],
    budgetKb: 110,
  },
  // Issue 22: the directory is its own lazy chunk, held to the member's budget.
  {
    name: 'member at /members',
    path: '/members',
    member: true,
    lazy: ['src/client/trpc-root.tsx', 'src/client/features/members/directory-page.tsx', ...MEMBER_SHELL],
    budgetKb: 110,
  },
];

/** gzip -9 size, what a server sends (the number does not depend on the machine). */
export const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export function readManifest(clientDir: string): Record<string, ManifestChunk> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: build the client first (\`npm run build\`; vite.config.ts writes the manifest).`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

/**
 * The files (relative to clientDir: the hashed build output under its assets folder) a first load fetches: index.html's
 * entry, the lazy modules, and everything they import statically (which the browser fetches
 * before running them, modulepreloaded or not).
 */
export function firstLoadFiles(clientDir: string, lazy: string[]): string[] {
  const manifest = readManifest(clientDir);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the Vite manifest: did the page move? Update FIRST_LOADS in scripts/lib/first-load-js.ts.`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('index.html');
  for (const key of lazy) visit(key);
  return [...seen].map((key) => manifest[key]!.file).sort();
}

/** First-load JS of one page from the build's manifest, in gzip bytes, with the files it counted. */
export function firstLoadFromBuild(clientDir: string, load: FirstLoad): { bytes: number; files: string[] } {
  const files = firstLoadFiles(clientDir, load.lazy);
  const bytes = files.reduce((sum, f) => sum + gzipSize(readFileSync(path.join(clientDir, f))), 0);
  return { bytes, files };
}

/**
 * The scripts Chromium fetches for a page until the network is idle, as paths relative to the build folder,
 * and their gzip bytes (fetched again from the server, so it is what the server sends).
 */
export async function firstLoadInBrowser(page: Page, url: string): Promise<{ bytes: number; files: string[] }> {
  const scripts = new Set<string>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.add(res.url());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  let bytes = 0;
  for (const script of scripts) bytes += gzipSize(new Uint8Array(await (await fetch(script)).arrayBuffer()));
  return { bytes, files: [...scripts].map((s) => new URL(s).pathname.replace(/^\//, '')).sort() };
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
