// The other half of src/shared/message.ts: finding the template a text was written from (the Worker's
// errors, and the client's form errors in a language other than English, which loads this on demand).
import { PLACEHOLDER, type TextValues } from './message';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template's pattern (ICU plurals and selects are not templates of withValues). */
function patternOf(template: string): { re: RegExp; names: string[]; fixed: number } | null {
  if (!template.includes('{') || /\{\w+,/.test(template)) return null;
  const names: string[] = [];
  let fixed = 0;
  const source = template
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? (names.push(part), '(.+?)') : ((fixed += part.length), escape(part))))
    .join('');
  // Two values joined by a word ('{first} and {second}', '{title} at {company}') would read any
  // sentence with that word in it as written from them, and translate half of it.
  if (fixed < 6 && template.startsWith('{') && template.endsWith('}')) return null;
  return { re: new RegExp(`^${source}$`, 's'), names, fixed };
}

const patterns = new Map<string, ReturnType<typeof patternOf>>();

/**
 * The template (among `templates`, a catalog's ids) that wrote `text` with withValues, and its
 * values (numbers back as numbers), or null when no template did. When several could have (a
 * field's own 'About me must be at most {max} characters.' and the labels'
 * '{label} must be at most {max} characters.'), the one with the most written text wins: a
 * {label} never swallows words its own message translates whole.
 */
export function messageOf(text: string, templates: Iterable<string>): { id: string; values: TextValues } | null {
  let best: { id: string; found: RegExpExecArray; pattern: NonNullable<ReturnType<typeof patternOf>> } | null = null;
  for (const id of templates) {
    let pattern = patterns.get(id);
    if (pattern === undefined) patterns.set(id, (pattern = patternOf(id)));
    const found = pattern?.re.exec(text);
    if (pattern && found && (!best || pattern.fixed > best.pattern.fixed)) best = { id, found, pattern };
  }
  if (!best) return null;
  const { id, found, pattern } = best;
  const values: TextValues = {};
  pattern.names.forEach((name, i) => {
    const raw = found[i + 1]!;
    values[name] = /^\d{1,3}(,\d{3})*$|^\d+$/.test(raw) ? Number(raw.replace(/,/g, '')) : raw;
  });
  return { id, values };
}

/**
 * A template's values in the reader's language: its {label} names a field by its label, itself a
 * message (`text(/*i18n*\/ 'Title', 120)` in a schema), so it is translated too; other values
 * (numbers, names a member wrote) stay as they are.
 */
export function translatedLabel(values: TextValues, translate: (text: string) => string): TextValues {
  return typeof values.label === 'string' ? { ...values, label: translate(values.label) } : values;
}
