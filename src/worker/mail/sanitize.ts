import { escapeHtml } from './layout';

/**
 * Makes admin-written HTML safe to store and send. Placeholder until the email issue lands a
 * real allow-list sanitizer: for now every tag is shown as text, which is safe but plain.
 */
export function sanitizeEmailHtml(html: string): string {
  return escapeHtml(html).replace(/\n/g, '<br>');
}
