import type { Context } from 'hono';
import { AppError } from '../../platform/app-error';
import { requireMember } from '../../platform/guards';
import type { AppEnv } from '../../platform/hono-env';
import { enforceRateLimit } from '../../platform/rate-limit';
import { isCrossOrigin } from '../../platform/middleware/origin-check';
import { actorOf } from '../../platform/request-actor';
import { lapsesAtOf, LIVE_SOCKET_HEADER, type LiveSocketOwner } from './live';
import { memberLive } from './live-publish';

/**
 * GET /api/live (issue 23): the WebSocket upgrade to her own MemberLive Durable Object. 426
 * without an upgrade, 401 for a visitor, 403 from a page of another site (a WebSocket handshake
 * carries her cookie, as a form post would), 429 past the member write limiter's rate (issue 45).
 * The object learns who she is (and her session) from this Worker, never from the request.
 */
export async function openLiveSocket(c: Context<AppEnv>): Promise<Response> {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    throw new AppError('UPGRADE_REQUIRED', /*i18n*/ 'GET /api/live is a WebSocket: connect with an Upgrade: websocket request.');
  }
  const me = requireMember(await actorOf(c));
  if (isCrossOrigin(c)) throw new AppError('FORBIDDEN', /*i18n*/ 'Cross-site request refused.');
  // Issue 45: her socket opens count as writes of hers (429 past the limiter's rate).
  await enforceRateLimit(c.env, 'MEMBER_WRITE_LIMITER', `live:${me.id}`);
  const owner: LiveSocketOwner = { memberId: me.id, sessionId: me.sessionId, lapsesAt: lapsesAtOf(me) };
  const headers = new Headers({ Upgrade: 'websocket', [LIVE_SOCKET_HEADER]: JSON.stringify(owner) });
  for (const name of ['Sec-WebSocket-Key', 'Sec-WebSocket-Version', 'Sec-WebSocket-Extensions', 'Sec-WebSocket-Protocol']) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  const answer = await memberLive(c.env, me.id).fetch(new Request(c.req.url, { headers }));
  // The object's answer has immutable headers; the middleware adds its own to this copy.
  return new Response(null, { status: answer.status, webSocket: answer.webSocket, headers: answer.headers });
}
