import { CLUB_NAME } from '../../../../shared/constants';
import { escapeHtml } from '../../mail/layout';

/**
 * The rejection an admin chose to send, in her own words (she edits a kind default text):
 * plain text, escaped, its paragraphs and line breaks kept.
 */
export function rejectionEmail(opts: { text: string }): { subject: string; bodyHtml: string } {
  const paragraphs = opts.text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\r?\n/g, '<br>')}</p>`);
  return { subject: `Your application to ${CLUB_NAME}`, bodyHtml: paragraphs.join('\n') };
}
