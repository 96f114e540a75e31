// What every part of the demo seed works with: the local bindings (D1, R2) opened in this Node
// process with wrangler's getPlatformProxy, Deps for the Worker's own services at a chosen moment
// of the demo's story, members as the session middleware would see them, the committed files under
// seed/, and the mail queue's consumer. Each domain's file (members.ts, events.ts, …) calls the
// services through these, so the demo holds only what the app itself writes (ADR 0015).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray, max } from 'drizzle-orm';
import { experimental_readRawConfig, getPlatformProxy } from 'wrangler';
import { emailDeliveries, emailMessages } from '../../../src/worker/db/schema/email';
import { users } from '../../../src/worker/db/schema/users';
import { accountOf } from '../../../src/worker/modules/auth/account';
import { decideJob, sendJob, type MailSender } from '../../../src/worker/modules/mail/consumer';
import { openMessageBody } from '../../../src/worker/modules/mail/message-body';
import { recordDeadLetters } from '../../../src/worker/modules/operations/dead-letters';
import type { MemberActor } from '../../../src/worker/platform/actor';
import { createDeps, type Deps } from '../../../src/worker/platform/deps';
import type { Env } from '../../../src/worker/platform/env';
import type { MailJob } from '../../../src/worker/platform/mail-job';
import type { RequestMeta } from '../../../src/worker/platform/request-actor';
import { readDevVars } from '../dev-vars';
import { persistDir, ROOT } from '../wrangler';
import type { SeedOptions } from './options';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The browser the demo's sign-ins name (Settings > Signed-in devices reads its browser and OS). */
export const DEMO_USER_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A send_email stand-in that accepts every message: locally the dev mailbox reads D1, not the binding. */
export const ACCEPT_ALL: MailSender = { send: async () => undefined };

export interface Seed {
  opts: SeedOptions;
  env: Env;
  /** The moment the run started: every date of the demo is counted from it, so nothing upcoming is past. */
  now: number;
  /** `days` (and hours, minutes) from the run's now; negative is the past. */
  when(days: number, hours?: number, minutes?: number): number;
  /** Today + `days` as yyyy-mm-dd (UTC), for dates that are calendar days (events, stays). */
  date(days: number): string;
  /** Deps whose clock stands at `time`: what the services see as now. */
  at(time: number): Deps;
  /** The member as the session middleware resolves her (her account as stored right now). */
  member(email: string): Promise<MemberActor>;
  /** What a public form's request tells the services (the rate limits key on it). */
  visitor: RequestMeta;
  /** A file committed under seed/, as the browser would upload it. */
  file(relativePath: string, type: string): File;
  /** The token of the newest link to `pathPrefix` (e.g. '/register/') in the mail sent to `to`, as its reader clicks it. */
  tokenFromMail(to: string, pathPrefix: string): Promise<string>;
  /**
   * The queue consumer's work for every job queued so far: each job is sent a few seconds after
   * its deliveries were recorded, through consumer.ts's sendJob, and retried as the queue would
   * (decideJob) until it is acked or out of tries; a job out of tries is recorded as the
   * dead-letter queue's consumer records it.
   */
  deliverMail(sender?: MailSender): Promise<void>;
}

/**
 * The live Durable Objects (issue 23), as seen while the demo is written: nobody has a page open,
 * and getPlatformProxy cannot run this Worker's own classes. Every call on a stub resolves.
 */
const NOBODY_WATCHING = {
  idFromName: (name: string) => ({ name }),
  get: () => new Proxy({}, { get: (_, prop) => (prop === 'then' ? undefined : async () => undefined) }),
};

/** The notifications queue: its consumer's work is replayed by scripts/lib/seed/notifications.ts, so a wake-up is dropped. */
const NOTIFY_QUEUE = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Env['NOTIFY_QUEUE'];

/** The Workers Rate Limiting binding, answering yes: the seed is not a client, and its burst of writes is not abuse. */
const UNLIMITED: RateLimit = { limit: async () => ({ success: true }) };

/**
 * The part of wrangler.toml the seed opens with getPlatformProxy, in a temporary file: its vars, D1,
 * R2 and send_email (the same local storage, keyed by the same names). Not the Durable Objects: the
 * proxy cannot run this Worker's own classes (NOBODY_WATCHING stands in), and given them wrangler
 * warns at every `npm start` that they "will not work in local development", while `wrangler dev`,
 * which npm start then runs, serves them. Nor the queues and rate limiters the seed replaces.
 */
