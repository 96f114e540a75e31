import type { MailJob } from './mail-job';

/** The Worker's bindings (wrangler.toml). */
export interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  MAIL_QUEUE: Queue<MailJob>;
  EMAIL: SendEmail;
  ASSETS: Fetcher;
  LOGIN_IP_LIMITER: RateLimit;
  LOGIN_ACCOUNT_LIMITER: RateLimit;
  PUBLIC_FORM_LIMITER: RateLimit;
  MAIL_SEND_LIMITER: RateLimit;
  MEMBER_WRITE_LIMITER: RateLimit;
  /** 'development' enables /dev/mailbox; anything else is production behaviour. */
  ENVIRONMENT: string;
  /** Links in emails are built from this, never from the request's Host. */
  APP_ORIGIN: string;
  MAIL_FROM: string;
  MAIL_FROM_NAME: string;
}
