import { TRPCError } from '@trpc/server';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { BOOT_SCRIPT_ID } from '../shared/boot-script';
import { isValidTimeZone } from '../shared/date-format';
import {
  FIRST_SCREEN_ID,
  MEMBER_SHELLS,
  firstScreenQueries,
  TIME_ZONE_COOKIE,
  type FirstScreen,
  type FirstScreenAnswer,
  type FirstScreenQuery,
} from '../shared/first-screen';
import { coalescingD1 } from './platform/d1-coalesce';
import { AppError } from './platform/app-error';
import { countingDeps } from './platform/d1-round-trips';
import { depsOver } from './platform/deps';
import type { AppEnv } from './platform/hono-env';
import { describeError } from './platform/log-redaction';
import { actorOf, requestMeta } from './platform/request-actor';
import { appRouter } from './router';
import type { Language } from '../shared/preferences';
import { assetRequestFor, deviceCookiesFor, pagePreferences, withChoices, withPagePreferences } from './page-preferences';

/** The members' main pages whose HTML carries their first screen (src/shared/first-screen.ts). */
export function hasFirstScreen(path: string): boolean {
  return firstScreenQueries(path) !== null;
}

/**
 * JSON that no text inside can end early: `<` is escaped, so neither `</script>` nor `<!--` can
 * appear, and U+2028/U+2029 as well (harmless in JSON, but not in every JavaScript reader).
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

type Caller = ReturnType<typeof appRouter.createCaller>;

/**
 * A refusal anywhere in the error's causes (an AppError: e.g. her session's check, riding in the
 * page's batch, found the session changed, and the request runs again: session-middleware.ts).
 */
function isRefusal(error: unknown): boolean {
  let e = error;
  for (let depth = 0; e && depth < 5; depth++, e = (e as { cause?: unknown }).cause) if (e instanceof AppError) return true;
  return false;
}

