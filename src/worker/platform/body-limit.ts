import { AppError } from './app-error';
import { receiveBody } from './body-wait';

// Issue 11 "Bounded requests": no request body is read whole before its size is known to be
// acceptable. A Content-Length over the limit is refused at once; a body without one (chunked) is
// counted while it streams and refused as soon as it passes the limit.

/** JSON bodies, REST and tRPC alike: far above any form of the app (a group mail is < 100,000 characters). */
export const JSON_BODY_LIMIT = 256 * 1024;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

export function payloadTooLarge(limit: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', /*i18n*/ 'The request body is too large (at most {size}).', {
    values: { size: sizeText(limit) },
  });
}

/** 413 at once when the request declares more than `limit` bytes. */
export function refuseDeclaredOver(req: Request, limit: number): void {
  const declared = req.headers.get('Content-Length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) throw payloadTooLarge(limit);
}

/**
 * The request's body as a stream that errors with a 413 AppError once more than `limit` bytes have
 * passed, or a 408 once its deadline passes (body-wait.ts); `exceeded()` tells afterwards whether
 * the size is why a reader failed, `timedOut()` the 408 if the deadline is (a parser such as formData()
 * may report the stream's error as its own).
 */
export function limitedStream(req: Request, body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader();
  const receipt = receiveBody(req, limit);
  let total = 0;
  let exceeded = false;
  let timedOut: AppError | undefined;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await receipt.read(reader);
      } catch (err) {
        receipt.end();
        if (err instanceof AppError) timedOut = err;
        controller.error(err);
        return;
      }
      const { done, value } = chunk;
      if (done) {
        receipt.end();
        controller.close();
        return;
      }
      total += value.byteLength;
      if (total > limit) {
        exceeded = true;
        receipt.end();
        // Stop pulling from the client: what is left of the body is never read.
        await reader.cancel().catch(() => {});
        controller.error(payloadTooLarge(limit));
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      receipt.end();
      return reader.cancel(reason);
    },
  });
  return { stream, exceeded: () => exceeded, timedOut: () => timedOut };
}

/** The whole body as UTF-8 text, never more than `limit` bytes of it (413 as soon as it passes). */
export async function readTextWithin(req: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBytesWithin(req, limit));
}

/** Bodies read ahead of their route (keepBody), handed to the route's own reader. */
const keptBodies = new WeakMap<Request, Uint8Array>();

/**
 * Reads the whole body once, within `limit` (413, 408 as every read), and keeps its bytes for the
 * route: its reader (readJson, readTextWithin) then gets these bytes, still held to its own limit,
 * instead of a stream already consumed. For middleware that must see a JSON body before the route
 * runs (an Idempotency-Key compares it with the key's first request); a route reading a
 * multipart form (limitedStream) must not be behind it.
 */
export async function keepBody(req: Request, limit: number): Promise<Uint8Array> {
  const bytes = await readBytesWithin(req, limit);
  keptBodies.set(req, bytes);
  return bytes;
}

/**
 * The whole body as bytes, never more than `limit` of them (413 at once on Content-Length, else as
 * soon as it passes), arrived before its deadline (408).
 */
export async function readBytesWithin(req: Request, limit: number): Promise<Uint8Array> {
  refuseDeclaredOver(req, limit);
  const kept = keptBodies.get(req);
  if (kept) {
    if (kept.byteLength > limit) throw payloadTooLarge(limit);
    return kept;
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const receipt = receiveBody(req, limit);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await receipt.read(reader);
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        throw payloadTooLarge(limit);
      }
      chunks.push(value);
    }
  } finally {
    receipt.end();
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}
