// The allow-list lives in src/shared so the compose page's preview runs the very same code.
export { emailBodyHtml, sanitizeEmailHtml } from '../../../shared/mail-sanitize';
