import { CLUB_NAME } from '../../shared/constants';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escape text (a member's name, an event title) before it is merged into HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A URL on this site, always from the configured APP_ORIGIN (never the request's Host). */
export function appLink(appOrigin: string, path: string): string {
  return new URL(path, appOrigin).toString();
}

/** Wraps (already safe) body HTML in the club's simple, email-client-friendly layout. */
export function emailLayout(bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;padding:0;background:#f6f1ec;font-family:Georgia,'Times New Roman',serif;color:#2b2320">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f1ec;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:13px;letter-spacing:2px;text-transform:uppercase;color:#8a5a44;padding-bottom:16px">${CLUB_NAME}</td></tr>
<tr><td style="font-size:16px;line-height:1.6">${bodyHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

/** A call-to-action button and the same link as text, for clients that hide buttons. */
export function buttonHtml(href: string, label: string): string {
  const safe = escapeHtml(href);
  return `<p style="margin:24px 0"><a href="${safe}" style="background:#8a5a44;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#6b5d57">Or open this link: <a href="${safe}" style="color:#8a5a44">${safe}</a></p>`;
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
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
