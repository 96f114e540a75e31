import { DurableObject } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import {
  LIVE_TOPIC_PATTERN,
  MAX_LIVE_TOPICS,
  type LiveChange,
  type LiveClientMessage,
  type LiveServerMessage,
} from '../../../shared/notifications';
import { livePresence } from '../../db/schema/notifications';
import { createDeps } from '../../platform/deps';
import type { Env } from '../../platform/env';
import { describeError } from '../../platform/log-redaction';
import { liveTopic, mayWatch, memberLive } from './live-publish';
import { unreadCountQuery } from './notifications';
import { messagesUnreadQuery } from '../messages/unread';

/*
 * The Durable Objects of issue 23's live updates, on the WebSocket Hibernation API
 * (ctx.acceptWebSocket): while nothing happens they are evicted from memory and the sockets stay
 * open, so idle members cost nothing. Pings are answered by the runtime (setWebSocketAutoResponse)
 * without waking them.
 */

/** The header by which the Worker, having checked her session, tells MemberLive who she is. */
export const LIVE_MEMBER_HEADER = 'X-Live-Member';

interface SocketState {
  memberId: number;
  topics: string[];
}

const send = (ws: WebSocket, message: LiveServerMessage) => {
  try {
    ws.send(JSON.stringify(message));
  } catch {
    // Closing already: its close handler tidies up.
  }
};

