import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { app } from '../../../src/worker/app';
import { buildOpenApiDocument, type RestDocs } from '../../../src/worker/platform/openapi';
import { REST_DOCS } from '../../../src/worker/rest-docs';
import { request } from '../helpers';
import { contract } from '../openapi-answers';

// Issue 26: GET /api/openapi.json describes every REST route the Worker serves, and nothing else.

/** What the route table holds that is not REST: middleware, tRPC, and the development mailbox. */
const NOT_REST: Record<string, string> = {
  'ALL /*': 'middleware of every request (app.ts)',
  'ALL /trpc/*': 'the tRPC router (its contract is the AppRouter type)',
  'ALL /dev/*': 'the development mailbox guard',
  'GET /dev/mailbox': 'development only (404 in production)',
  'GET /dev/mailbox.json': 'development only (404 in production)',
};

/** Every METHOD and path of Hono's route table (HEAD is answered by GET). */
function servedRoutes(): string[] {
  const keys = new Set<string>();
  for (const r of app.routes) {
    if (r.method === 'HEAD') continue;
    const key = `${r.method} ${r.path}`;
    if (!(key in NOT_REST)) keys.add(key);
  }
  return [...keys].sort();
}

function describedRoutes(): string[] {
  return REST_DOCS.flatMap((g) => g.operations.map((o) => `${o.method} ${o.path}`)).sort();
}

describe('the OpenAPI document', () => {
  it('describes every REST route the Worker serves', () => {
    const described = new Set(describedRoutes());
    const missing = servedRoutes().filter((k) => !described.has(k));
    expect(
      missing,
      `The Worker serves REST routes that GET /api/openapi.json does not describe:\n  ${missing.join('\n  ')}\n` +
        "Describe each beside its route, in its module's rest-docs.ts (see src/worker/modules/comments/rest-docs.ts and " +
        'docs/decisions/0014-openapi-from-the-route-schemas.md): an entry keyed by the same METHOD and Hono path, with its ' +
        'operationId, access, params/query/body (the zod schemas the route validates with), responses and errors. A new ' +
        "module's describeRoutes<typeof itsRoutes>()(…) also goes into REST_DOCS in src/worker/rest-docs.ts.",
    ).toEqual([]);
  });

  it('describes no route the Worker does not serve', () => {
    const served = new Set(servedRoutes());
    const extra = describedRoutes().filter((k) => !served.has(k));
    expect(
      extra,
      `GET /api/openapi.json describes routes the Worker does not serve (mounted in src/worker/app.ts?):\n  ${extra.join('\n  ')}`,
    ).toEqual([]);
  });

  it('is served at /api/openapi.json, public and cacheable, as the checks here read it', async () => {
    const res = await request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    const doc = await res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc).toEqual(contract.document);
  });

  it('names every operation once, with its access, and the error body with fieldErrors (and a 500’s request id)', () => {
    const ids = contract.operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of contract.operations) expect(['public', 'member', 'admin'], o.operation.operationId).toContain(o.operation['x-access']);
    const schemas = (contract.document.components as { schemas: Record<string, { properties: Record<string, unknown> }> }).schemas;
    expect(Object.keys(schemas.Error!.properties)).toEqual(['error', 'message', 'code', 'fieldErrors', 'request_id']);
  });

  it('lists 429 with Retry-After, and 403 TWO_FACTOR_REQUIRED on admin routes', () => {
    for (const o of contract.operations) {
      const r = o.operation.responses as Record<
        string,
        { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
      >;
      if (r['429']) expect(Object.keys(r['429'].headers ?? {}), o.operation.operationId).toContain('Retry-After');
      if (o.operation['x-access'] === 'admin') expect(JSON.stringify(r['403']), o.operation.operationId).toContain('TWO_FACTOR_REQUIRED');
    }
  });

  it('refuses two different schemas registered under one component name, and takes one schema used twice', () => {
    const info = { title: 'test', version: '0', description: '' };
    let n = 0;
    const group = (...schemas: z.ZodType[]): RestDocs => ({
      tag: 'Test',
      operations: schemas.map((schema) => ({
        method: 'GET',
        path: `/api/twin-${++n}`,
        tag: 'Test',
        doc: { operationId: `getTwin${n}`, summary: 'A twin', access: 'public', responses: { 200: schema } },
      })),
    });
    const first = z.object({ name: z.string() }).meta({ id: 'OpenApiTestTwin' });
    const second = z.object({ name: z.string(), age: z.number().int() }).meta({ id: 'OpenApiTestTwin' });

    expect(() => buildOpenApiDocument([group(first, second)], info)).toThrow(
      /Two different schemas are registered as components\.schemas\.OpenApiTestTwin/,
    );
    // Across modules too: the second group's schema is no less a clash.
    expect(() => buildOpenApiDocument([group(first), group(second)], info)).toThrow(/OpenApiTestTwin/);

    const doc = buildOpenApiDocument([group(first, first)], info) as { components: { schemas: Record<string, unknown> } };
    expect(doc.components.schemas.OpenApiTestTwin).toMatchObject({ properties: { name: { type: 'string' } } });
  });
});
