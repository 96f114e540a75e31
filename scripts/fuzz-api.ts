// npm run fuzz:api (issue 26): a property-based run over every operation of GET /api/openapi.json
// against a local server (its own `wrangler dev` on FUZZ_PORT, default 8891, with fresh seeded
// state in .fuzz/), as a visitor, a member (a demo member) and an admin (the seeded admin, 2FA on).
// For each operation and role, fast-check generates requests from the operation's own schemas:
// valid ones, and broken ones (a wrong type, a missing field, an oversized string, an unknown id,
// a body that is not JSON or is over the limit). Every answer must be no 5xx, a status the
// operation lists, and a body its documented schema accepts (tests/worker/openapi-contract.ts).
// Prints the figures (operations, requests, time) and each failure with a request that shows it.
//   FUZZ_RUNS=n (default 6) examples of each kind per operation and role; FUZZ_ONLY=operationId,… some
//   operations only; FUZZ_BASE=http://… a server already running (seeded) instead of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import fc from 'fast-check';
import { hotp, timeStep } from '../src/worker/modules/auth/totp';
import { ApiContract } from '../tests/worker/openapi-contract';
import { DEMO_MEMBERS } from './lib/seed/members';
import { seedOptionsFromEnv } from './lib/seed/options';
import { childEnv, ROOT } from './lib/wrangler';

const PORT = process.env.FUZZ_PORT ?? '8891';
/** FUZZ_BASE: fuzz a server that is already running (seeded, e.g. `npm start`) instead of starting one. */
const BASE = process.env.FUZZ_BASE ?? `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const started = Date.now();

type Json = Record<string, unknown>;
type Role = 'visitor' | 'member' | 'admin';

async function startServer(): Promise<ChildProcess> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
    cwd: ROOT,
    env: childEnv({ PORT, PERSIST_TO: '.fuzz/state', RESET_STATE: '1', SKIP_BUILD: '1', START_LOG_LEVEL: 'error' }),
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  // A first start builds the client and seeds D1 and R2: minutes on a busy 2-core machine.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/auth-status`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  throw new Error('the fuzz server did not start');
}

// ---------------------------------------------------------------- sessions

const seed = seedOptionsFromEnv();
const MEMBER = { email: DEMO_MEMBERS[0].email, password: seed.demoPassword };
const cookies: Record<Role, string | null> = { visitor: null, member: null, admin: null };
/** The fuzzing member's and admin's own ids: admin calls on /api/users/{id} leave them alone (a reset password would end the run). */
const ownIds = new Set<string>();
let lastTotpStep = 0;

