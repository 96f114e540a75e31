import type { MiddlewareHandler } from 'hono';
import { AppError } from '../app-error';
import type { AppEnv } from '../hono-env';
import { errorResponse } from '../http-errors';

/**
 * Overload answered at once (issue 29, ADR 0020). Once an isolate holds a request that has waited
 * longer than MAX_WAIT_MS for its answer, the requests behind it would wait as long or longer, past
 * a client's patience (the 10 s timeouts of the issue): a new API request then gets a 503 with
 * Retry-After straight away instead of joining that queue, until the old ones are answered. Below
 * MIN_IN_FLIGHT requests everything is let in (a few slow requests, or a test run's, shed nothing);
 * MAX_IN_FLIGHT is a ceiling whatever their age. The age is read at each request's arrival (a
 * Worker's clock moves across I/O, which is when requests arrive and answers leave).
 */
export const LOAD_LIMITS = {
  MAX_WAIT_MS: 5000,
  MIN_IN_FLIGHT: 64,
  MAX_IN_FLIGHT: 1000,
  RETRY_AFTER_SECONDS: 2,
};

export const BUSY_MESSAGE = 'The club is very busy right now. Please try again in a moment.';

export function busyError(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', BUSY_MESSAGE, { retryAfter: LOAD_LIMITS.RETRY_AFTER_SECONDS });
}

/** The requests one isolate is answering, oldest first. */
export class LoadGauge {
  private readonly started = new Map<number, number>();
  private seq = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  get inFlight(): number {
    return this.started.size;
  }

  /** How long the oldest request in flight has waited, in ms (0: none). */
  oldestWaitMs(): number {
    for (const t of this.started.values()) return this.now() - t;
    return 0;
  }

  /** Whether a new request is let in. */
  admits(): boolean {
    if (this.inFlight < LOAD_LIMITS.MIN_IN_FLIGHT) return true;
    if (this.inFlight >= LOAD_LIMITS.MAX_IN_FLIGHT) return false;
    return this.oldestWaitMs() <= LOAD_LIMITS.MAX_WAIT_MS;
  }

  /** Counts a request in; the returned function counts it out when it is answered. */
  enter(): () => void {
    const id = (this.seq += 1);
    this.started.set(id, this.now());
    return () => {
      this.started.delete(id);
    };
  }
}

/** This isolate's gauge: requests of one isolate share its CPU, so they share its queue. */
export const isolateLoad = new LoadGauge();

/**
 * The Worker's own answers to GET and HEAD; any other GET is a page or a file of Workers Static
 * Assets (hashed build output never even reaches the Worker), which an overloaded isolate still
 * serves: a page then goes out as its shell, without the member's first screen (first-screen.ts).
 */
const WORKER_READS = [/^\/api\//, /^\/trpc\//, /^\/images\//, /^\/auth-status$/, /^\/user-details$/, /^\/calendar-feed\//];

/** Whether an overloaded isolate refuses this request (its path, or a Hono route's path). */
export function shedsRequest(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return true;
  return WORKER_READS.some((r) => r.test(path));
}

/**
 * Mounted after securityHeaders (the 503 carries them too). tRPC answers its own 503 (in tRPC's
 * error shape, which its client reads): the request goes on with `overloaded` set and the
 * procedure refuses before any work (platform/trpc.ts).
 */
export function loadShed(gauge: LoadGauge = isolateLoad): MiddlewareHandler<AppEnv> {
  // A request the session middleware runs again (a stale session hint) was let in already.
  const admitted = new WeakSet<Request>();
  return async (c, next) => {
    const raw = c.req.raw;
    if (admitted.has(raw)) return next();
    if (!gauge.admits()) {
      const path = c.req.path;
      if (shedsRequest(c.req.method, path) && !path.startsWith('/trpc/')) return errorResponse(busyError());
      c.set('overloaded', true);
    }
    admitted.add(raw);
    const leave = gauge.enter();
    try {
      await next();
    } finally {
      leave();
    }
  };
}
