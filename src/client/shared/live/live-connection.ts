import { LIVE_CLOSE_CODE, type LiveClientMessage, type LiveServerMessage } from '../../../shared/notifications';

/*
 * The page's one live socket (GET /api/live, issue 23), shared by the bell and the pages that
 * follow an event or an image. It opens while anything listens, reconnects with backoff (1 s,
 * doubling to 30 s, with jitter), pings every 25 s (the Durable Object's runtime answers without
 * waking it), and when the page comes back to the foreground it reconnects at once and asks its
 * listeners to refetch (resync): what happened while it was closed is read from the API. Without
 * a socket every page still works; it only updates on its own fetches. A socket the server closed
 * for good (LIVE_CLOSE_CODE: replaced by a newer page, session ended, lapsed) waits for the foreground.
 */

type Listener = (message: LiveServerMessage) => void;

const PING_MS = 25_000;
const STAY_CLOSED: ReadonlySet<number> = new Set([LIVE_CLOSE_CODE.REPLACED, LIVE_CLOSE_CODE.SESSION_ENDED, LIVE_CLOSE_CODE.LAPSED]);
const MAX_BACKOFF_MS = 30_000;

class LiveConnection {
  private ws: WebSocket | null = null;
  private users = 0;
  private listeners = new Set<Listener>();
  private resyncs = new Set<() => void>();
  private topics = new Map<string, number>();
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private ping: ReturnType<typeof setInterval> | null = null;
  private watchingVisibility = false;

  /** Keeps the socket open while held; call the answer to let go. */
  acquire(): () => void {
    this.users++;
    this.watchVisibility();
    this.open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users--;
      if (this.users === 0) this.close();
    };
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after a reconnect or a return to the foreground: refetch what may have been missed. */
  onResync(fn: () => void): () => void {
    this.resyncs.add(fn);
    return () => this.resyncs.delete(fn);
  }

  /** Follows a topic ("event-12", "image-7") while held. */
  follow(topic: string): () => void {
    const n = this.topics.get(topic) ?? 0;
    this.topics.set(topic, n + 1);
    if (n === 0) this.send({ type: 'subscribe', topic });
    return () => {
      const left = (this.topics.get(topic) ?? 1) - 1;
      if (left > 0) this.topics.set(topic, left);
      else {
        this.topics.delete(topic);
        this.send({ type: 'unsubscribe', topic });
      }
    };
  }

  private send(message: LiveClientMessage) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private open() {
    if (this.ws || this.users === 0 || typeof WebSocket === 'undefined') return;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the protocol's words, not a text
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live`;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    let opened = false;
    ws.addEventListener('open', () => {
      opened = true;
      const reconnected = this.failures > 0;
      this.failures = 0;
      for (const topic of this.topics.keys()) this.send({ type: 'subscribe', topic });
      this.ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('ping'), PING_MS);
      if (reconnected) this.resyncs.forEach((fn) => fn());
    });
    ws.addEventListener('message', (e) => {
      if (typeof e.data !== 'string' || e.data === 'pong') return;
      let message: LiveServerMessage;
      try {
        message = JSON.parse(e.data) as LiveServerMessage;
      } catch {
        return;
      }
      this.listeners.forEach((l) => l(message));
    });
    ws.addEventListener('close', (e) => {
      if (this.ping) clearInterval(this.ping);
      this.ping = null;
      if (this.ws === ws) this.ws = null;
      if (!opened || this.users > 0) this.failures++;
      // Closed by the server for good (a newer page of hers took its place, her session ended or
      // her membership lapsed): no retry of its own, only on coming back to the foreground.
      if (!STAY_CLOSED.has(e.code)) this.scheduleRetry();
    });
  }

  private scheduleRetry() {
    if (this.users === 0 || this.retry) return;
    // In the background it waits: the return to the foreground reconnects at once.
    if (document.visibilityState === 'hidden') return;
    const base = Math.min(1000 * 2 ** Math.max(0, this.failures - 1), MAX_BACKOFF_MS);
    this.retry = setTimeout(
      () => {
        this.retry = null;
        this.open();
      },
      base / 2 + Math.random() * (base / 2),
    );
  }

  private close() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
  }

  private watchVisibility() {
    if (this.watchingVisibility || typeof document === 'undefined') return;
    this.watchingVisibility = true;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || this.users === 0) return;
      this.resyncs.forEach((fn) => fn());
      if (!this.ws) {
        this.failures = 0;
        this.open();
      }
    });
  }
}

export const liveConnection = new LiveConnection();
