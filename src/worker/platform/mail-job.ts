/**
 * The MAIL_QUEUE binding's message: the delivery rows to send. It sits beside Env, which types the
 * binding with it, because platform/ imports no module. Chunked so no message nears the queue's 128 KB.
 */
export interface MailJob {
  deliveryIds: number[];
}
