// The other half of src/shared/message.ts: finding the template a text was written from (the Worker's
// errors, and the client's form errors in a language other than English, which loads this on demand).
import { PLACEHOLDER, type TextValues } from './message';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template's pattern (ICU plurals and selects are not templates of withValues). */
function patternOf(template: string): { re: RegExp; names: string[] } | null {
  if (!template.includes('{') || /\{\w+,/.test(template)) return null;
  const names: string[] = [];
  const source = template
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? (names.push(part), '(.+?)') : escape(part)))
    .join('');
  return { re: new RegExp(`^${source}$`, 's'), names };
}

const patterns = new Map<string, ReturnType<typeof patternOf>>();

/**
 * The template (among `templates`, a catalog's ids) that wrote `text` with withValues, and its
 * values (numbers back as numbers), or null when no template did.
 */
export function messageOf(text: string, templates: Iterable<string>): { id: string; values: TextValues } | null {
  for (const id of templates) {
    let pattern = patterns.get(id);
    if (pattern === undefined) patterns.set(id, (pattern = patternOf(id)));
    const found = pattern?.re.exec(text);
    if (!pattern || !found) continue;
    const values: TextValues = {};
    pattern.names.forEach((name, i) => {
      const raw = found[i + 1]!;
      values[name] = /^\d{1,3}(,\d{3})*$|^\d+$/.test(raw) ? Number(raw.replace(/,/g, '')) : raw;
    });
    return { id, values };
  }
  return null;
}
