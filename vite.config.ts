import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { apiDocsPage } from './scripts/lib/api-docs-plugin.js';
import { prerenderPublicPages } from './scripts/lib/prerender-plugin.js';

/**
 * In `npm run dev` the Worker serves index.html too, with its CSP (script-src 'self': no inline
 * script), which blocks the inline fast-refresh preamble @vitejs/plugin-react injects, and React
 * never starts. Load the same preamble from the plugin's own virtual module file instead.
 */
const externalReactPreamble = (): Plugin => ({
  name: 'owow:external-react-preamble',
  apply: 'serve',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html.replace(
        /<script type="module">\s*import \{ injectIntoGlobalHook \}[\s\S]*?<\/script>/,
        '<script type="module" src="/@id/__x00__@vitejs/plugin-react/preamble"></script>',
      ),
  },
});

/**
 * With build.modulePreload off, index.html would lose its modulepreload links to the entry's own
 * imports (React): the browser would find them only once the entry has arrived. Put them back, as
 * Vite writes them (scripts/lib/prerender-plugin.ts reads them into the boot script).
 */
const entryModulePreloads = (): Plugin => ({
  name: 'owow:entry-modulepreloads',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, ctx) =>
      (ctx.chunk?.imports ?? []).map((file) => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
        injectTo: 'head' as const,
      })),
  },
});

// `vite build` builds only the React app into dist/client (wrangler bundles the Worker itself);
// `vite` (npm run dev) also runs the Worker in workerd through the Cloudflare plugin.
export default defineConfig(({ command }) => ({
  // The tests' pseudo-language's catalogs are lazy chunks a page fetches only in it (src/client/i18n/i18n.ts),
  // and its prerendered pages: a deploy's build (PSEUDO_LANGUAGE=false, scripts/lib/deploy.ts) has neither.
  // The pages load every catalog (the Worker's bundle only its first screens': src/client/i18n/server-catalogs.ts).
  define: { PSEUDO_LANGUAGE: String(process.env.PSEUDO_LANGUAGE !== 'false'), CLIENT_IN_WORKER: 'false' },
  plugins: [
    react(),
    externalReactPreamble(),
    entryModulePreloads(),
    prerenderPublicPages(),
    apiDocsPage(),
    // The service worker (issue 40, src/client/sw/sw.ts) with this build's precache list: the hashed
    // scripts and styles, the empty app shell and the offline page (not the API reference's large
    // chunks, nor the prerendered pages, which a member gets with her own data).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/client/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['assets/*.{js,css}', 'index.html', 'offline.html', 'icons/icon-192.png'],
        maximumFileSizeToCacheInBytes: 400 * 1024,
      },
      devOptions: { enabled: false },
    }),
    ...(command === 'serve' ? [cloudflare({ configPath: './wrangler.toml', config: { vars: { ENVIRONMENT: 'development' } } })] : []),
  ],
  resolve: {
    // wouter reads useSyncExternalStore through the use-sync-external-store shim (for React 17): React 19
    // has it, so the shim's 0.7 KB of gzip left every first load.
    alias: { 'use-sync-external-store/shim/index.js': path.resolve(import.meta.dirname, 'src/client/lib/use-sync-external-store.ts') },
  },
  build: {
    outDir: 'dist/client',
    // No modulepreload links nor polyfill: each lazy import's list of the chunks it needs was about
    // 2 KB of gzip in the entry (issue 41: room for the texts' runtime). A page's first load is
    // unchanged (the boot script asks for all of its chunks, scripts/lib/prerender-plugin.ts); a page
    // opened later fetches its shared chunks after its own (from the service worker's cache once
    // it has installed: it precaches every chunk).
    modulePreload: false,
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
    // .vite/manifest.json: the bundle-size check reads the module graph from it. public/.assetsignore
    // keeps it from being served or deployed.
    manifest: true,
    // Two library chunks instead of a dozen slivers: React (every page) and TanStack Query with the
    // tRPC client (the pages that call the API). A phone on a slow link pays a round trip per file;
    // with these groups a member's /calendar loads 14 files instead of 18, and 2.6 KB less.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'query', test: /node_modules[\\/](@tanstack|@trpc)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
}));