/** One per member (idFromName('member:ID')): her open pages' sockets, and the topics each follows. */
export class MemberLive extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  private sockets(except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  private stateOf(ws: WebSocket): SocketState | null {
    return (ws.deserializeAttachment() as SocketState | null) ?? null;
  }

  /** The upgrade, forwarded by GET /api/live after its checks; answers her count at once. */
  async fetch(request: Request): Promise<Response> {
    const memberId = Number(request.headers.get(LIVE_MEMBER_HEADER));
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !Number.isInteger(memberId) || memberId <= 0) {
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    const first = this.sockets().length === 0;
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ memberId, topics: [] } satisfies SocketState);
    const deps = createDeps(this.env);
    try {
      const count = unreadCountQuery(deps, memberId);
      // Issue 38: her unread messages too, in the same round trip, so the header needs no request.
      const messages = messagesUnreadQuery(deps, memberId);
      let rows: { count: number }[];
      let messageRows: { count: number }[];
      if (first) {
        // Who this object is, for when it wakes from hibernation with no socket to ask.
        await this.ctx.storage.put('memberId', memberId);
        const enter = deps.db
          .insert(livePresence)
          .select(sql`SELECT "id", ${Date.now()} FROM "users" WHERE "id" = ${memberId}`)
          .onConflictDoUpdate({ target: livePresence.userId, set: { since: Date.now() } });
        [, rows, messageRows] = await deps.db.batch([enter, count, messages]);
      } else {
        [rows, messageRows] = await deps.db.batch([count, messages]);
      }
      send(server, { type: 'unread', count: rows[0]?.count ?? 0 });
      send(server, { type: 'messages_unread', count: messageRows[0]?.count ?? 0 });
    } catch (err) {
      console.error('live: could not open', { error: describeError(err) });
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const state = this.stateOf(ws);
    if (!state || typeof message !== 'string' || message.length > 512) return;
    let msg: LiveClientMessage;
    try {
      msg = JSON.parse(message) as LiveClientMessage;
    } catch {
      return;
    }
    const topic = typeof msg?.topic === 'string' ? msg.topic : '';
    if (!LIVE_TOPIC_PATTERN.test(topic)) return;
    if (msg.type === 'subscribe') {
      if (state.topics.includes(topic)) return send(ws, { type: 'subscribed', topic });
      const allowed = state.topics.length < MAX_LIVE_TOPICS && (await mayWatch(createDeps(this.env), state.memberId, topic));
      if (!allowed) return send(ws, { type: 'refused', topic });
      await liveTopic(this.env, topic).watch(state.memberId);
      ws.serializeAttachment({ ...state, topics: [...state.topics, topic] } satisfies SocketState);
      send(ws, { type: 'subscribed', topic });
    } else if (msg.type === 'unsubscribe' && state.topics.includes(topic)) {
      ws.serializeAttachment({ ...state, topics: state.topics.filter((t) => t !== topic) } satisfies SocketState);
      await this.forgetUnwatched(state.memberId, [topic]);
    }
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    await this.closed(ws);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closed');
    } catch {
      // Already closed.
    }
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    await this.closed(ws);
  }

  /** A socket went: the topics nobody else here follows are let go, and her presence with the last one. */
  private async closed(ws: WebSocket): Promise<void> {
    const state = this.stateOf(ws);
    if (!state) return;
    ws.serializeAttachment(null);
    await this.forgetUnwatched(state.memberId, state.topics, ws);
    if (this.sockets(ws).length === 0) await this.leave(state.memberId);
  }

  private async forgetUnwatched(memberId: number, topics: string[], closing?: WebSocket): Promise<void> {
    const still = new Set(this.sockets(closing).flatMap((s) => this.stateOf(s)?.topics ?? []));
    await Promise.all(
      topics
        .filter((t) => !still.has(t))
        .map((t) =>
          liveTopic(this.env, t)
            .unwatch(memberId)
            .catch(() => {}),
        ),
    );
  }

  private async leave(memberId: number): Promise<void> {
    try {
      await createDeps(this.env).db.delete(livePresence).where(eq(livePresence.userId, memberId));
    } catch (err) {
      console.error('live: could not record leaving', { error: describeError(err) });
    }
  }

  /** RPC from the fan-out and from POST /api/notifications/read: her new count, to every page. */
  async unread(count: number): Promise<number> {
    const open = this.sockets();
    for (const ws of open) send(ws, { type: 'unread', count });
    if (open.length === 0) {
      // A presence left behind (the runtime restarted without a close): not told again.
      const memberId = await this.ctx.storage.get<number>('memberId');
      if (memberId !== undefined) await this.leave(memberId);
    }
    return open.length;
  }

  /** RPC from modules/messages (issue 38): something happened in one of her conversations; her unread messages in all. */
  async message(conversationId: number, unread: number): Promise<number> {
    const open = this.sockets();
    for (const ws of open) send(ws, { type: 'message', conversation_id: conversationId, unread });
    return open.length;
  }

  /** RPC from a LiveTopic: something changed on a topic. Answers whether any of her pages still follows it. */
  async deliver(topic: string, what: LiveChange): Promise<boolean> {
    let held = false;
    for (const ws of this.sockets()) {
      if (this.stateOf(ws)?.topics.includes(topic)) {
        held = true;
        send(ws, { type: 'changed', topic, what });
      }
    }
    return held;
  }
}

/** One per event or image (idFromName('event-12')): the members whose pages follow it. */
export class LiveTopic extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS watchers (member_id INTEGER PRIMARY KEY)');
  }

  async watch(memberId: number): Promise<void> {
    this.ctx.storage.sql.exec('INSERT OR IGNORE INTO watchers (member_id) VALUES (?)', memberId);
  }

  async unwatch(memberId: number): Promise<void> {
    this.ctx.storage.sql.exec('DELETE FROM watchers WHERE member_id = ?', memberId);
  }

  async watchers(): Promise<number[]> {
    return this.ctx.storage.sql
      .exec<{ member_id: number }>('SELECT member_id FROM watchers')
      .toArray()
      .map((r) => r.member_id);
  }

  /** Tells every watcher's Durable Object; one whose pages no longer follow it is forgotten. Answers how many heard it. */
  async publish(topic: string, what: LiveChange): Promise<number> {
    let heard = 0;
    await Promise.all(
      (await this.watchers()).map(async (memberId) => {
        try {
          if (await memberLive(this.env, memberId).deliver(topic, what)) heard++;
          else await this.unwatch(memberId);
        } catch (err) {
          console.error('live: could not deliver', { topic, error: describeError(err) });
        }
      }),
    );
    return heard;
  }
}
