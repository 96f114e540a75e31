import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { acceptingOldNames } from '../../../src/shared/schemas/old-field-names';
import { isWireFieldName } from '../../../src/shared/wire-vocabulary';
import { buildOpenApiDocument, describeRoutes } from '../../../src/worker/platform/openapi';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { openApiDocument } from '../../../src/worker/rest-docs';
import { createUser, deps, request } from '../helpers';

// Issue 47: the REST surface speaks one casing. Every property and parameter name the document
// gives is snake_case or on the exception list (src/shared/wire-vocabulary.ts); an old camelCase
// spelling is allowed only in a request, and only marked `deprecated: true`.

type Json = Record<string, unknown>;

/** Every name in the document's schemas and parameters that the house vocabulary does not allow, with where it is. */
export function offCasing(doc: Json): string[] {
  const found: string[] = [];
  const components = (doc.components as { schemas: Record<string, Json> }).schemas;
  // Components are walked where they are used: a request's may keep its deprecated old names.
  const walk = (v: unknown, where: string, request: boolean, seen = new Set<string>()): void => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, where, request, seen));
    if (!v || typeof v !== 'object') return;
    const ref = (v as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/') && !seen.has(ref)) {
      seen.add(ref);
      walk(components[ref.slice('#/components/schemas/'.length)], `${where} (${ref.slice(2)})`, request, seen);
    }
    const properties = (v as Json).properties;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
      for (const [name, schema] of Object.entries(properties as Record<string, Json>)) {
        if (isWireFieldName(name)) continue;
        if (request && schema.deprecated === true) continue;
        found.push(`${where}: ${name}${schema.deprecated === true ? ' (deprecated, but in an answer)' : ''}`);
      }
    }
    // A properties map holds schemas (one may be a field named `properties`): walk them, not the map as one.
    for (const [k, x] of Object.entries(v)) {
      // Examples are data, not schemas (their own schema checks them: openapi-vocabulary.test.ts).
      if (k === 'example' || k === 'examples') continue;
      if (k === 'properties' && x && typeof x === 'object') Object.values(x).forEach((p) => walk(p, where, request, seen));
      else walk(x, where, request, seen);
    }
  };
  const paths = doc.paths as Record<string, Record<string, Json>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters ?? []) as Json[]) {
        // Headers are HTTP's own (Idempotency-Key); path and query names are the API's.
        if (p.in === 'header' || isWireFieldName(p.name as string) || p.deprecated === true) continue;
        found.push(`${where} ${String(p.in)} parameter: ${String(p.name)}`);
      }
      walk(op.requestBody, `${where} request`, true);
      walk(op.responses, `${where} answer`, false);
    }
  }
  return [...new Set(found)];
}

describe('the REST vocabulary (issue 47)', () => {
  it('names every field and parameter in snake_case, or as a contract spells it', () => {
    const off = offCasing(openApiDocument());
    expect(off, JSON.stringify(off)).toEqual([]);
  });

  it('still takes an old spelling, documented as deprecated: the audit log filter actorId', async () => {
    const [admin, other] = [await createUser({ admin: true }), await createUser()];
    const entry = { action: 'event.update', targetType: 'event', targetId: '999999', createdAt: Date.now() };
    await deps()
      .db.insert(auditLog)
      .values([
        { ...entry, actorId: other.id },
        { ...entry, actorId: admin.id },
      ]);
    const res = await request(`/api/admin/audit-log?actorId=${other.id}`, { as: admin });
    expect(res.status).toBe(200);
    const entries = await res.json<{ actor: { id: number } | null }[]>();
    expect(entries.map((e) => e.actor?.id)).toEqual([other.id]);
    const doc = openApiDocument() as { paths: Record<string, Record<string, { parameters: Record<string, unknown>[] }>> };
    const parameters = doc.paths['/api/admin/audit-log']!.get!.parameters;
    expect(parameters.find((p) => p.name === 'actorId')).toMatchObject({ in: 'query', deprecated: true });
    expect(parameters.find((p) => p.name === 'actor_id')).not.toHaveProperty('deprecated');
  });

  it('fails a new camelCase field, and a deprecated old name that an answer carries', () => {
    const routes = describeRoutes<never>() as unknown as (tag: string, docs: object) => ReturnType<ReturnType<typeof describeRoutes>>;
    const Renamed = acceptingOldNames(z.object({ max_guests: z.number() }), { max_guests: 'maxGuests' });
    const doc = buildOpenApiDocument(
      [
        routes('T', {
          'POST /x': {
            operationId: 'x',
            summary: 'x',
            access: 'member',
            body: Renamed,
            responses: { 200: z.object({ houseRules: z.string() }) },
          },
          'GET /y': {
            operationId: 'y',
            summary: 'y',
            access: 'member',
            query: z.object({ actorId: z.string() }),
            responses: { 200: Renamed },
          },
        }),
      ],
      { title: 't', version: '1', description: '' },
    );
    expect(offCasing(doc)).toEqual([
      'POST /x answer: houseRules',
      'GET /y query parameter: actorId',
      'GET /y answer: maxGuests (deprecated, but in an answer)',
    ]);
  });
});