function proxyConfig(): { path: string; dispose: () => void } {
  const raw = experimental_readRawConfig({ config: path.join(ROOT, 'wrangler.toml') }).rawConfig;
  const dir = mkdtempSync(path.join(tmpdir(), 'owow-seed-'));
  const file = path.join(dir, 'wrangler.json');
  const keep = ['name', 'compatibility_date', 'compatibility_flags', 'vars', 'd1_databases', 'r2_buckets', 'send_email'] as const;
  writeFileSync(file, JSON.stringify(Object.fromEntries(keep.map((k) => [k, raw[k]]))));
  return { path: file, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Opens the local bindings of `persistDir()` (the state `wrangler dev --persist-to` uses) and
 * builds the seed's context. Call dispose() when done.
 */
export async function openSeed(opts: SeedOptions): Promise<{ seed: Seed; dispose: () => Promise<void> }> {
  // Quiet: wrangler would announce the .dev.vars it read at every start.
  const logLevel = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = 'warn';
  const config = proxyConfig();
  const proxy = await getPlatformProxy<Env>({
    configPath: config.path,
    persist: { path: path.join(persistDir(), 'v3') },
    remoteBindings: false,
  }).finally(() => {
    config.dispose();
    if (logLevel === undefined) delete process.env.WRANGLER_LOG;
    else process.env.WRANGLER_LOG = logLevel;
  });
  const devVars = readDevVars();
  const queued: MailJob[] = [];
  let deadJobs = 0;
  const pending: Promise<unknown>[] = [];
  const mailQueue = {
    send: async (body: MailJob) => void queued.push(body),
    sendBatch: async (messages: Iterable<MessageSendRequest<MailJob>>) => {
      for (const m of messages) queued.push(m.body);
    },
  } as unknown as Queue<MailJob>;
  const env: Env = {
    ...proxy.env,
    // The secrets `wrangler dev` reads (.dev.vars, beside wrangler.toml, not the proxy's config), so
    // the server opens what the seed sealed (DATA_ENCRYPTION_KEY) and the seeded tickets scan at its
    // door (TICKET_SIGNING_KEY, issue 43).
    ...(devVars as Partial<Env>),
    ENVIRONMENT: 'development',
    APP_ORIGIN: opts.appOrigin ?? proxy.env.APP_ORIGIN,
    MAIL_QUEUE: mailQueue,
    NOTIFY_QUEUE,
    MEMBER_LIVE: NOBODY_WATCHING as unknown as Env['MEMBER_LIVE'],
    LIVE_TOPIC: NOBODY_WATCHING as unknown as Env['LIVE_TOPIC'],
    LOGIN_IP_LIMITER: UNLIMITED,
    LOGIN_ACCOUNT_LIMITER: UNLIMITED,
    PUBLIC_FORM_LIMITER: UNLIMITED,
    MAIL_SEND_LIMITER: UNLIMITED,
    MEMBER_WRITE_LIMITER: UNLIMITED,
    MESSAGE_SEND_LIMITER: UNLIMITED,
  };
  const now = Date.now();
  const at = (time: number): Deps => ({ ...createDeps(env, (p) => void pending.push(p)), now: () => time });
  const db = at(now).db;

  const seed: Seed = {
    opts,
    env,
    now,
    when: (days, hours = 0, minutes = 0) => now + days * DAY_MS + hours * HOUR_MS + minutes * MINUTE_MS,
    date: (days) => new Date(now + days * DAY_MS).toISOString().slice(0, 10),
    at,
    async member(email) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      if (!row) throw new Error(`The seed has no member ${email} yet.`);
      return { kind: 'member', ...accountOf(row, seed.date(0)), email: row.email, sessionId: '' };
    },
    visitor: { ip: '127.0.0.1', userAgent: DEMO_USER_AGENT },
    file(relativePath, type) {
      return new File([readFileSync(path.join(ROOT, 'seed', relativePath))], path.basename(relativePath), { type });
    },
    async tokenFromMail(to, pathPrefix) {
      const rows = await db
        .select({ body: emailMessages.body })
        .from(emailDeliveries)
        .innerJoin(emailMessages, eq(emailMessages.id, emailDeliveries.messageId))
        .where(eq(emailDeliveries.toEmail, to))
        .orderBy(desc(emailDeliveries.id));
      for (const row of rows) {
        const body = await openMessageBody(env, row.body);
        const token = body?.text.match(new RegExp(`${pathPrefix}([A-Za-z0-9_-]{16,})`))?.[1];
        if (token) return token;
      }
      throw new Error(`No ${pathPrefix} link in the mail to ${to}.`);
    },
    async deliverMail(sender = ACCEPT_ALL) {
      while (queued.length > 0) {
        const job = queued.shift()!;
        const [recorded] = await db
          .select({ at: max(emailDeliveries.createdAt) })
          .from(emailDeliveries)
          .where(and(inArray(emailDeliveries.id, job.deliveryIds)));
        let time = (recorded?.at ?? now) + 3000;
        for (let attempt = 1; ; attempt++) {
          const decision = decideJob(await sendJob(at(time), sender, job.deliveryIds, attempt), attempt);
          if (decision.action === 'ack') break;
          if (decision.delaySeconds === undefined) {
            // Out of tries: the queue moves it to its dead-letter queue, whose consumer records it (issue 44).
            await recordDeadLetters(at(time + MINUTE_MS), 'mail', [{ id: `seed-mail-${++deadJobs}`, body: job }]);
            break;
          }
          time += decision.delaySeconds * 1000;
        }
      }
    },
  };
  return {
    seed,
    async dispose() {
      await Promise.all(pending);
      await proxy.dispose();
    },
  };
}
