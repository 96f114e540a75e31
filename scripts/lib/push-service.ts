import { createRequire } from 'node:module';
import type { Server } from 'node:http';

/*
 * A local push service (the npm package web-push-testing, issue 40), started in this process: it
 * hands out subscriptions for a VAPID key, receives the Worker's encrypted pushes (checking the
 * VAPID signature) and decrypts them (RFC 8291), and answers 410 for a subscription it was told to
 * expire. The worker tests (tests/worker/push-service.global.ts) and the bench use it; nothing here
 * needs the internet.
 */

const require = createRequire(import.meta.url);

export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** The headers a push arrived with, as the push service saw them. */
export interface ReceivedPushHeaders {
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
}

export interface PushService {
  origin: string;
  /** How many pushes the service accepted so far (every subscription together). */
  received(): number;
  close(): Promise<void>;
}

interface PushModel {
  subscriptions: Record<string, { applicationServerKey: string }>;
  importVapidKey(bytes: Uint8Array): Promise<unknown>;
  exportPemKey(key: unknown): Promise<string>;
  decodeBase64UrlString(s: string): Uint8Array;
  validateAuthorizationHeader(clientHash: string, jwt: string): Promise<void>;
}

/**
 * The service checks each push's VAPID JWT against the subscription's key, which it imported and
 * exported as PEM again for every push (most of its time per push, which made the bench measure
 * the test service rather than the app): here the PEM is kept per key, the check itself unchanged.
 */
function keepVapidKeys(model: PushModel) {
  const jsonwebtoken = require('jsonwebtoken') as { verify: (jwt: string, key: string, opts: { algorithms: string[] }) => unknown };
  const pems = new Map<string, Promise<string>>();
  model.validateAuthorizationHeader = async (clientHash, jwt) => {
    const key = model.subscriptions[clientHash]!.applicationServerKey;
    let pem = pems.get(key);
    if (!pem) {
      pem = model.importVapidKey(model.decodeBase64UrlString(key)).then((k) => model.exportPemKey(k));
      pems.set(key, pem);
    }
    try {
      jsonwebtoken.verify(jwt, await pem, { algorithms: ['ES256'] });
    } catch {
      throw new RangeError('Invalid authentication token supplied');
    }
  };
}

/** Starts web-push-testing on `port` (every interface, so localhost resolves either way). */
export async function startPushService(port: number): Promise<PushService> {
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    model: unknown,
    port: number,
  ) => {
    _app: {
      use: (fn: (req: never, res: never, next: () => void) => void) => void;
      post: (path: string, fn: (req: never, res: never) => void) => void;
      listen: (port: number, cb: () => void) => Server;
    };
    setRequestHandlers(): void;
  };
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };
  const model = new PushApiModel() as PushModel;
  keepVapidKeys(model);
  const service = new WebPushTestingServer(model, port);
  const headers = new Map<string, ReceivedPushHeaders[]>();
  let received = 0;
  // Before its own handlers: what each push said beyond its body (TTL, Urgency, Topic), and, once
  // answered, whether the service accepted it (its VAPID signature checked, its payload decrypted).
  type Res = { statusCode: number; on: (event: 'finish', fn: () => void) => void };
  service._app.use((req: { path: string; headers: Record<string, string | undefined> }, res: Res, next: () => void) => {
    const hash = /^\/notify\/([0-9a-f]+)$/.exec(req.path)?.[1];
    if (hash) {
      res.on('finish', () => {
        if (res.statusCode < 300) received++;
      });
      const h = req.headers;
      headers.set(hash, [
        ...(headers.get(hash) ?? []),
        { ttl: h.ttl, urgency: h.urgency, topic: h.topic, contentEncoding: h['content-encoding'] ?? h['x-content-encoding'] },
      ]);
    }
    next();
  });
  service._app.post('/received-headers/:hash', (req: { params: { hash: string } }, res: { json: (v: unknown) => void }) =>
    res.json(headers.get(req.params.hash) ?? []),
  );
  service.setRequestHandlers();
  const server = await new Promise<Server>((resolve, reject) => {
    const s = service._app.listen(port, () => resolve(s));
    s.once('error', reject);
  });
  return {
    origin: `http://localhost:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A client of a running push service (over HTTP, from Node or from workerd). */
export function pushServiceClient(origin: string) {
  const post = async (path: string, body?: unknown) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    /** A new device's subscription for the app's VAPID public key. */
    async subscribe(applicationServerKey: string): Promise<TestPushSubscription> {
      const res = await post('/subscribe', { applicationServerKey, userVisibleOnly: 'true' });
      if (!res.ok) throw new Error(`push service: subscribe answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: TestPushSubscription }).data;
    },
    /** The decrypted payloads that reached this subscription, oldest first. */
    async messages(clientHash: string): Promise<string[]> {
      const res = await post('/get-notifications', { clientHash });
      if (!res.ok) throw new Error(`push service: get-notifications answered ${res.status}`);
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    /** The TTL, Urgency, Topic and Content-Encoding of each push that reached it. */
    async headers(clientHash: string): Promise<ReceivedPushHeaders[]> {
      return (await post(`/received-headers/${clientHash}`)).json() as Promise<ReceivedPushHeaders[]>;
    },
    /** From now on the service answers 410 Gone to pushes for it. */
    async expire(clientHash: string): Promise<void> {
      const res = await post(`/expire-subscription/${clientHash}`);
      if (!res.ok) throw new Error(`push service: expire answered ${res.status}`);
    },
  };
}
