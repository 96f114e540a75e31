// The build's last step (vite.config.ts): the public pages prerendered into their own HTML files,
// so a phone paints them as soon as the HTML arrives (issue 13), and the browser then hydrates
// them (src/client/main.tsx). The members' main pages (PRELOADED_SHELLS) get what the browser shows
// while the session is pending, with their chunks preloaded; index.html stays the empty shell every
// other route falls back to.
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PageLocale } from '../../src/client/i18n/i18n';
import type { PreloadedShell, PrerenderedPage } from '../../src/client/prerender';
import { BOOT_SCRIPT, BOOT_SCRIPT_ID } from '../../src/shared/boot-script.js';
import { PRERENDERED_ASSETS } from '../../src/shared/prerendered-pages.js';
import { directionOf, isLanguage } from '../../src/shared/preferences.js';

interface PrerenderModule {
  PRERENDERED_PAGES: PrerenderedPage[];
  PRELOADED_SHELLS: PreloadedShell[];
  PRERENDERED_LOCALES: { locale: PageLocale; lang: string }[];
  renderPage(path: string, locale: PageLocale): Promise<{ html: string; title: string; description: string }>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The JS files a page's modules import (beyond index.html's entry) and their CSS, from the Vite
 * manifest: preloaded, so hydration does not wait for one chunk to name the next.
 */
