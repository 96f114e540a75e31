/**
 * The client's catalogs a member's first screen needs when the Worker renders it (src/client/ssr.tsx,
 * routes.tsx's first-screen pages): the shell's, src/client/shared's, src/shared's `common`, and
 * those pages' features. Only these are bundled into the Worker: scripts/i18n-compile.ts writes the
 * others' loaders behind CLIENT_IN_WORKER (wrangler.toml's define), so a deploy's Worker does not
 * carry the admin's, the mail's or the visitors' pages' texts in four languages (its gzip budget,
 * scripts/check-deploy.ts). tests/worker/platform/server-catalogs.test.ts checks that every first-screen
 * page's catalog is here.
 */
export const SERVER_RENDERED_CATALOGS: readonly string[] = [
  'shell',
  'shared',
  'common',
  'circles',
  'events',
  'gallery',
  'homes',
  'member',
  'members',
  'notifications',
  'settings',
];
