import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { emailDeliveries, emailMessages } from '../../db/schema/email';
import { refuseUnlessDevRoute } from '../../platform/dev-routes';
import type { AppEnv } from '../../platform/hono-env';
import { escapeHtml, personalize } from './layout';
import { inlineImagesAsData, tryOpenMessageBody, type MessageBody } from './message-body';
import { fillUnsubscribe, unsubscribeExtras } from './email-preferences';

/**
 * Development only: every email recorded in D1, newest first. 404 unless ENVIRONMENT is
 * 'development' (wrangler dev and the vite dev server set it; production never does), and 403 to
 * a request for any host but 127.0.0.1 or localhost (DNS rebinding, issue 45).
 */
export const devMailboxRoutes = new Hono<AppEnv>();

devMailboxRoutes.use('/dev/*', async (c, next) => {
  refuseUnlessDevRoute(c.env, c.req.raw);
  return next();
});

const UNREADABLE: MessageBody = {
  html: '<p>(This body cannot be shown: it predates encryption or DATA_ENCRYPTION_KEY changed.)</p>',
  text: '(This body cannot be shown: it predates encryption or DATA_ENCRYPTION_KEY changed.)',
  attachments: null,
};

async function listMail(c: { get: (k: 'deps') => AppEnv['Variables']['deps'] }, limit: number) {
  const { db, env } = c.get('deps');
  const rows = await db
    .select({
      id: emailDeliveries.id,
      messageId: emailMessages.id,
      to: emailDeliveries.toEmail,
      toName: emailDeliveries.toName,
      userId: emailDeliveries.userId,
      kind: emailMessages.kind,
      status: emailDeliveries.status,
      subject: emailMessages.subject,
      body: emailMessages.body,
      created_at: emailDeliveries.createdAt,
    })
    .from(emailDeliveries)
    .innerJoin(emailMessages, eq(emailMessages.id, emailDeliveries.messageId))
    .orderBy(desc(emailDeliveries.id))
    .limit(limit);
  // Bodies are sealed in D1 (DECISIONS "No secret at rest"): opened here with the local secret,
  // once per message.
  const opened = new Map<number, MessageBody>();
  for (const r of rows) {
    if (!opened.has(r.messageId)) opened.set(r.messageId, (await tryOpenMessageBody(env, r.body)) ?? UNREADABLE);
  }
  // As each member received it: their own name merged where the body says {{name}}, and an
  // optional email's own unsubscribe link and headers, derived exactly as the consumer does.
  return Promise.all(
    rows.map(async ({ toName, messageId, body: _sealed, userId, kind, ...r }) => {
      const body = opened.get(messageId)!;
      const extras = await unsubscribeExtras(env, kind, userId);
      const url = extras?.url ?? null;
      return {
        ...r,
        kind,
        text: fillUnsubscribe(personalize(body.text, toName, 'text'), url, env.APP_ORIGIN),
        // Inline images (a ticket's QR code) as the mail client shows them.
        html: inlineImagesAsData(fillUnsubscribe(personalize(body.html, toName, 'html'), url, env.APP_ORIGIN), body.attachments),
        /** headers (name to value, as sent) */
        headers: extras?.headers ?? {},
        created_at: new Date(r.created_at).toISOString(),
      };
    }),
  );
}

devMailboxRoutes.get('/dev/mailbox.json', async (c) => c.json(await listMail(c, 200)));

devMailboxRoutes.get('/dev/mailbox', async (c) => {
  const mail = await listMail(c, 100);
  const items = mail
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.created_at} · ${m.status}</p>
<iframe sandbox title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.html)}"></iframe></article>`,
    )
    .join('\n');
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; frame-ancestors 'none'",
  );
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:880px;margin:2rem auto;padding:0 1rem;color:#222}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0}.meta{color:#555;font-size:.9rem}iframe{width:100%;height:360px;border:1px solid #eee}</style></head>
<body><h1>Development mailbox</h1><p>${mail.length} message(s), newest first. JSON at <a href="/dev/mailbox.json">/dev/mailbox.json</a>.</p>${items || '<p>No email yet.</p>'}</body></html>`);
});
