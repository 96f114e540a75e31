import { DurableObject } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { lapsesOn } from '../../../shared/membership-term';
import {
  LIVE_CLOSE_CODE,
  LIVE_SUBSCRIBE_WINDOW_MS,
  LIVE_TOPIC_PATTERN,
  MAX_LIVE_SOCKETS,
  MAX_LIVE_SUBSCRIBES,
  MAX_LIVE_TOPICS,
  type LiveChange,
  type LiveClientMessage,
  type LiveCloseKind,
  type LiveServerMessage,
} from '../../../shared/notifications';
import { livePresence } from '../../db/schema/notifications';
import type { MemberActor } from '../../platform/actor';
import { createDeps, type Deps } from '../../platform/deps';
import type { Env } from '../../platform/env';
import { describeError } from '../../platform/log-redaction';
import { sessionMember } from '../auth/sessions';
import { liveTopic, mayWatch, memberLive } from './live-publish';
import { unreadCountQuery } from './notifications';
import { messagesUnreadQuery } from '../messages/unread';

/*
 * The Durable Objects of issue 23's live updates, on the WebSocket Hibernation API
 * (ctx.acceptWebSocket): while nothing happens they are evicted from memory and the sockets stay
 * open, so idle members cost nothing. Pings are answered by the runtime (setWebSocketAutoResponse)
 * without waking them.
 */

/**
 * The header by which the Worker, having checked her session, tells MemberLive whose socket it
 * forwards (LiveSocketOwner as JSON).
 */
export const LIVE_SOCKET_HEADER = 'X-Live-Socket';

export interface LiveSocketOwner {
  memberId: number;
  /** Her session's id (the token's SHA-256, as D1 keys it): each subscribe checks it again (issue 45). */
  sessionId: string;
  /** When her membership lapses (ms), or null: an admin's never does. */
  lapsesAt: number | null;
}

/** When her membership lapses, as the Worker passes it: the start (UTC) of lapsesOn, none for an admin. */
export function lapsesAtOf(me: MemberActor): number | null {
  return me.hasAdminFlag ? null : Date.parse(`${lapsesOn(me.membership.renews_on)}T00:00:00Z`);
}

interface SocketState extends LiveSocketOwner {
  /** Opening order (ms, strictly increasing among her sockets): the oldest goes first. */
  openedAt: number;
  topics: string[];
  /** Her subscribes' times on this socket within the last LIVE_SUBSCRIBE_WINDOW_MS. */
  subscribes: number[];
  /**
   * mayWatch's answer per topic, for the socket's life (at most MAX_LIVE_TOPICS topics: the
   * attachment holds 2 KB, and this with the rest stays under 1.7 KB at the longest topic names).
   */
  may: Record<string, boolean>;
}

/** How the server closes a socket (issue 45): the code of LIVE_CLOSE_CODE and its reason. */
export const LIVE_CLOSE: Record<LiveCloseKind, { code: number; reason: string }> = {
  REPLACED: {
    code: LIVE_CLOSE_CODE.REPLACED,
    reason: `More than ${MAX_LIVE_SOCKETS} of your pages were live: this one, the oldest, stopped updating.`,
  },
  SESSION_ENDED: { code: LIVE_CLOSE_CODE.SESSION_ENDED, reason: 'Your session has ended. Please sign in again.' },
  LAPSED: { code: LIVE_CLOSE_CODE.LAPSED, reason: 'Your membership has lapsed.' },
  TOO_MANY_SUBSCRIBES: {
    code: LIVE_CLOSE_CODE.TOO_MANY_SUBSCRIBES,
    reason: `More than ${MAX_LIVE_SUBSCRIBES} subscribes in ${LIVE_SUBSCRIBE_WINDOW_MS / 1000} seconds.`,
  },
};

const send = (ws: WebSocket, message: LiveServerMessage) => {
  try {
    ws.send(JSON.stringify(message));
  } catch {
    // Closing already: its close handler tidies up.
  }
};

