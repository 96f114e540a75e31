import type { Context } from 'hono';
import { AppError } from '../../platform/app-error';
import { requireMember } from '../../platform/guards';
import type { AppEnv } from '../../platform/hono-env';
import { isCrossOrigin } from '../../platform/middleware/origin-check';
import { actorOf } from '../../platform/request-actor';
import { LIVE_MEMBER_HEADER } from './live';
import { memberLive } from './live-publish';

/**
 * GET /api/live (issue 23): the WebSocket upgrade to her own MemberLive Durable Object. 426
 * without an upgrade, 401 for a visitor, 403 from a page of another site (a WebSocket handshake
 * carries her cookie, as a form post would). The object learns who she is from this Worker, never
 * from the request.
 */
export async function openLiveSocket(c: Context<AppEnv>): Promise<Response> {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    throw new AppError('UPGRADE_REQUIRED', 'GET /api/live is a WebSocket: connect with an Upgrade: websocket request.');
  }
  const me = requireMember(await actorOf(c));
  if (isCrossOrigin(c)) throw new AppError('FORBIDDEN', 'Cross-site request refused.');
  const headers = new Headers({ Upgrade: 'websocket', [LIVE_MEMBER_HEADER]: String(me.id) });
  for (const name of ['Sec-WebSocket-Key', 'Sec-WebSocket-Version', 'Sec-WebSocket-Extensions', 'Sec-WebSocket-Protocol']) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  const answer = await memberLive(c.env, me.id).fetch(new Request(c.req.url, { headers }));
  // The object's answer has immutable headers; the middleware adds its own to this copy.
  return new Response(null, { status: answer.status, webSocket: answer.webSocket, headers: answer.headers });
}
