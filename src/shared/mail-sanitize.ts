import * as xssModule from 'xss';
import type { IWhiteList } from 'xss';

// xss is CommonJS: some bundlers expose its exports as named imports, others only as default.
const xss: typeof xssModule =
  typeof xssModule.FilterXSS === 'function' ? xssModule : (xssModule as unknown as { default: typeof xssModule }).default;
const { cssFilter, escapeAttrValue, escapeHtml, FilterXSS, friendlyAttrValue } = xss;

/**
 * The one allow-list for admin-written email HTML. The server runs it before storing and
 * sending; the compose page runs the same code (loaded lazily) for its preview, so what the
 * admin sees is what members get. Anything not listed is dropped: no script, style, iframe,
 * object, embed, form or svg elements, no on* attributes, no javascript:/data: URLs, no CSS url().
 */
const common = ['style', 'title', 'dir', 'align'];
const cell = [...common, 'colspan', 'rowspan', 'valign', 'width', 'height', 'bgcolor'];
const ALLOWED: IWhiteList = {
  a: [...common, 'href', 'target', 'rel', 'name'],
  abbr: common,
  b: common,
  blockquote: common,
  br: [],
  caption: common,
  center: common,
  cite: common,
  code: common,
  dd: common,
  del: common,
  div: common,
  dl: common,
  dt: common,
  em: common,
  font: [...common, 'color', 'face', 'size'],
  h1: common,
  h2: common,
  h3: common,
  h4: common,
  h5: common,
  h6: common,
  hr: common,
  i: common,
  img: [...common, 'src', 'alt', 'width', 'height'],
  ins: common,
  li: common,
  mark: common,
  ol: [...common, 'start', 'type'],
  p: common,
  pre: common,
  s: common,
  small: common,
  span: common,
  strike: common,
  strong: common,
  sub: common,
  sup: common,
  table: [...common, 'width', 'border', 'cellpadding', 'cellspacing', 'bgcolor', 'role'],
  tbody: common,
  td: cell,
  tfoot: common,
  th: cell,
  thead: common,
  tr: common,
  u: common,
  ul: common,
};

/** Elements whose whole content goes, not only the tags (a script's code is not text). */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'noscript',
  'template',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
  'button',
  'xml',
  'meta',
  'link',
  'base',
];

const SAFE_LINK = /^(https?:\/\/|mailto:|#)/i;
const SAFE_IMAGE = /^https?:\/\//i;
// Anything in a style that can fetch, run or escape: url(), expression(), @import, CSS escapes.
const UNSAFE_CSS = /url\s*\(|expression|javascript:|vbscript:|behavior\s*:|-moz-binding|@import|\\/i;

/** The attribute's safe value, or '' when it must go. */
function safeValue(name: string, raw: string): string {
  // Entities decoded and control characters removed first, so "jav&#x09;ascript:" is caught.
  const value = friendlyAttrValue(raw).trim();
  if (name === 'href') return SAFE_LINK.test(value) ? escapeAttrValue(value) : '';
  if (name === 'src') return SAFE_IMAGE.test(value) ? escapeAttrValue(value) : '';
  if (name === 'style') return UNSAFE_CSS.test(value) ? '' : escapeAttrValue(cssFilter.process(value));
  if (name === 'target') return value === '_blank' ? '_blank' : '';
  return escapeAttrValue(value);
}

const filter = new FilterXSS({
  whiteList: ALLOWED,
  // A tag outside the list goes (its text stays); a lone "<" as in "1 < 2" stays as text.
  onIgnoreTag: (_tag, html) => (/^<\/?[a-z]/i.test(html) ? '' : escapeHtml(html)),
  stripIgnoreTagBody: DROP_WITH_CONTENT,
  allowCommentTag: false,
  // Allowed attributes are rebuilt here so a refused value drops the attribute entirely;
  // every other attribute (on*, srcset, formaction...) is dropped.
  onTagAttr(_tag, name, value, isAllowed) {
    if (!isAllowed) return '';
    const safe = safeValue(name, value);
    return safe ? `${name}="${safe}"` : '';
  },
  onIgnoreTagAttr: () => '',
});

/** Makes admin-written HTML safe to store, send and preview (see the allow-list above). */
export function sanitizeEmailHtml(html: string): string {
  return filter.process(html).trim();
}

/** A tag as HTML writes one ('<p>', '</b>', '<br/>', '<a href="…">'), not '1 < 2' or '<3'. */
const HTML_TAG = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text as HTML: a paragraph at each blank line, a line break at each other line end. */
function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => `<p>${escapeText(paragraph.trim()).replace(/[ \t]*\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * An admin-written body as members receive it (issue 46): text without HTML tags keeps its
 * paragraphs and line breaks; HTML is read as HTML (SPEC). Then the allow-list. The server sends
 * what this returns and the compose pages preview it, so the preview is exactly what members get.
 */
export function emailBodyHtml(body: string): string {
  return sanitizeEmailHtml(HTML_TAG.test(body) ? body : textToHtml(body));
}
