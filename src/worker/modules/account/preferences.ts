import { eq } from 'drizzle-orm';
import { preferenceCookie, LANGUAGE_COOKIE, THEME_COOKIE } from '../../../shared/preferences';
import type { Preferences, PreferencesUpdate } from '../../../shared/schemas/preferences';
import { users } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { isSecure } from '../../platform/cookies';
import type { Deps } from '../../platform/deps';
import { requireSession } from '../../platform/guards';
import { languageOf, type RequestMeta } from '../../platform/request-actor';

/*
 * Her language and appearance (issue 41, docs/decisions/0025-languages-and-appearance.md), kept with her account so
 * her emails follow her language and every device she signs in on gets both. A lapsed member keeps
 * them (her own settings). Until she chooses a language, the request's decides (languageOf).
 */

export function getPreferences(actor: Actor, meta: Pick<RequestMeta, 'language'>): Preferences {
  const me = requireSession(actor);
  return { language: languageOf(me, meta), theme: me.theme };
}

export async function updatePreferences(
  deps: Deps,
  actor: Actor,
  meta: Pick<RequestMeta, 'language'>,
  input: PreferencesUpdate,
): Promise<Preferences> {
  const me = requireSession(actor);
  if (input.language !== undefined || input.theme !== undefined) {
    await deps.db
      .update(users)
      .set({ ...input, updatedAt: deps.now() })
      .where(eq(users.id, me.id))
      .run();
  }
  return { language: input.language ?? languageOf(me, meta), theme: input.theme ?? me.theme };
}

/** The device's copies of her choices, so the pages this browser is sent next are in them before any script runs. */
export function preferenceCookies(prefs: Preferences, requestUrl: string): string[] {
  const secure = isSecure(requestUrl);
  return [preferenceCookie(LANGUAGE_COOKIE, prefs.language, secure), preferenceCookie(THEME_COOKIE, prefs.theme, secure)];
}
