import { catalogI18n } from '../i18n/i18n';

/**
 * The widgets' texts (src/client/shared/locales, issue 41). In another language their catalog comes
 * with the shell's, before the first render (src/client/locales/catalogs-{locale}.ts). English
 * needs no catalog but its ICU messages (plurals, placeholders), which ./locales/i18n.ts's i18n holds: only
 * the widgets that have some import it, so no first load carries them; a widget of a first screen
 * fills its placeholders with fillIn.
 */
export const i18n = catalogI18n('shared', {});

/**
 * A message's placeholders filled without its English ICU form, which a first load does not carry
 * (a message no catalog has is its id): `fillIn((kept) => i18n.t('{title} at {company}', kept), { title, company })`.
 */
export function fillIn(translate: (kept: Record<string, string>) => string, values: Record<string, string>): string {
  const kept = Object.fromEntries(Object.keys(values).map((name) => [name, `{${name}}`]));
  return translate(kept).replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}
