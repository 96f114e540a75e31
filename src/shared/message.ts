/**
 * Messages of src/shared with values (issue 41). A schema's message is a text, not a call: zod keeps
 * the English it was given. So a message with a number in it is written from its template, marked
 * for extraction where it is written (`withValues(/*i18n*\/ 'At most {max} photos.', { max: 20 })`,
 * the template being the message's id in src/shared/locales), and the one translation step (the
 * Worker's errors, the client's form errors) finds the template again from the English text
 * (messageOf, message-template.ts) and writes it in the reader's language with the same values.
 */
export type TextValues = Record<string, string | number>;

export const PLACEHOLDER = /\{(\w+)\}/g;

/** The English text of a template: its placeholders replaced by the values, as given (`5000`, or `'5,000'`). */
export function withValues(template: string, values: TextValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => String(values[name] ?? whole));
}
