/**
 * The NOTIFY_QUEUE binding's message (modules/notifications/consumer.ts). 'fan-out' wakes the
 * consumer to write the notifications of what requests recorded (notification_events); 'emails'
 * comes back, delayed, when merged instant emails fall due; 'push' sends one slice of a piece of
 * news' push notifications (modules/push/send.ts), from the member after `after`. It sits beside Env, which types the
 * binding with it, because platform/ imports no module.
 */
export type NotificationJob = { type: 'fan-out' } | { type: 'emails' } | { type: 'push'; news: number; after: number };
