import { useEffect, useState } from 'react';
import { i18n } from './i18n';
import './email-preview.css';

type Sanitize = (html: string) => string;
let loaded: Promise<Sanitize> | undefined;

/** The server's own rendering and allow-list, fetched on first use so xss never weighs on a first load. */
function loadSanitizer(): Promise<Sanitize> {
  loaded ??= import('../../shared/mail-sanitize').then((m) => m.emailBodyHtml);
  return loaded;
}

function useSanitizer(): Sanitize | null {
  const [fn, setFn] = useState<Sanitize | null>(null);
  useEffect(() => {
    let live = true;
    loadSanitizer().then((f) => live && setFn(() => f));
    return () => {
      live = false;
    };
  }, []);
  return fn;
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- CSS, not a text
const FRAME_STYLE = `body{margin:0;padding:20px;font-family:Georgia,'Times New Roman',serif;color:#2b2320;line-height:1.6;font-size:16px;background:#fff;overflow-wrap:anywhere}
img{max-width:100%;height:auto}table{max-width:100%}a{color:#8a5a44}`;

/**
 * Already-safe email HTML (sanitized on the server, or by the sanitizer above) in a frame that
 * may run nothing: sandbox without allow-scripts, no same origin, no forms, no popups.
 */
export function MailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  const doc = /<html[\s>]/i.test(html)
    ? html
    : // eslint-disable-next-line lingui/no-unlocalized-strings -- HTML around the body, not a text
      `<!doctype html><html><head><meta charset="utf-8"><style>${FRAME_STYLE}</style></head><body>${html}</body></html>`;
  return <iframe className={`mail-frame ${className ?? ''}`} sandbox="" title={title} srcDoc={doc} />;
}

/**
 * A live preview of an email body: the same sanitizer as the server, so the admin sees exactly
 * what members will receive, rendered in a sandboxed frame.
 */
export function EmailPreview({ subject, html }: { subject: string; html: string }) {
  const sanitize = useSanitizer();
  const safe = sanitize ? sanitize(html) : '';
  return (
    <section className="email-preview" aria-label={i18n.t('Preview')}>
      <div className="email-preview-head">
        <span className="email-preview-label">{i18n.t('Subject')}</span>
        <span className="email-preview-subject">{subject.trim() || <span className="muted">{i18n.t('No subject yet')}</span>}</span>
      </div>
      {sanitize === null ? (
        <p className="email-preview-empty muted">{i18n.t('Loading preview…')}</p>
      ) : safe ? (
        <MailFrame html={safe} title={i18n.t('Email preview')} />
      ) : (
        <p className="email-preview-empty muted">{i18n.t('The preview appears here as you write.')}</p>
      )}
    </section>
  );
}
