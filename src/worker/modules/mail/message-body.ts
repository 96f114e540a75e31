import type { Env } from '../../platform/env';
import { open, seal } from '../../platform/data-encryption';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
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
