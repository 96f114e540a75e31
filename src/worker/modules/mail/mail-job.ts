/** A queue message: the delivery rows to send. Chunked so no message nears the queue's 128 KB. */
export interface MailJob {
  deliveryIds: number[];
}
