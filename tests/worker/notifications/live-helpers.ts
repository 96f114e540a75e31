import { expect } from 'vitest';
import type { LiveServerMessage } from '../../../src/shared/notifications';
import { createSession } from '../../../src/worker/modules/auth/sessions';
import { deps, ORIGIN, worker, type TestUser } from '../helpers';

/** A live socket as a page holds it: what it heard, and how it was closed. */
export interface Socket {
  ws: WebSocket;
  messages: LiveServerMessage[];
  /** The close the server sent (its code and reason), once it came. */
  closed: { code: number; reason: string } | null;
  /** The first message (from the start) that matches, waiting up to `ms`. */
  waitFor(match: (m: LiveServerMessage) => boolean, ms?: number): Promise<LiveServerMessage>;
  /** Waits up to `ms` for the server's close. */
  waitClosed(ms?: number): Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
}

export function live(headers: Record<string, string>) {
  return worker.fetch(new Request(`${ORIGIN}/api/live`, { headers }));
}

async function until<T>(what: string, ms: number, found: () => T | null | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = found();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Opens GET /api/live as a member (her test session, or the cookie of another session of hers). */
export async function connect(who: Pick<TestUser, 'cookie'> | string): Promise<Socket> {
  const cookie = typeof who === 'string' ? who : who.cookie;
  const res = await live({ Upgrade: 'websocket', Cookie: cookie, Origin: ORIGIN });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const socket: Socket = {
    ws,
    messages: [],
    closed: null,
    waitFor: (match, ms = 5000) => until(`no such message (got ${JSON.stringify(socket.messages)})`, ms, () => socket.messages.find(match)),
    waitClosed: (ms = 5000) => until(`not closed (got ${JSON.stringify(socket.messages)})`, ms, () => socket.closed),
    send: (message) => ws.send(JSON.stringify(message)),
  };
  ws.addEventListener('message', (e) => socket.messages.push(JSON.parse(e.data as string) as LiveServerMessage));
  ws.addEventListener('close', (e) => (socket.closed = { code: e.code, reason: e.reason }));
  return socket;
}

/** The cookie of another session of hers (another browser). */
export async function anotherSession(u: { id: number }): Promise<string> {
  return `owow_session=${(await createSession(deps(), u.id)).token}`;
}