function pageAssets(manifest: Record<string, ManifestChunk>, modules: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>(['index.html']);
  const js: string[] = [];
  const css: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the Vite manifest`);
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const m of modules) visit(m);
  return { js, css };
}

/**
 * A language's catalogs a page's first render loads (src/client/i18n/i18n.ts): its loaders, the
 * shell's, and its features' (from its modules' folders); asked for with its scripts, so hydration
 * does not wait for the entry to name them. English has none.
 */
function catalogModules(manifest: Record<string, ManifestChunk>, modules: string[], locale: PageLocale): string[] {
  if (locale === 'en') return [];
  const features = modules.flatMap((m) => /^src\/client\/features\/[^/]+\//.exec(m) ?? []);
  const catalogs = [
    `src/client/locales/catalogs-${locale}.ts`,
    `src/client/locales/${locale}.ts`,
    `src/client/shared/locales/${locale}.ts`,
    ...features.map((dir) => `${dir}locales/${locale}.ts`),
  ];
  return catalogs.filter((key) => key in manifest);
}

/**
 * One page's HTML: the shell with the page's title and description, the render inside #root, its
 * stylesheets inlined (no render-blocking request before the first paint; the CSP allows inline
 * styles) and its scripts asked for once it has painted (withBootScript).
 */
function pageHtml(
  shell: string,
  outDir: string,
  body: string,
  meta: { title: string; description?: string },
  assets: { js: string[]; css: string[]; fetches?: string[] },
): string {
  let html = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, (tag) =>
      meta.description === undefined ? tag : `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  // The link beside each inlined stylesheet tells Vite's preloader, which looks for
  // link[rel=stylesheet] with the chunk's href when the page's chunks are imported, that the page
  // already has it, instead of fetching it again and restyling the page the browser is hydrating.
  // Its type is not text/css, so no browser fetches it (HTML: a stylesheet link whose type is not a
  // supported styling language is not obtained). `disabled` alone no longer does: Chromium 150
  // fetches disabled stylesheet links, one request per inlined sheet.
  const inline = (href: string) =>
    `<style>${readFileSync(path.join(outDir, href.replace(/^\//, '')), 'utf8')}</style><link rel="stylesheet" type="text/x-inlined" href="${href}" disabled>`;
  html = html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_, href: string) => inline(href));
  const extra = [
    ...assets.css.map((f) => inline(`/${f}`)),
    // Asked for at once, beside the HTML, instead of once the scripts have run (crossorigin: the
    // credentials mode of the page's own fetch(), so the browser hands it this response).
    ...(assets.fetches ?? []).map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`),
  ].join('\n    ');
  if (!html.includes(`<div id="root">${body}</div>`) || !html.includes('</head>')) throw new Error('prerender: index.html changed shape');
  html = html.replace('</head>', `  ${extra}\n  </head>`);
  return withBootScript(html, assets.js);
}

/**
 * The page paints from its HTML and its scripts only hydrate it: Vite's module script and
 * modulepreload links make way for the boot script (src/shared/boot-script.ts), which asks for
 * the entry and every chunk of the page once it has painted, and keeps a tap until React listens.
 */
function withBootScript(html: string, pageChunks: string[]): string {
  const entry = /<script type="module" crossorigin src="\/([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('prerender: no module script in index.html');
  const preloads = /<link rel="modulepreload" crossorigin href="\/([^"]+)">\s*/g;
  const chunks = [...html.matchAll(preloads)].map((m) => m[1]!);
  const files = [entry[1]!, ...new Set([...chunks, ...pageChunks].filter((f) => f !== entry[1]))];
  if (files.some((f) => !/^[\w./-]+$/.test(f))) throw new Error('prerender: unexpected asset name');
  const boot = `<script id="${BOOT_SCRIPT_ID}" data-scripts="${files.map((f) => `/${f}`).join(' ')}">${BOOT_SCRIPT}</script>`;
  const out = html.replace(entry[0], '').replace(preloads, '');
  if (!out.includes('</body>')) throw new Error('prerender: index.html changed shape');
  return out.replace('</body>', `  ${boot}\n  </body>`);
}

/** A copy of a folder made of hard links: other paths, so other modules to Node, without copying a byte. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) linkTree(source, target);
    else linkSync(source, target);
  }
}

export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'owow:prerender-public-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside the project, so Node resolves the SSR bundle's imports (React, wouter) from node_modules.
      const ssrDir = path.join(config.root, 'node_modules/.cache', `owow-prerender-${process.pid}`);
      try {
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          plugins: [react()],
          // The app's defines: the catalogs' loaders read them (CLIENT_IN_WORKER false: every catalog).
          define: config.define,
          build: {
            ssr: 'src/client/prerender.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            minify: false,
            copyPublicDir: false,
          },
        });
        const entry = ['prerender.js', 'prerender.mjs'].map((f) => path.join(ssrDir, f)).find((f) => existsSync(f));
        if (!entry) throw new Error(`prerender: no SSR bundle in ${ssrDir}`);
        const mod = (await import(pathToFileURL(entry).href)) as PrerenderModule;
        // The app as a browser starts it, anew for each language (a linked copy of the bundle, which Node
        // evaluates as other modules): its pages not yet loaded, so each renders as on a first load
        // in that language, its page's catalog loaded as it renders. The public pages and the
        // members' shells each have their own: a member's /home shell renders the visitor's /home
        // while her session is pending.
        const fresh = (name: string) => {
          const copy = path.join(`${ssrDir}-copies`, name);
          linkTree(ssrDir, copy);
          return import(pathToFileURL(path.join(copy, path.basename(entry))).href) as Promise<PrerenderModule>;
        };
        const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
        // The public pages, and the members' main pages as every browser first renders them while
        // her session is being asked for (the menu and SPEC 2's 'No Access', nothing of hers), with
        // their chunks preloaded; her session decides what they show next (src/client/shared/use-auth.ts).
        const pages = [
          ...mod.PRERENDERED_PAGES.map((page) => ({ ...page, fetches: [], app: 'pages' as const })),
          ...mod.PRELOADED_SHELLS.map((page) => ({ ...page, fetches: ['/auth-status'], app: 'shells' as const })),
        ];
        const built = new Set(pages.map((page) => `/${page.file.replace(/\.html$/, '')}`));
        if ([...built].sort().join() !== [...PRERENDERED_ASSETS].sort().join())
          throw new Error('prerender: src/shared/prerendered-pages.ts does not list the pages built');
        // Each in every language (issue 41): English at its own path, another in its folder
        // (/fr/about, src/shared/prerendered-pages.ts), where the Worker finds her language's.
        for (const { locale, lang } of mod.PRERENDERED_LOCALES) {
          // English loads no catalog: one app renders all its pages.
          const apps =
            locale === 'en' ? { pages: mod, shells: mod } : { pages: await fresh(`${lang}-pages`), shells: await fresh(`${lang}-shells`) };
          const shell =
            locale === 'en'
              ? index
              : index.replace('<html lang="en">', `<html lang="${lang}" dir="${isLanguage(locale) ? directionOf(locale) : 'ltr'}">`);
          if (locale !== 'en') mkdirSync(path.join(outDir, lang), { recursive: true });
          for (const page of pages) {
            const { html, title, description } = await apps[page.app].renderPage(page.path, locale);
            const { js, css } = pageAssets(manifest, page.modules);
            const assets = {
              js: [...js, ...catalogModules(manifest, page.modules, locale).map((k) => manifest[k]!.file)],
              css,
              fetches: page.fetches,
            };
            const file = path.join(outDir, locale === 'en' ? '' : lang, page.file);
            writeFileSync(file, pageHtml(shell, outDir, html, { title, description }, assets));
          }
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
        rmSync(`${ssrDir}-copies`, { recursive: true, force: true });
      }
    },
  };
}
