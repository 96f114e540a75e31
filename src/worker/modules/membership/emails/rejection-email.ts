import { CLUB_NAME } from '../../../../shared/constants';
import { i18n } from '../../../platform/i18n';
import { escapeHtml } from '../../mail/layout';

/**
 * The rejection an admin chose to send, in her own words (she edits a kind default text):
 * plain text, escaped, its paragraphs and line breaks kept. Only the subject is the club's.
 */
export function rejectionEmail(opts: { text: string }): { subject: string; bodyHtml: string } {
  const paragraphs = opts.text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\r?\n/g, '<br>')}</p>`);
  return { subject: i18n._('Your application to {club}', { club: CLUB_NAME }), bodyHtml: paragraphs.join('\n') };
}
