/** A URL slug from a title: lower-case ASCII words joined by hyphens, at most 60 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'event';
}

/** What an event reference in a URL may look like: an id or a slug (anything else is not found). */
export const EVENT_REF_PATTERN = /^[a-z0-9-]{1,80}$/i;
