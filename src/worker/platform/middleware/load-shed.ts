import type { MiddlewareHandler } from 'hono';
import { AppError } from '../app-error';
import type { AppEnv } from '../hono-env';
import { listenToBodyWait } from '../body-wait';
import { addressGroup, clientAddress } from '../client-address';
import { errorResponse } from '../http-errors';

/**
 * Overload answered at once (issue 29, ADR 0020). Once an isolate holds a request that has waited
 * longer than MAX_WAIT_MS for its answer, the requests behind it would wait as long or longer, past
 * a client's patience (the 10 s timeouts of the issue): a new API request then gets a 503 with
 * Retry-After straight away instead of joining that queue, until the old ones are answered. Below
 * MIN_IN_FLIGHT requests everything is let in (a few slow requests, or a test run's, shed nothing);
 * MAX_IN_FLIGHT is a ceiling whatever their age. The age is read at each request's arrival (a
 * Worker's clock moves across I/O, which is when requests arrive and answers leave).
 *
 * Issue 45: a request's wait is counted from the moment its body has arrived. While its client is
 * still sending the body (body-wait.ts), the request costs the isolate nothing and is not counted at
 * all, so clients that send slowly delay only themselves (before, ~70 of them sending a byte a
 * second made every route answer 503 for everyone). Each client address (an IPv6 /64 as one) may
 * have at most MAX_PER_CLIENT requests in flight and MAX_BODIES_PER_CLIENT bodies on their way; past
 * either it is answered 429 at once, and no other client notices.
 */
export const LOAD_LIMITS = {
  MAX_WAIT_MS: 5000,
  MIN_IN_FLIGHT: 64,
  MAX_IN_FLIGHT: 1000,
  RETRY_AFTER_SECONDS: 2,
  /** Above the load bench's 200 connections from one address; far above any browser's six. */
  MAX_PER_CLIENT: 256,
  /** Bodies one client sends at once (a gallery upload sends a few files side by side). */
  MAX_BODIES_PER_CLIENT: 16,
};

export const BUSY_MESSAGE = /*i18n*/ 'The club is very busy right now. Please try again in a moment.';
export const CLIENT_BUSY_MESSAGE = /*i18n*/ 'Too many requests from your address at once. Please wait a moment and try again.';

export function busyError(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', BUSY_MESSAGE, { retryAfter: LOAD_LIMITS.RETRY_AFTER_SECONDS });
}

function clientBusyError(): AppError {
  return new AppError('TOO_MANY_REQUESTS', CLIENT_BUSY_MESSAGE, { retryAfter: LOAD_LIMITS.RETRY_AFTER_SECONDS });
}

/** One request as the gauge counts it. */
export interface LoadTicket {
  /** Counts it out once it is answered. */
  leave(): void;
  /** Told by the body's reader (body-wait.ts): its client is sending the body; may refuse (429). */
  begin(): void;
  /** The body has arrived: its wait for the isolate starts now. */
  end(): void;
}

interface ClientCount {
  inFlight: number;
  bodies: number;
}

/** The requests one isolate is answering, oldest first, and each client's share of them. */
export class LoadGauge {
  /** Requests waiting for the isolate (not for their client), by when that wait began. */
  private readonly started = new Map<number, number>();
  private readonly clients = new Map<string, ClientCount>();
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

  /** Whether this client (its addressGroup) may have one more request in flight. */
  admitsClient(client: string): boolean {
    return (this.clients.get(client)?.inFlight ?? 0) < LOAD_LIMITS.MAX_PER_CLIENT;
  }

  /** Counts a request of `client` in. */
  enter(client = ''): LoadTicket {
    const id = (this.seq += 1);
    const count = this.clients.get(client) ?? { inFlight: 0, bodies: 0 };
    this.clients.set(client, count);
    count.inFlight += 1;
    this.started.set(id, this.now());
    let receiving = false;
    let left = false;
    const stopReceiving = () => {
      if (!receiving) return;
      receiving = false;
      count.bodies -= 1;
    };
    return {
      leave: () => {
        if (left) return;
        left = true;
        stopReceiving();
        this.started.delete(id);
        count.inFlight -= 1;
        if (count.inFlight === 0) this.clients.delete(client);
      },
      begin: () => {
        if (left || receiving) return;
        if (count.bodies >= LOAD_LIMITS.MAX_BODIES_PER_CLIENT) throw clientBusyError();
        receiving = true;
        count.bodies += 1;
        this.started.delete(id);
      },
      end: () => {
        if (left || !receiving) return;
        stopReceiving();
        // Its wait for the isolate begins now: Map order is insertion order, so it goes to the back.
        this.started.set(id, this.now());
      },
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
    const path = c.req.path;
    const refusable = shedsRequest(c.req.method, path);
    const client = addressGroup(clientAddress(raw.headers));
    if (refusable && !gauge.admitsClient(client)) return errorResponse(clientBusyError());
    if (!gauge.admits()) {
      if (refusable && !path.startsWith('/trpc/')) return errorResponse(busyError());
      c.set('overloaded', true);
    }
    admitted.add(raw);
    const ticket = gauge.enter(client);
    listenToBodyWait(raw, ticket);
    try {
      await next();
    } finally {
      ticket.leave();
    }
  };
}