async function post(urlPath: string, body: unknown, cookie?: string) {
  return fetch(`${BASE}${urlPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: BASE, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

const sessionOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('owow_session='))
    ?.split(';')[0] ?? null;

/** Waits out a rate limit's window, as its Retry-After says. */
const waitOut = (res: Response) => new Promise((r) => setTimeout(r, Number(res.headers.get('Retry-After') ?? 60) * 1000 + 500));

async function login(role: 'member' | 'admin', tries = 3): Promise<void> {
  const who = role === 'member' ? MEMBER : { email: seed.adminEmail, password: seed.adminPassword };
  const res = await post('/login', who);
  if (res.status === 429 && tries > 1) {
    // The fuzzing of POST /login itself used up the sign-in limit: wait for the next window.
    await waitOut(res);
    return login(role, tries - 1);
  }
  if (!res.ok) throw new Error(`login of the fuzz ${role} failed: ${res.status} ${await res.text()}`);
  if (((await res.json()) as { twoFactorRequired?: boolean }).twoFactorRequired) {
    // Each code is taken once, and the next step's code is taken too (one step of drift).
    const step = Math.max(timeStep(Date.now()), lastTotpStep + 1);
    lastTotpStep = step;
    const pending = res.headers.get('set-cookie')!.split(';')[0]!;
    const second = await post('/login/2fa', { code: await hotp(seed.adminTotpSecret!, step) }, pending);
    if (second.status === 429 && tries > 1) {
      // The fuzzing of POST /login/2fa used up the code limit (per address and per account):
      // wait for the next window and sign in again from the password.
      await waitOut(second);
      return login(role, tries - 1);
    }
    if (!second.ok) throw new Error(`2FA of the fuzz admin refused: ${second.status}`);
    cookies.admin = sessionOf(second);
  } else {
    cookies[role] = sessionOf(res);
  }
  const status = (await (await fetch(`${BASE}/auth-status`, { headers: { Cookie: cookies[role] ?? '' } })).json()) as {
    user: { user_id: number };
  };
  ownIds.add(String(status.user.user_id));
}

/** An operation may end a session (logout, end a session): sign in again before the next one. */
async function keepSessions(): Promise<void> {
  for (const role of ['member', 'admin'] as const) {
    const res = await fetch(`${BASE}/auth-status`, { headers: { Cookie: cookies[role] ?? '' } });
    if (!((await res.json()) as { authenticated: boolean }).authenticated) await login(role);
  }
}

// ---------------------------------------------------------------- schemas to arbitraries

let defs: Json = {};

function resolve(schema: Json): Json {
  const ref = schema.$ref as string | undefined;
  return ref ? resolve(defs[ref.split('/').pop()!] as Json) : schema;
}

/** Small ids first: they hit the seeded rows; large ones are unknown. */
const id = () => fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 40 }) }, fc.integer({ min: 1_000_000, max: 2_000_000 }));

function arbitraryOf(raw: Json, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return fc.oneof(...union.map((s) => arbitraryOf(s, depth + 1)));
  if (Array.isArray(schema.allOf)) return arbitraryOf(schema.allOf[0] as Json, depth + 1);
  switch (schema.type) {
    case 'string': {
      if (typeof schema.pattern === 'string') {
        const re = new RegExp(schema.pattern);
        return fc.stringMatching(re).filter((s) => s.length <= Number(schema.maxLength ?? 1e6));
      }
      if (schema.format === 'email') return fc.emailAddress();
      const minLength = Number(schema.minLength ?? 0);
      const maxLength = Math.min(Number(schema.maxLength ?? 40), minLength + 40);
      return fc.string({ minLength, maxLength });
    }
    case 'integer': {
      const min = Number(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : -1000));
      const max = Math.min(Number(schema.maximum ?? 1e9), 2_000_000);
      return min >= 1 && max >= 1_000_000 ? id() : fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number':
      return fc.double({ min: Number(schema.minimum ?? -1e6), max: Number(schema.maximum ?? 1e6), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = Number(schema.minItems ?? 0);
      const maxLength = Math.min(Number(schema.maxItems ?? 5), minLength + 5);
      return fc.array(arbitraryOf((schema.items ?? {}) as Json, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(props)) record[k] = arbitraryOf(s, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value that breaks the schema: another type, or (strings) far over its length. */
function brokenOf(raw: Json): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  const wrongTypes = fc.oneof(
    fc.constant(null),
    fc.constant(true),
    fc.constant({ nested: [1, 'x'] }),
    fc.constant([]),
    fc.constant(-1),
    fc.constant('not-a-value'),
  );
  if (schema.type === 'string') return fc.oneof(wrongTypes, fc.constant('x'.repeat(Number(schema.maxLength ?? 5000) + 1)));
  return wrongTypes;
}

// ---------------------------------------------------------------- requests

interface Operation {
  method: string;
  path: string;
  operation: Json & { operationId: string; parameters?: Json[]; requestBody?: Json };
}

interface Generated {
  kind: 'valid' | 'broken';
  path: string;
  query: Record<string, unknown>;
  body?:
    | { type: 'json'; value: unknown }
    | { type: 'raw'; text: string; contentType: string }
    | { type: 'form'; fields: Record<string, unknown> };
}

function requestArbitrary(op: Operation, kind: 'valid' | 'broken'): fc.Arbitrary<Generated> {
  const params = (op.operation.parameters ?? []) as { name: string; in: string; required?: boolean; schema: Json }[];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const content = ((op.operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema: Json }>;
  const bodyType = Object.keys(content)[0];
  const bodySchema = bodyType ? content[bodyType]!.schema : undefined;

  const pathArb = fc.tuple(
    ...pathParams.map((p) => (kind === 'broken' ? fc.oneof(arbitraryOf(p.schema), brokenOf(p.schema)) : arbitraryOf(p.schema))),
  );
  const queryArb = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [p.name, kind === 'broken' ? fc.oneof(arbitraryOf(p.schema), brokenOf(p.schema)) : arbitraryOf(p.schema)]),
    ),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  let bodyArb: fc.Arbitrary<Generated['body']> = fc.constant(undefined);
  if (bodySchema && bodyType === 'application/json') {
    const valid = arbitraryOf(bodySchema).map((value) => ({ type: 'json' as const, value }));
    if (kind === 'valid') bodyArb = valid;
    else {
      const props = (resolve(bodySchema).properties ?? {}) as Record<string, Json>;
      const names = Object.keys(props);
      bodyArb = fc.oneof(
        // One field of the wrong type (or oversized), the rest valid.
        ...(names.length
          ? [
              fc
                .tuple(arbitraryOf(bodySchema), fc.constantFrom(...names))
                .chain(([v, name]) =>
                  brokenOf(props[name]!).map((bad) => ({ type: 'json' as const, value: { ...(v as Json), [name]: bad } })),
                ),
              // A required field missing.
              arbitraryOf(bodySchema).map((v) => {
                const copy = { ...(v as Json) };
                delete copy[((resolve(bodySchema).required ?? names) as string[])[0]!];
                return { type: 'json' as const, value: copy };
              }),
            ]
          : []),
        fc.constant({ type: 'raw' as const, text: '{"not json', contentType: 'application/json' }),
        fc.constant({ type: 'json' as const, value: [] }),
        fc.constant({ type: 'raw' as const, text: JSON.stringify({ padding: 'x'.repeat(300 * 1024) }), contentType: 'application/json' }),
      );
    }
  } else if (bodySchema && bodyType === 'multipart/form-data') {
    const props = (resolve(bodySchema).properties ?? {}) as Record<string, Json>;
    const textFields = Object.fromEntries(
      Object.entries(props)
        .filter(([, s]) => s.format !== 'binary')
        .map(([k, s]) => [k, kind === 'valid' ? arbitraryOf(s) : fc.oneof(arbitraryOf(s), brokenOf(s))]),
    );
    bodyArb = fc.record(textFields, { requiredKeys: [] }).map((fields) => ({ type: 'form' as const, fields }));
  } else if (bodyType) {
    bodyArb = fc
      .uint8Array({ maxLength: 64 })
      .map((bytes) => ({ type: 'raw' as const, text: Buffer.from(bytes).toString('latin1'), contentType: bodyType }));
  }
  const aboutUsers = op.path.startsWith('/api/users/');
  return fc
    .tuple(
      pathArb.filter((values) => !aboutUsers || !ownIds.has(String(values[0]))),
      queryArb,
      bodyArb,
    )
    .map(([values, query, body]) => {
      let i = 0;
      const filled = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(values[i++])));
      return { kind, path: filled, query, body };
    });
}

function describe(g: Generated): string {
  const qs = new URLSearchParams(Object.entries(g.query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
  const body = g.body
    ? ` body ${g.body.type === 'json' ? JSON.stringify(g.body.value) : g.body.type === 'form' ? `form ${JSON.stringify(g.body.fields)}` : `${g.body.text.length} bytes`}`
    : '';
  return `${g.path}${qs ? `?${qs}` : ''}${body.length > 400 ? `${body.slice(0, 400)}…` : body}`;
}

let requests = 0;

async function send(op: Operation, role: Role, g: Generated): Promise<Response> {
  const url = new URL(BASE + g.path);
  for (const [k, v] of Object.entries(g.query)) url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  // A client address of its own per request: the per-IP limits of public forms then count each
  // request apart, and the fuzzing reaches past them (the limits themselves answer a listed 429).
  const headers: Record<string, string> = { 'CF-Connecting-IP': `10.${requests % 250}.${(requests >> 8) % 250}.${1 + (requests % 200)}` };
  if (op.method !== 'GET') headers.Origin = BASE;
  if (cookies[role]) headers.Cookie = cookies[role]!;
  let body: BodyInit | undefined;
  if (g.body?.type === 'json') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(g.body.value);
  } else if (g.body?.type === 'raw') {
    headers['Content-Type'] = g.body.contentType;
    body = g.body.text;
  } else if (g.body?.type === 'form') {
    const form = new FormData();
    for (const [k, v] of Object.entries(g.body.fields)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    body = form;
  }
  requests++;
  return fetch(url, { method: op.method, headers, body, redirect: 'manual' });
}

// ---------------------------------------------------------------- the run

const server = process.env.FUZZ_BASE ? null : await startServer();
const failures: string[] = [];
let operations = 0;
try {
  const doc = (await (await fetch(`${BASE}/api/openapi.json`)).json()) as Json;
  const contract = new ApiContract(doc);
  defs = (doc.components as { schemas: Json }).schemas;
  await login('member');
  await login('admin');
  // Signing in (limited per account and address) and out (ends the fuzzing sessions) run last.
  const LAST = ['/login', '/login/2fa', '/logout'];
  const ops = contract.operations
    .map((o) => ({ method: o.method, path: o.path, operation: o.operation }) as Operation)
    .sort((a, b) => LAST.indexOf(a.path) - LAST.indexOf(b.path))
    // FUZZ_ONLY=operationId[,operationId…]: just those (while fixing what a run found).
    .filter((o) => !process.env.FUZZ_ONLY || process.env.FUZZ_ONLY.split(',').includes(o.operation.operationId));
  for (const op of ops) {
    operations++;
    for (const role of ['visitor', 'member', 'admin'] as const) {
      for (const kind of ['valid', 'broken'] as const) {
        let failing: Generated | undefined;
        try {
          await fc.assert(
            fc.asyncProperty(requestArbitrary(op, kind), async (g) => {
              const res = await send(op, role, g);
              const problems = await contract.problems(op.method, new URL(BASE + g.path).pathname, {
                status: res.status,
                headers: res.headers,
                text: () => res.text(),
              });
              if (problems.length) {
                failing = g;
                throw new Error(problems.join('\n'));
              }
            }),
            { numRuns: RUNS, endOnFailure: true },
          );
        } catch (err) {
          // fast-check keeps the property's own error as the cause.
          const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
          const message = cause instanceof Error ? cause.message : String(cause);
          failures.push(
            `✗ ${op.operation.operationId} as ${role} (${kind}): ${failing ? `${op.method} ${describe(failing)}` : ''}\n  ${message.slice(0, 1200).replaceAll('\n', '\n  ')}`,
          );
        }
        await keepSessions();
      }
    }
  }
} finally {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
}

const seconds = Math.round((Date.now() - started) / 1000);
for (const f of failures) console.log(f);
console.log(`\nfuzz: ${operations} operations × 3 roles × (${RUNS} valid + ${RUNS} broken) examples, ${requests} requests, ${seconds} s`);
console.log(`fuzz: ${operations * 6 - failures.length} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
