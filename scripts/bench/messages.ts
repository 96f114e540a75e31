// Bench section: members' messages (issue 38), read as Eleanor (a demo member). /messages with 40
// conversations, and the first page of a conversation of 10 messages and of one of 10,000 (and a
// page from the middle of it): each one D1 round trip (Server-Timing), at most 64 KB, within 2x
// the static asset's p50; the conversation of 10,000 pages as fast as the one of ten (within
// 1.5x). The rows are written straight to D1, their bodies sealed here with the server's own key
// (.dev.vars), as the Worker seals them.
import { sealBody } from '../../src/worker/modules/messages/sealed-body';
import { encodeCursor } from '../../src/worker/platform/keyset';
import { readDevVars } from '../lib/dev-vars';
import { seedOptionsFromEnv } from '../lib/seed/options';
import { FIRST_PAGE_BUDGET, latencyRows, listRouteRows, measureInterleaved, round, type BenchContext, type BenchRow } from './context';

const LIST = 40;
const LARGE = 10_000;
const SMALL = 10;
/** Ids of the bench's rows, far above the demo's. */
const FIRST_LIST_ID = 900_001;
const SMALL_ID = 900_100;
const LARGE_ID = 900_101;
const FIRST_MESSAGE_ID = 5_000_000;

const ME = 'eleanor@club.example';
const user = (email: string) => `(SELECT id FROM users WHERE email = '${email}')`;
const TEXT = 'Shall we meet at the tea house on Thursday at four? I will bring the photos from the garden.';

async function seedConversations(ctx: BenchContext): Promise<void> {
  const env = { DATA_ENCRYPTION_KEY: readDevVars().DATA_ENCRYPTION_KEY };
  const now = Date.now();
  const sealed = async (id: number) => `'${await sealBody(env, id, TEXT)}'`;
  const statements: string[] = [];
  /** A conversation of Eleanor and Sofia (and, for a group, Mei) with `count` messages, her row moved to its last. */
  const conversation = async (id: number, count: number, group: boolean, firstMessageId: number, at: number) => {
    const others = group ? `'sofia@club.example', 'mei@club.example'` : `'sofia@club.example'`;
    statements.push(
      `INSERT OR IGNORE INTO conversations (id, key, is_group, created_by, created_at) VALUES (${id}, 'g:bench-${id}', 1, ${user(ME)}, ${at});`,
      `INSERT OR IGNORE INTO conversation_members (conversation_id, user_id, joined_at, activity_at) SELECT ${id}, id, ${at}, ${at} FROM users WHERE email IN ('${ME}', ${others});`,
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})
       INSERT OR IGNORE INTO messages (id, conversation_id, author_id, body, created_at)
       SELECT ${firstMessageId} + i, ${id}, CASE WHEN i % 2 = 0 THEN ${user('sofia@club.example')} ELSE ${user(ME)} END, ${await sealed(id)}, ${at} - ${count} + i FROM n;`,
      `UPDATE conversation_members SET last_message_id = ${firstMessageId + count - 1}, activity_at = ${at} WHERE conversation_id = ${id};`,
    );
  };
  for (let i = 0; i < LIST; i++) await conversation(FIRST_LIST_ID + i, 1, i % 3 === 0, FIRST_MESSAGE_ID + i, now - i * 60_000);
  await conversation(SMALL_ID, SMALL, false, FIRST_MESSAGE_ID + 1_000, now - 3_600_000);
  await conversation(LARGE_ID, LARGE, false, FIRST_MESSAGE_ID + 10_000, now - 7_200_000);
  ctx.sql(statements.join('\n'));
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  await seedConversations(ctx);
  const eleanor = { ...ctx, adminCookie: await ctx.login(ME, seedOptionsFromEnv().demoPassword) };
  const page = (id: number, cursor?: string) => `/api/conversations/${id}/messages${cursor ? `?cursor=${cursor}` : ''}`;
  const middle = encodeCursor([FIRST_MESSAGE_ID + 10_000 + LARGE / 2]);
  const rows: BenchRow[] = [
    ...(await listRouteRows(eleanor, '/api/conversations', (n) => `GET /api/conversations first page (${n} of ${LIST}+)`, 2, {
      maxKb: FIRST_PAGE_BUDGET.maxKb,
    })),
    ...(await listRouteRows(eleanor, page(SMALL_ID), (n) => `GET /api/conversations/{id}/messages first page (${n} of ${SMALL})`, 2, {
      maxKb: FIRST_PAGE_BUDGET.maxKb,
    })),
    ...(await listRouteRows(eleanor, page(LARGE_ID), (n) => `GET /api/conversations/{id}/messages first page (${n} of ${LARGE})`, 2, {
      maxKb: FIRST_PAGE_BUDGET.maxKb,
    })),
    ...(await listRouteRows(
      eleanor,
      page(LARGE_ID, middle),
      (n) => `GET /api/conversations/{id}/messages a middle page (${n} of ${LARGE})`,
      2,
      {
        maxKb: FIRST_PAGE_BUDGET.maxKb,
      },
    )),
  ];
  // The two first pages in the same load, request by request: the 10,000 against the 10.
  const [small, large] = await measureInterleaved([
    { url: ctx.baseUrl + page(SMALL_ID), cookie: eleanor.adminCookie, requests: 200 },
    { url: ctx.baseUrl + page(LARGE_ID), cookie: eleanor.adminCookie, requests: 200 },
  ]);
  const ratio = round(large!.p50 / small!.p50);
  rows.push(
    ...latencyRows(`GET a conversation's first page, ${LARGE} messages (interleaved with ${SMALL})`, large!, small!.p50).slice(0, 2),
    {
      name: `GET a conversation's first page p50, ${LARGE} messages / ${SMALL}`,
      value: ratio,
      unit: 'x',
      budget: '<= 1.5x',
      ok: ratio <= 1.5,
    },
  );
  return rows;
}
