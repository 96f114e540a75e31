import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_TRPC_BATCH } from '../../../src/shared/constants';
import { TOO_LARGE_MESSAGE } from '../../../src/shared/schemas/images';
import { JSON_BODY_LIMIT } from '../../../src/worker/platform/body-limit';
import { createUser, ORIGIN, type TestUser, worker } from '../helpers';

// Issue 11 "Bounded requests": batches of at most 10 calls, JSON bodies of at most 256 KB and
// uploads counted while they stream, each refused before the body is read whole.

const encoder = new TextEncoder();

/**
 * A request body that streams `total` bytes in 64 KB chunks (no Content-Length: chunked), counting
 * what the server pulled. `prefix` and `suffix` frame the filler (a JSON string, a multipart part).
 */
function countedBody(total: number, prefix = '', suffix = '') {
  const parts = [encoder.encode(prefix), encoder.encode(suffix)];
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let phase: 'head' | 'fill' | 'tail' | 'done' = 'head';
  let filled = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let next: Uint8Array | null = null;
        if (phase === 'head') {
          next = parts[0]!;
          phase = 'fill';
        } else if (phase === 'fill') {
          next = chunk.subarray(0, Math.min(chunk.length, total - filled));
          filled += next.length;
          if (filled >= total) phase = 'tail';
        } else if (phase === 'tail') {
          next = parts[1]!;
          phase = 'done';
        }
        if (!next) return controller.close();
        pulled += next.length;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

function post(path: string, body: BodyInit, headers: Record<string, string>, as?: TestUser | null) {
  const h: Record<string, string> = { Origin: ORIGIN, ...headers };
  if (as) h.Cookie = as.cookie;
  return worker.fetch(new Request(`${ORIGIN}${path}`, { method: 'POST', headers: h, body, duplex: 'half' } as RequestInit));
}

const bigJson = (bytes: number) => JSON.stringify({ email: 'someone@example.org', password: 'x'.repeat(bytes) });

describe('tRPC batches', () => {
  const batchPath = (n: number) => `/trpc/${Array.from({ length: n }, () => 'auth.status').join(',')}?batch=1`;

  it(`answers a batch of ${MAX_TRPC_BATCH} calls`, async () => {
    const res = await worker.fetch(new Request(`${ORIGIN}${batchPath(MAX_TRPC_BATCH)}`));
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(MAX_TRPC_BATCH);
  });

  it(`refuses ${MAX_TRPC_BATCH + 1} calls with 413 and a message, by GET and by POST`, async () => {
    const get = await worker.fetch(new Request(`${ORIGIN}${batchPath(MAX_TRPC_BATCH + 1)}`));
    expect(get.status).toBe(413);
    expect(await get.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'A request may batch at most 10 calls.' });
    const mutations = `/trpc/${Array.from({ length: MAX_TRPC_BATCH + 1 }, () => 'auth.logout').join(',')}?batch=1`;
    const postRes = await post(mutations, '{}', { 'Content-Type': 'application/json' });
    expect(postRes.status).toBe(413);
    // Encoded commas count too.
    const encoded = `/trpc/${Array.from({ length: MAX_TRPC_BATCH + 1 }, () => 'auth.status').join('%2C')}?batch=1`;
    expect((await worker.fetch(new Request(`${ORIGIN}${encoded}`))).status).not.toBe(200);
  });
});

describe('JSON bodies', () => {
  it('answers 413 at once to a Content-Length over 256 KB, and 400/401 to a small body', async () => {
    const body = bigJson(300 * 1024);
    const res = await post('/login', body, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const small = await post('/login', JSON.stringify({ email: 'nobody@example.org', password: 'not-the-password' }), {
      'Content-Type': 'application/json',
    });
    expect(small.status).toBe(401);
  });

  it('answers 413 to a chunked body without Content-Length as soon as it passes 256 KB, without reading the rest', async () => {
    const body = countedBody(50 * 1024 * 1024, '{"email":"a@b.example","password":"', '"}');
    const res = await post('/login', body.stream, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThan(JSON_BODY_LIMIT + 1024 * 1024);
  });

  it('bounds tRPC POST bodies the same way, with and without Content-Length', async () => {
    const body = JSON.stringify({ email: 'a@b.example', password: 'x'.repeat(300 * 1024) });
    const declared = await post('/trpc/auth.login', body, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
    expect(declared.status).toBe(413);
    const chunked = countedBody(50 * 1024 * 1024, '{"email":"a@b.example","password":"', '"}');
    const res = await post('/trpc/auth.login', chunked.stream, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(413);
    expect(chunked.pulled()).toBeLessThan(JSON_BODY_LIMIT + 1024 * 1024);
    // Under the limit it reaches the procedure (a wrong password: 401).
    const ok = await post('/trpc/auth.login', JSON.stringify({ email: 'nobody@example.org', password: 'not-the-password' }), {
      'Content-Type': 'application/json',
    });
    expect(ok.status).toBe(401);
  });
});

describe('uploads', () => {
  const BOUNDARY = 'bounded-upload-boundary';
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const tail = `\r\n--${BOUNDARY}--\r\n`;
  const multipart = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };

  it('answers 413 to an upload over the cap sent without Content-Length, while it streams', async () => {
    const member = await createUser();
    const total = 64 * 1024 * 1024;
    const body = countedBody(total, head, tail);
    const res = await post('/upload-image', body.stream, multipart, member);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: TOO_LARGE_MESSAGE });
    // Stopped near the cap (31 MB), not at the end of the 64 MB.
    expect(body.pulled()).toBeLessThan(40 * 1024 * 1024);
  });

  it('answers a visitor 401 before reading the body', async () => {
    const body = countedBody(64 * 1024 * 1024, head, tail);
    const res = await post('/upload-image', body.stream, multipart, null);
    expect(res.status).toBe(401);
    expect(body.pulled()).toBeLessThan(1024 * 1024);
  });

  it('answers 429 to a member over the rate limit before reading the body', async () => {
    const member = await createUser();
    // Spend the member's write budget (the same limiter and key the service uses).
    for (let i = 0; i < 500; i++) {
      const { success } = await env.MEMBER_WRITE_LIMITER.limit({ key: `member:${member.id}` });
      if (!success) break;
    }
    const body = countedBody(64 * 1024 * 1024, head, tail);
    const res = await post('/upload-image', body.stream, multipart, member);
    expect(res.status).toBe(429);
    expect(body.pulled()).toBeLessThan(1024 * 1024);
  });
});