function ownerFrom(request: Request): LiveSocketOwner | null {
  try {
    const o = JSON.parse(request.headers.get(LIVE_SOCKET_HEADER) ?? '') as LiveSocketOwner;
    const fine =
      Number.isInteger(o.memberId) &&
      o.memberId > 0 &&
      typeof o.sessionId === 'string' &&
      /^[0-9a-f]{64}$/.test(o.sessionId) &&
      (o.lapsesAt === null || Number.isFinite(o.lapsesAt));
    return fine ? { memberId: o.memberId, sessionId: o.sessionId, lapsesAt: o.lapsesAt } : null;
  } catch {
    return null;
  }
}

/**
 * One per member (idFromName('member:ID')): her open pages' sockets, and the topics each follows.
 * Issue 45's limits: at most MAX_LIVE_SOCKETS sockets (a new one closes her oldest), at most
 * MAX_LIVE_SUBSCRIBES subscribes in LIVE_SUBSCRIBE_WINDOW_MS per socket (one more closes it), her
 * session checked again on every subscribe and whenever a service says her sessions changed
 * (recheck), and mayWatch asked once per topic in a socket's life. Every close by the server is
 * told first: `{"type":"closing","code","reason"}` (LIVE_CLOSE), then closed with the same.
 */
export class MemberLive extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  private deps() {
    return createDeps(this.env, (p) => this.ctx.waitUntil(p));
  }

  /** Her open sockets (a socket the server is closing has no state any more). */
  private sockets(except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN && this.stateOf(ws) !== null);
  }

  private stateOf(ws: WebSocket): SocketState | null {
    return (ws.deserializeAttachment() as SocketState | null) ?? null;
  }

  /** Changes a socket's state; read and written with no await between, so no message is lost. */
  private update(ws: WebSocket, change: Partial<SocketState>): SocketState | null {
    const state = this.stateOf(ws);
    if (!state) return null;
    const next = { ...state, ...change };
    ws.serializeAttachment(next);
    return next;
  }

  /** The upgrade, forwarded by GET /api/live after its checks; answers her count at once. */
  async fetch(request: Request): Promise<Response> {
    const owner = ownerFrom(request);
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !owner) {
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    }
    const memberId = owner.memberId;
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    const open = this.sockets();
    const first = open.length === 0;
    const openedAt = Math.max(Date.now(), ...open.map((ws) => this.stateOf(ws)!.openedAt + 1));
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ ...owner, openedAt, topics: [], subscribes: [], may: {} } satisfies SocketState);
    // At most MAX_LIVE_SOCKETS: her oldest pages stop updating (told why), the new one is live.
    const oldest = open.sort((a, b) => this.stateOf(a)!.openedAt - this.stateOf(b)!.openedAt);
    await Promise.all(oldest.slice(0, Math.max(0, open.length + 1 - MAX_LIVE_SOCKETS)).map((ws) => this.shut(ws, 'REPLACED')));
    const deps = this.deps();
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
      await this.subscribe(ws, state, topic);
    } else if (msg.type === 'unsubscribe' && state.topics.includes(topic)) {
      this.update(ws, { topics: state.topics.filter((t) => t !== topic) });
      await this.forgetUnwatched(state.memberId, [topic]);
    }
  }

  private async subscribe(ws: WebSocket, state: SocketState, topic: string): Promise<void> {
    const now = Date.now();
    const recent = state.subscribes.filter((at) => now - at < LIVE_SUBSCRIBE_WINDOW_MS);
    if (recent.length >= MAX_LIVE_SUBSCRIBES) return this.shut(ws, 'TOO_MANY_SUBSCRIBES');
    this.update(ws, { subscribes: [...recent, now] });
    const deps = this.deps();
    // Her session as D1 has it now: ended or lapsed, its sockets close (this one among them).
    await this.recheckSession(deps, state);
    const current = this.stateOf(ws);
    if (!current) return;
    if (current.topics.includes(topic)) return send(ws, { type: 'subscribed', topic });
    if (current.topics.length >= MAX_LIVE_TOPICS) return send(ws, { type: 'refused', topic });
    let allowed = current.may[topic];
    if (allowed === undefined) {
      allowed = await mayWatch(deps, state.memberId, topic);
      const may = this.stateOf(ws)?.may ?? {};
      const kept = Object.keys(may).slice(-(MAX_LIVE_TOPICS - 1));
      this.update(ws, { may: { ...Object.fromEntries(kept.map((t) => [t, may[t]!])), [topic]: allowed } });
    }
    if (!allowed) return send(ws, { type: 'refused', topic });
    await liveTopic(this.env, topic).watch(state.memberId);
    const after = this.stateOf(ws);
    // Closed meanwhile: the topic forgets her at its next change (publish).
    if (!after) return;
    if (!after.topics.includes(topic)) this.update(ws, { topics: [...after.topics, topic] });
    send(ws, { type: 'subscribed', topic });
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

  /**
   * A socket went: the topics nobody else here follows are let go, and her presence with the last
   * one. Its state goes before the first await, so nothing is sent to it any more.
   */
  private async closed(ws: WebSocket): Promise<void> {
    const state = this.stateOf(ws);
    if (!state) return;
    ws.serializeAttachment(null);
    await this.forgetUnwatched(state.memberId, state.topics, ws);
    if (this.sockets(ws).length === 0) await this.leave(state.memberId);
  }

  /** The server closes a socket: told why, then closed with LIVE_CLOSE's code and reason. */
  private async shut(ws: WebSocket, kind: LiveCloseKind): Promise<void> {
    const { code, reason } = LIVE_CLOSE[kind];
    send(ws, { type: 'closing', code, reason });
    const tidied = this.closed(ws);
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
    await tidied;
  }

  /**
   * Checks one session of hers as D1 has it now: when it has ended (or is no longer hers) or her
   * membership has lapsed, every socket of it closes; else they learn when she lapses now.
   */
  private async recheckSession(deps: Deps, owner: LiveSocketOwner): Promise<void> {
    const actor = await sessionMember(deps, owner.sessionId);
    const closeAs: LiveCloseKind | null =
      !actor || actor.id !== owner.memberId ? 'SESSION_ENDED' : actor.membership.status === 'lapsed' ? 'LAPSED' : null;
    const ofSession = this.sockets().filter((ws) => this.stateOf(ws)?.sessionId === owner.sessionId);
    if (closeAs) await Promise.all(ofSession.map((ws) => this.shut(ws, closeAs)));
    else for (const ws of ofSession) this.update(ws, { lapsesAt: lapsesAtOf(actor!) });
  }

  /** The sessions of her sockets, one socket's owner each (those whose lapse date has come when `due`). */
  private owners(due?: number): LiveSocketOwner[] {
    const bySession = new Map<string, LiveSocketOwner>();
    for (const ws of this.sockets()) {
      const s = this.stateOf(ws)!;
      if (due === undefined || (s.lapsesAt !== null && s.lapsesAt <= due)) bySession.set(s.sessionId, s);
    }
    return [...bySession.values()];
  }

  /** Before anything is sent: a socket whose membership's lapse date has passed checks her session (rarely: then it moves or closes). */
  private async closeLapsed(): Promise<void> {
    const due = this.owners(Date.now());
    if (due.length === 0) return;
    const deps = this.deps();
    for (const owner of due) await this.recheckSession(deps, owner);
  }

  /**
   * RPC (issue 45) from the services that end or change her sessions: a logout, a session ended
   * in Settings, "sign out other devices", a password changed or reset, her account deleted, her
   * term or admin role changed. Each of her sockets' sessions is checked again; the sockets of
   * one that ended or lapsed close. Answers how many sockets are left open.
   */
  async recheck(): Promise<number> {
    const deps = this.deps();
    for (const owner of this.owners()) await this.recheckSession(deps, owner);
    return this.sockets().length;
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
    await this.closeLapsed();
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
    await this.closeLapsed();
    const open = this.sockets();
    for (const ws of open) send(ws, { type: 'message', conversation_id: conversationId, unread });
    return open.length;
  }

  /** RPC from a LiveTopic: something changed on a topic. Answers whether any of her pages still follows it. */
  async deliver(topic: string, what: LiveChange): Promise<boolean> {
    await this.closeLapsed();
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
