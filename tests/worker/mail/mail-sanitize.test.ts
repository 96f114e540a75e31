import { describe, expect, it } from 'vitest';
import { appLink, escapeHtml, htmlToText, personalize } from '../../../src/worker/modules/mail/layout';
import { emailBodyHtml, sanitizeEmailHtml } from '../../../src/worker/modules/mail/sanitize';

describe('sanitizeEmailHtml', () => {
  it('removes script elements with their code', () => {
    const out = sanitizeEmailHtml('<p>Hi</p><script>alert(1)</script><SCRIPT src="https://x.example/a.js"></SCRIPT>');
    expect(out).toBe('<p>Hi</p>');
  });

  it('removes event-handler attributes', () => {
    const out = sanitizeEmailHtml('<img src="https://x.example/a.png" onerror="alert(1)" ONLOAD=alert(2)><p onclick="x()">t</p>');
    expect(out).toBe('<img src="https://x.example/a.png"><p>t</p>');
    expect(out).not.toMatch(/on\w+=/i);
  });

  it('drops javascript: and data: URLs, also when disguised, and keeps http(s) and mailto links', () => {
    const out = sanitizeEmailHtml(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="jav&#x09;ascript:alert(1)">c</a>' +
        '<a href="data:text/html,x">d</a><img src="data:image/png;base64,AAAA"><a href="vbscript:x">e</a>' +
        '<a href="https://club.example/e">f</a><a href="mailto:hello@club.example">g</a>',
    );
    expect(out).not.toMatch(/javascript|data:|vbscript/i);
    expect(out).toContain('<a>a</a>');
    expect(out).toContain('<a href="https://club.example/e">f</a>');
    expect(out).toContain('<a href="mailto:hello@club.example">g</a>');
  });

  it('drops a style that loads a url() or runs an expression, and keeps a plain one', () => {
    expect(sanitizeEmailHtml('<p style="background:url(https://t.example/p.png)">x</p>')).toBe('<p>x</p>');
    expect(sanitizeEmailHtml('<p style="background-image: URL(javascript:alert(1))">x</p>')).toBe('<p>x</p>');
    expect(sanitizeEmailHtml('<p style="width: expression(alert(1))">x</p>')).toBe('<p>x</p>');
    expect(sanitizeEmailHtml('<p style="color:\\75rl(x)">x</p>')).toBe('<p>x</p>');
    expect(sanitizeEmailHtml('<p style="color: #6b3a4b; font-weight: bold">x</p>')).toBe(
      '<p style="color:#6b3a4b; font-weight:bold;">x</p>',
    );
  });

  it('removes iframe, object, embed, form, style and svg elements', () => {
    const out = sanitizeEmailHtml(
      '<iframe src="https://x.example"></iframe><object data="x"></object><embed src="x"><form action="https://x.example"><input name="p"><button>Go</button></form>' +
        '<style>p{color:red}</style><svg onload="alert(1)"><circle /></svg><p>kept</p>',
    );
    expect(out).toBe('<p>kept</p>');
  });

  it('keeps ordinary letter formatting', () => {
    const html =
      '<h2>News</h2><p>Hello <strong>all</strong>, <em>see</em>:</p><ul><li>One</li></ul><table width="100%"><tr><td colspan="2">Cell</td></tr></table><hr><blockquote>Q</blockquote>';
    expect(sanitizeEmailHtml(html)).toBe(html);
  });

  it('escapes stray angle brackets and drops comments', () => {
    expect(sanitizeEmailHtml('1 < 2')).toBe('1 &lt; 2');
    expect(sanitizeEmailHtml('<p>a<!-- hidden -->b</p>')).toBe('<p>ab</p>');
  });
});

describe('email helpers', () => {
  it('escapeHtml escapes what could open a tag or an attribute', () => {
    expect(escapeHtml(`<b a="1" b='2'>&`)).toBe('&lt;b a=&quot;1&quot; b=&#39;2&#39;&gt;&amp;');
  });

  it('personalize escapes the name in HTML and keeps it as is in text', () => {
    expect(personalize('<p>Dear {{name}}</p>', '<i>Eve</i>', 'html')).toBe('<p>Dear &lt;i&gt;Eve&lt;/i&gt;</p>');
    expect(personalize('Dear {{name}}', '<i>Eve</i>', 'text')).toBe('Dear <i>Eve</i>');
    expect(personalize('Dear {{name}}', null, 'text')).toBe('Dear member');
  });

  it('htmlToText keeps links and decodes entities', () => {
    expect(htmlToText('<p>Tea &amp; cake &#8212; <a href="https://c.example/e?a=1&amp;b=2">RSVP</a></p><p>Bye</p>')).toBe(
      'Tea & cake \u2014 RSVP (https://c.example/e?a=1&b=2)\nBye',
    );
  });

  it('appLink builds from the configured origin only', () => {
    expect(appLink('https://club.example', '/events/3')).toBe('https://club.example/events/3');
    expect(appLink('https://club.example', '//evil.example/x')).toBe('https://club.example/evil.example/x');
    expect(appLink('https://club.example', 'register/abc?x=1')).toBe('https://club.example/register/abc?x=1');
  });
});

describe('emailBodyHtml (issue 46)', () => {
  it('keeps the paragraphs and line breaks of a body typed as plain text, and reads HTML as HTML', () => {
    expect(emailBodyHtml('Dear {{name}},\r\n\r\nTea on Sunday\nat 4 pm.\n\n\n  Tea & cake, 1 < 2  ')).toBe(
      '<p>Dear {{name}},</p>\n<p>Tea on Sunday<br>at 4 pm.</p>\n<p>Tea &amp; cake, 1 &lt; 2</p>',
    );
    expect(emailBodyHtml('<p>One</p>\n\n<p>Two</p>')).toBe('<p>One</p>\n\n<p>Two</p>');
    expect(emailBodyHtml('Hi <b>there</b>\n\n<script>x()</script>')).toBe('Hi <b>there</b>');
  });
});
