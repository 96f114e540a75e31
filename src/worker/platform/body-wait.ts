import { AppError } from './app-error';

/*
 * Issue 45 (the second security review's high finding): a client that uploads its body slowly
 * holds a request open for as long as it likes. That time is the client's, not the isolate's: the
 * load gauge (middleware/load-shed.ts) must not count it as a request waiting for the Worker, and
 * no read of a body may wait forever. Every body read (body-limit.ts) goes through here.
 */

/** How long a body may take to arrive: a base, plus its size at a (very) slow link's rate. */
export const BODY_DEADLINE = {
  BASE_MS: 10_000,
  /** 16 KB/s: a poor phone connection uploads faster; a byte a second never will. */
  MIN_BYTES_PER_SECOND: 16 * 1024,
};

export const BODY_TIMEOUT_MESSAGE = /*i18n*/ 'The request took too long to send its body. Please try again.';

/** The gauge's side: told when a request starts and stops waiting for its client's body. */
export interface BodyWaitListener {
  /** May refuse (429): too many bodies on their way from one client at once. */
  begin(): void;
  end(): void;
}

const listeners = new WeakMap<Request, BodyWaitListener>();

/** The load gauge registers each request it counts. */
export function listenToBodyWait(req: Request, listener: BodyWaitListener): void {
  listeners.set(req, listener);
}

/** The deadline a body of at most `limit` bytes (or its declared length, when smaller) gets. */
export function bodyDeadlineMs(req: Request, limit: number): number {
  const declared = Number(req.headers.get('Content-Length'));
  const expected = Number.isFinite(declared) && declared > 0 ? Math.min(declared, limit) : limit;
  return BODY_DEADLINE.BASE_MS + Math.ceil((expected / BODY_DEADLINE.MIN_BYTES_PER_SECOND) * 1000);
}

/**
 * One read of a body, from its first chunk to its end: the gauge hears that the request waits for
 * its client, and every chunk must come before the deadline (408, the rest of the body unread).
 * `end()` must be called once the body is read (or given up); it is safe to call twice.
 */
export function receiveBody(req: Request, limit: number) {
  const listener = listeners.get(req);
  listener?.begin();
  const deadlineAt = Date.now() + bodyDeadlineMs(req, limit);
  let ended = false;
  return {
    /** The reader's next chunk, or a 408 AppError once the deadline passes (the reader then cancelled). */
    async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError('REQUEST_TIMEOUT', BODY_TIMEOUT_MESSAGE)), Math.max(0, deadlineAt - Date.now()));
      });
      try {
        return await Promise.race([reader.read(), late]);
      } catch (err) {
        await reader.cancel().catch(() => {});
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
    end() {
      if (ended) return;
      ended = true;
      listener?.end();
    },
  };
}
