import type { Env } from '../../platform/env';
import { open, seal } from '../../platform/data-encryption';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The text itself, or with `base64` the bytes in base64 (an image). */
  content: string;
  base64?: boolean;
  /**
   * Shown inside the body (`<img src="cid:…">`) instead of attached: the ticket's QR code in the
   * event confirmation (issue 43).
   */
  contentId?: string;
}

/** What the send_email binding takes for an attachment as stored. */
export function outgoingAttachment(a: MailAttachment): EmailAttachment {
  const content = a.base64 ? Uint8Array.from(atob(a.content), (c) => c.charCodeAt(0)) : a.content;
  return a.contentId
    ? { disposition: 'inline', contentId: a.contentId, filename: a.filename, type: a.contentType, content }
    : { disposition: 'attachment', filename: a.filename, type: a.contentType, content };
}

/** The body's HTML with its inline images written in as data: URLs, for a screen that shows it (the dev mailbox). */
export function inlineImagesAsData(html: string, attachments: MailAttachment[] | null): string {
  let out = html;
  for (const a of attachments ?? []) {
    if (a.contentId && a.base64) out = out.replaceAll(`cid:${a.contentId}`, `data:${a.contentType};base64,${a.content}`);
  }
  return out;
}

/** What an email says, as sent: sealed in email_messages.body, never stored in clear. */
export interface MessageBody {
  html: string;
  text: string;
  attachments: MailAttachment[] | null;
}

// Bound as AES-GCM additional data: a sealed body opens only as an email body.
const CONTEXT = 'email_messages.body';

/** The body sealed for D1 (AES-GCM under DATA_ENCRYPTION_KEY). */
export function sealMessageBody(env: Pick<Env, 'DATA_ENCRYPTION_KEY'>, body: MessageBody): Promise<string> {
  return seal(env, CONTEXT, JSON.stringify(body));
}

/**
 * The body of a stored message. Null when the row has none: messages recorded before bodies were
 * sealed lost their plain body in migration 0001 (their links had expired or were about to).
 * Throws DataKeyError when DATA_ENCRYPTION_KEY is not the key it was sealed with.
 */
export async function openMessageBody(env: Pick<Env, 'DATA_ENCRYPTION_KEY'>, sealed: string | null): Promise<MessageBody | null> {
  if (!sealed) return null;
  const body = JSON.parse(await open(env, CONTEXT, sealed)) as MessageBody;
  return { html: body.html, text: body.text, attachments: body.attachments ?? null };
}

/** Like openMessageBody, for screens: a body that cannot be opened shows as absent, not as a 500. */
export async function tryOpenMessageBody(env: Pick<Env, 'DATA_ENCRYPTION_KEY'>, sealed: string | null): Promise<MessageBody | null> {
  try {
    return await openMessageBody(env, sealed);
  } catch {
    return null;
  }
}
