/**
 * Messages of src/shared with values (issue 41). A schema's message is a text, not a call: zod keeps
 * the English it was given. So a message with a number in it is written from its template, marked
 * for extraction where it is written (`withValues(/*i18n*\/ 'At most {max} photos.', { max: 20 })`,
 * the template being the message's id in src/shared/locales), and the one translation step (the
 * Worker's errors, the client's form errors) finds the template again from the English text
 * (messageOf) and writes it in the reader's language with the same values.
 */
export type TextValues = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The English text of a template: its placeholders replaced by the values, as given (`5000`, or `'5,000'`). */
export function withValues(template: string, values: TextValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => String(values[name] ?? whole));
}

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
