/*
 * The few service-worker types sw.ts uses. The project's TypeScript has the DOM library (and the
 * Workers types), not WebWorker's, whose globals clash with them; these say what the code relies on.
 */

export interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}

export interface SwFetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Response | Promise<Response>): void;
}

export interface SwMessageEvent extends ExtendableEvent {
  data: unknown;
}

export interface SwPushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}

export interface SwNotificationEvent extends ExtendableEvent {
  notification: Notification & { data: unknown; close(): void };
}

export interface SwWindowClient {
  url: string;
  focus(): Promise<SwWindowClient>;
  navigate(url: string): Promise<SwWindowClient | null>;
}

export interface SwScope {
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: SwFetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: SwMessageEvent) => void): void;
  addEventListener(type: 'push', fn: (e: SwPushEvent) => void): void;
  addEventListener(type: 'notificationclick', fn: (e: SwNotificationEvent) => void): void;
  skipWaiting(): Promise<void>;
  location: Location;
  clients: {
    claim(): Promise<void>;
    matchAll(opts: { type: 'window'; includeUncontrolled: boolean }): Promise<SwWindowClient[]>;
    openWindow(url: string): Promise<SwWindowClient | null>;
  };
  registration: { showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void> };
}
