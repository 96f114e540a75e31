import { open, seal } from '../../platform/data-encryption';
import type { Env } from '../../platform/env';
import { describeError } from '../../platform/log-redaction';

/*
 * DECISIONS "Members write to each other" and issue 38 "Privacy by
 * construction": a message's text is sealed at rest with the data key, as email bodies are
 * (ADR 0009), bound to its conversation's id, so a copy of D1 alone never shows what members
 * wrote, and a sealed body copied into another conversation does not open there.
 */

const contextOf = (conversationId: number) => `messages.body:${conversationId}`;

export function sealBody(env: Pick<Env, 'DATA_ENCRYPTION_KEY'>, conversationId: number, text: string): Promise<string> {
  return seal(env, contextOf(conversationId), text);
}

/** What stands for a text that no longer opens (the data key changed): logged, never a 500. */
export const UNREADABLE_TEXT = 'This message can no longer be read.';

/** The text of a sealed body; null stays null (deleted or removed). */
export async function openBody(
  env: Pick<Env, 'DATA_ENCRYPTION_KEY'>,
  conversationId: number,
  sealed: string | null,
): Promise<string | null> {
  if (sealed === null) return null;
  try {
    return await open(env, contextOf(conversationId), sealed);
  } catch (err) {
    console.error('messages: a body did not open', { error: describeError(err) });
    return UNREADABLE_TEXT;
  }
}

/** How much of a message's first line a preview shows. */
export const PREVIEW_MAX = 140;

/** The first line with text, cut to a preview. */
export function previewOf(text: string | null): string | null {
  if (text === null) return null;
  const line =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1)}…` : line;
}
