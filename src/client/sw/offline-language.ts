import { setupI18n } from '@lingui/core';
import { LANGUAGE_CACHE, LANGUAGE_URL } from '../../shared/offline';
import { bestLanguage, directionOf, isLanguage, type Language } from '../../shared/preferences';
import { messages as ar } from './locales/ar';
import { messages as es } from './locales/es';
import { messages as fr } from './locales/fr';
import { messages as ja } from './locales/ja';

/*
 * The service worker's words in her language (issue 41): the offline page (public/offline.html,
 * written in English) and the error her pages get for what the device does not keep. Its own small
 * catalog (src/client/sw/locales, all five languages in the built worker: a few hundred bytes each), so an
 * offline page never waits for a network it does not have.
 *
 * Her language: the last page's `<html lang>` (the Worker chose it from her account, her `lang`
 * cookie or Accept-Language), which her page tells the worker (src/client/pwa/register.ts) and the
 * worker keeps in Cache Storage; before any page told it, the browser's languages; else English.
 */

const i18n = setupI18n({ locale: 'en', messages: { en: {}, fr, es, ja, ar }, missing: (_locale, id) => id });

/* eslint-disable lingui/no-unlocalized-strings -- messages marked for extraction, said through say() */
/** The offline page's texts, each a whole text of public/offline.html (the page's English is the id). */
const OFFLINE_PAGE_TEXTS = [
  /*i18n*/ 'You are offline · Outstanding Women Outside Work',
  /*i18n*/ 'You are offline. Your schedule is still here.',
  /*i18n*/ 'This page needs a connection. The events you joined or wait for, and your accepted stays, open without one.',
  /*i18n*/ 'Open my schedule',
];

/** What a page of hers gets for a query her device does not keep. */
export const NOT_KEPT = /*i18n*/ 'You are offline: this is not kept on your device.';
/* eslint-enable lingui/no-unlocalized-strings */

/** Keeps the language of her last page (its `<html lang>`; the tests' pseudo-language is English's). */
export async function keepLanguage(lang: string): Promise<void> {
  if (!isLanguage(lang)) return;
  const cache = await caches.open(LANGUAGE_CACHE);
  await cache.put(LANGUAGE_URL, new Response(lang));
}

/** Her language: her last page's, else the browser's best of the five, else English. */
export async function offlineLanguage(): Promise<Language> {
  const kept = await (await caches.open(LANGUAGE_CACHE)).match(LANGUAGE_URL);
  const lang = kept ? await kept.text() : null;
  if (isLanguage(lang)) return lang;
  return bestLanguage(navigator.languages.join(',')) ?? 'en';
}

/** A text of the worker's in a language. */
export function say(language: Language, text: string): string {
  i18n.activate(language);
  return i18n._(text);
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- HTML's entities
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (s: string) => s.replace(/[&<>]/g, (c) => ENTITIES[c]!);

/**
 * The offline page in her language: `<html lang dir>` and each of its texts written in it before
 * the browser sees a byte (no script: nothing flashes in English). The `<html>` tag is written
 * whole: the precached copy went through the Worker's page preferences with the cookies of the
 * day it was installed (src/worker/page-preferences.ts).
 */
export async function offlinePageIn(page: Response, language: Language): Promise<Response> {
  let html = (await page.text()).replace(/<html[^>]*>/, `<html lang="${language}" dir="${directionOf(language)}">`);
  for (const text of OFFLINE_PAGE_TEXTS) html = html.replace(`>${escapeHtml(text)}<`, `>${escapeHtml(say(language, text))}<`);
  const headers = new Headers(page.headers);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a header's name
  headers.delete('Content-Length');
  return new Response(html, { status: page.status, statusText: page.statusText, headers });
}