/** Calls one of FIRST_SCREENS's procedures by its path, as the page's own query would. */
async function answer(caller: Caller, q: FirstScreenQuery, requestId: string): Promise<FirstScreenAnswer | null> {
  let procedure: unknown = caller;
  for (const part of q.path.split('.')) procedure = (procedure as Record<string, unknown>)[part];
  // An infinite query's first page: the input with no cursor, going forward (what tRPC sends).
  const input = q.infinite ? { ...q.input, direction: 'forward' } : q.input;
  try {
    // The answer goes out as JSON once, in scriptSafeJson (what tRPC would put on the wire: no transformer).
    return { ...q, data: (await (procedure as (input: unknown) => Promise<unknown>)(input)) ?? null };
  } catch (error) {
    // Refused (a lapsed member, a forced password change): the page asks for it itself and shows
    // its own answer, as it does without the HTML's data. A failure is also logged, redacted.
    if ((!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') && !isRefusal(error)) {
      console.error('first screen query failed', { requestId, path: q.path, error: describeError(error) });
    }
    return null;
  }
}

/** Her first screen, read as her (every D1 read counted, the session's included). */
async function firstScreenOf(c: Context<AppEnv>, path: string): Promise<FirstScreen | null> {
  // An overloaded isolate serves the shell alone; the page then asks for its data itself.
  if (c.get('overloaded')) return null;
  const actor = await actorOf(c);
  if (actor.kind !== 'member') return null;
  const caller = appRouter.createCaller({
    deps: c.get('deps'),
    actor,
    meta: requestMeta(c),
    req: c.req.raw,
    resHeaders: new Headers(),
    requestId: c.get('requestId'),
  });
  const [auth, ...answers] = await Promise.all([
    caller.auth.status(),
    ...(firstScreenQueries(path) ?? []).map((q) => answer(caller, q, c.get('requestId'))),
  ]);
  return { auth, queries: answers.filter((a): a is FirstScreenAnswer => a !== null) };
}

/**
 * Her page rendered from her answers (src/client/ssr.tsx), with her dates in the zone her browser
 * told in its `tz` cookie; null without a valid zone (the browser then renders it from the data,
 * as before) or when the render fails (logged; the data alone still serves her).
 */
async function renderedPage(
  c: Context<AppEnv>,
  url: URL,
  screen: FirstScreen,
  language: Language,
): Promise<{ html: string; screen: FirstScreen } | null> {
  const timeZone = getCookie(c, TIME_ZONE_COOKIE);
  if (!timeZone || timeZone.length > 64 || !isValidTimeZone(timeZone)) return null;
  const withZone: FirstScreen = { ...screen, rendered: { timeZone, at: Date.now() } };
  try {
    // Loaded on the first member's page only: API requests never evaluate the client's code.
    const { renderMemberPage } = await import('../client/ssr');
    return { html: await renderMemberPage(url, withZone, timeZone, language), screen: withZone };
  } catch (error) {
    console.error('first screen render failed', { requestId: c.get('requestId'), path: url.pathname, error: describeError(error) });
    return null;
  }
}

/**
 * A member's main page: the prerendered shell (its pending state) with her first screen's answers
 * added as JSON, the pending 'No Access' taken out (the client renders her page from the data at
 * once, issue 27), the session preload dropped, and the scripts asked for at once if they paint
 * the page (her data alone). A visitor, or a session that ended, gets the shell as it is. The
 * answer depends on the cookie (Vary: Cookie); hers is private, no-store.
 */
export async function serveMemberPage(c: Context<AppEnv>, path: string, assetRequest: Request): Promise<Response> {
  const counted = countingDeps(c.get('deps'));
  // Her lists' reads, asked side by side, go to D1 together (with her session's check, ADR 0020).
  c.set('deps', depsOver(counted.deps, coalescingD1(counted.deps.d1)));
  // No cookie: no D1 at all.
  const screen = await firstScreenOf(c, path);
  if (!screen) {
    // In the device's language and appearance (issue 41).
    const prefs = pagePreferences(c);
    return withPagePreferences(await c.env.ASSETS.fetch(assetRequestFor(assetRequest, prefs)), prefs);
  }
  // In her language and appearance (issue 41), which this device's cookies follow: the shell her
  // page is served with (her /home's is Your club's, a circle's page its route's, FIRST_SCREEN_ROUTES)
  // in its copy of her language (its menu and title).
  const actor = await actorOf(c);
  const prefs = pagePreferences(c, actor);
  const headers = new Headers(assetRequest.headers);
  // Her copy is never a stored one: no 304 against the shell's ETag.
  headers.delete('If-None-Match');
  headers.delete('If-Modified-Since');
  const memberShell = new URL(Object.hasOwn(MEMBER_SHELLS, path) ? MEMBER_SHELLS[path]! : assetRequest.url, assetRequest.url);
  const shell = await c.env.ASSETS.fetch(assetRequestFor(new Request(memberShell, { method: assetRequest.method, headers }), prefs));
  const res = new Response(shell.body, shell);
  res.headers.set('Cache-Control', 'private, no-store');
  res.headers.append('Vary', 'Cookie');
  res.headers.set('Server-Timing', `d1;desc="D1 round trips: ${counted.roundTrips()}"`);
  if (!shell.ok || !(shell.headers.get('Content-Type') ?? '').includes('text/html')) return res;
  res.headers.delete('ETag');
  res.headers.delete('Last-Modified');
  res.headers.delete('Content-Length');
  for (const cookie of deviceCookiesFor(c, actor)) res.headers.append('Set-Cookie', cookie);
  const rendered = await renderedPage(c, new URL(c.req.url), screen, prefs.language);
  const json = scriptSafeJson(rendered?.screen ?? screen);
  return (
    withChoices(new HTMLRewriter(), prefs)
      // Rendered, the HTML paints her page and the scripts only hydrate it: they are asked for
      // once it has painted, as on the prerendered public pages. With the data alone they paint
      // it: asked for at once (src/shared/boot-script.ts).
      .on(`script#${BOOT_SCRIPT_ID}`, { element: (el) => void (rendered || el.setAttribute('data-now', '')) })
      .on('link[rel="preload"][href="/auth-status"]', { element: (el) => void el.remove() })
      .on('div#root', {
        element: (el) => {
          if (rendered) el.setInnerContent(rendered.html, { html: true });
        },
      })
      .on('main#main', { element: (el) => void (rendered || el.setInnerContent('')) })
      .on('body', {
        element: (el) => void el.append(`<script type="application/json" id="${FIRST_SCREEN_ID}">${json}</script>`, { html: true }),
      })
      .transform(res)
  );
}
