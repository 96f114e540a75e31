/**
 * The NOTIFY_QUEUE binding's message (modules/notifications/consumer.ts). 'fan-out' wakes the
 * consumer to write the notifications of what requests recorded (notification_events); 'emails'
 * sends the instant emails due (after a fan-out's pushes, and delayed when merged ones fall due);
 * 'push' sends one slice of a piece of news' push notifications (modules/push/send.ts): its members
 * after `after`, up to and including `until`. It sits beside Env, which types the binding with it,
 * because platform/ imports no module.
 */
export type NotificationJob = { type: 'fan-out' } | { type: 'emails' } | { type: 'push'; news: number; after: number; until: number };
