import { CLUB_NAME } from '../../../shared/constants';
import { NAME_PLACEHOLDER } from '../../../shared/schemas/mail';
import { directionOf, type Language } from '../../../shared/preferences';
import { i18n } from '../../platform/i18n';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escape text (a member's name, an event title) before it is merged into HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A URL on this site, always from the configured APP_ORIGIN (never the request's Host). */
export function appLink(appOrigin: string, path: string): string {
  // Leading slashes (and backslashes) stripped: "//evil.example" must stay a path on this site.
  return new URL(`/${path.replace(/^[/\\]+/, '')}`, appOrigin).toString();
}

// The recipient's own one-click unsubscribe URL goes here when the consumer sends it
// (mail/email-preferences.ts UNSUBSCRIBE_PLACEHOLDER; layout cannot import it without a cycle).
const UNSUBSCRIBE_URL = '{{unsubscribe_url}}';

/**
 * Why she receives it (issue 46): only members read "as a member". An applicant, or someone invited
 * to create her account, is not one yet. In the language the email is rendered in (platform/i18n.ts inLanguage).
 */
export type FooterReason = 'member' | 'applicant' | 'invited';
const WHY: Record<FooterReason, () => string> = {
  member: () => i18n._('You receive this email as a member of {club}.', { club: CLUB_NAME }),
  applicant: () => i18n._('You receive this email because this address was given in an application to join {club}.', { club: CLUB_NAME }),
  invited: () => i18n._('You receive this email because this address was invited to create an account at {club}.', { club: CLUB_NAME }),
};

/** The closing line of every email: who sends it and a way back to the site; optional emails add an unsubscribe link. */
function footerHtml(appOrigin: string, unsubscribe: boolean, reason: FooterReason): string {
  const home = escapeHtml(appLink(appOrigin, '/'));
  const link = `<a href="${UNSUBSCRIBE_URL}" style="color:#8a5a44">${escapeHtml(i18n._('Unsubscribe'))}</a>`;
  const optOut = unsubscribe
    ? `<br>${i18n._('Don’t want emails like this? {unsubscribe} in one click, or choose in Settings.', { unsubscribe: link })}`
    : '';
  return `<tr><td style="font-size:12px;line-height:1.5;color:#6b5d57;border-top:1px solid #eee3da;padding-top:16px;margin-top:24px">
${escapeHtml(WHY[reason]())} <a href="${home}" style="color:#8a5a44">${home}</a>${optOut}</td></tr>`;
}

export function footerText(appOrigin: string, opts: { unsubscribe?: boolean; reason?: FooterReason } = {}): string {
  const optOut = opts.unsubscribe ? `\n${i18n._('Don’t want emails like this? Unsubscribe: {url}', { url: UNSUBSCRIBE_URL })}` : '';
  return `--\n${WHY[opts.reason ?? 'member']()} ${appLink(appOrigin, '/')}${optOut}`;
}

/**
 * Wraps (already safe) body HTML in the club's simple, email-client-friendly layout. With
 * appOrigin, a footer names the club and links home (always from the configured origin).
 */
export function emailLayout(bodyHtml: string, opts: { appOrigin?: string; unsubscribe?: boolean; reason?: FooterReason } = {}): string {
  const lang = i18n.locale as Language;
  return `<!doctype html><html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;padding:0;background:#f6f1ec;font-family:Georgia,'Times New Roman',serif;color:#2b2320">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f1ec;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:13px;letter-spacing:2px;text-transform:uppercase;color:#8a5a44;padding-bottom:16px">${CLUB_NAME}</td></tr>
<tr><td style="font-size:16px;line-height:1.6;padding-bottom:24px">${bodyHtml}</td></tr>
${opts.appOrigin ? footerHtml(opts.appOrigin, opts.unsubscribe ?? false, opts.reason ?? 'member') : ''}
</table></td></tr></table></body></html>`;
}

/** A call-to-action button and the same link as text, for clients that hide buttons. */
export function buttonHtml(href: string, label: string): string {
  const safe = escapeHtml(href);
  return `<p style="margin:24px 0"><a href="${safe}" style="background:#8a5a44;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#6b5d57">${i18n._('Or open this link: {link}', { link: `<a href="${safe}" style="color:#8a5a44">${safe}</a>` })}</p>`;
}

/** A plain-text part from simple HTML: tags dropped, links kept as text, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*(script|style)[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|blockquote|pre)>/gi, '\n')
    .replace(/<\s*hr[^>]*>/gi, '\n----\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|nbsp|lt|gt|quot|apos|amp);/gi, (_m, entity: string) => decodeEntity(entity))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

function decodeEntity(entity: string): string {
  const lower = entity.toLowerCase();
  if (lower.startsWith('#')) {
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  }
  return NAMED_ENTITIES[lower] ?? '';
}

/**
 * Merges the recipient's name where the body says {{name}}: escaped in the HTML part, as is in
 * the text part. A missing name reads "member".
 */
export function personalize(content: string, name: string | null | undefined, part: 'html' | 'text'): string {
  if (!content.includes(NAME_PLACEHOLDER)) return content;
  const value = name?.trim() || 'member';
  return content.split(NAME_PLACEHOLDER).join(part === 'html' ? escapeHtml(value) : value);
}
