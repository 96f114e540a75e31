import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * /api/docs (issue 26): a reference of GET /api/openapi.json rendered by Scalar (@scalar/api-reference,
 * its self-contained browser build). The build writes the page and its two scripts into the static
 * assets; nothing else loads them, so no other page's first load grows. The Worker answers
 * /api/docs with the page (src/worker/api-reference.ts) under the app's own CSP: both scripts are
 * files (script-src 'self'), the renderer's styles are inline (style-src allows them), and it
 * fetches only the document (connect-src 'self').
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCALAR = path.join(ROOT, 'node_modules/@scalar/api-reference/dist/browser/standalone.js');

/** The page's title; the Worker serves the page at /api/docs. */
const TITLE = 'Club API reference';

const hashed = (name: string, source: string) =>
  `assets/api-docs/${name}-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;

/**
 * Runs first: zod (inside the renderer) otherwise probes `new Function` once, which the CSP refuses
 * and reports (the club's own zod is jitless for the same reason: src/shared/schemas/zod-config.ts).
 * Then loads the renderer and points it at the document.
 */
const bootScript = (
  scalarFile: string,
) => `globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
const script = document.createElement('script');
script.src = ${JSON.stringify(`/${scalarFile}`)};
script.onload = () =>
  globalThis.Scalar.createApiReference('#app', {
    url: '/api/openapi.json',
    // Nothing from other origins: no web fonts, no telemetry, no hosted agent or proxy.
    withDefaultFonts: false,
    telemetry: false,
    mcp: { disabled: true },
    agent: { disabled: true },
    showDeveloperTools: 'never',
    hideClientButton: false,
    defaultOpenFirstTag: true,
    operationTitleSource: 'summary',
    metaData: { title: ${JSON.stringify(TITLE)} },
  });
document.head.append(script);
`;

const page = (bootFile: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${TITLE}</title>
    <script src="/${bootFile}" defer></script>
  </head>
  <body>
    <div id="app"><p style="font-family: system-ui, sans-serif; padding: 1rem">Loading the API reference…</p></div>
  </body>
</html>
`;

export function apiDocsPage(): Plugin {
  return {
    name: 'owow:api-docs',
    apply: 'build',
    generateBundle() {
      const scalar = readFileSync(SCALAR, 'utf8');
      const scalarFile = hashed('scalar', scalar);
      const boot = bootScript(scalarFile);
      const bootFile = hashed('boot', boot);
      this.emitFile({ type: 'asset', fileName: scalarFile, source: scalar });
      this.emitFile({ type: 'asset', fileName: bootFile, source: boot });
      // Served by the Worker at /api/docs (Static Assets answer /api-docs for it).
      this.emitFile({ type: 'asset', fileName: 'api-docs.html', source: page(bootFile) });
    },
  };
}
