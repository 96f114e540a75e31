import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../src/worker/rest-docs';
import { ApiContract } from '../openapi-contract';

// Issue 47: the REST surface speaks one vocabulary, and the document proves it. A walk over the
// OpenAPI document: every list is a bare array with its next page in a documented Link header;
// every 4xx and 5xx answers the one Error schema; every time in an answer is format date-time or
// date; every operation shows an example answer, which its own schema accepts. (Field names'
// casing has its own walk beside this one.)

type Json = Record<string, unknown>;
interface Operation {
  where: string;
  method: string;
  path: string;
  op: Json & { responses: Record<string, Json>; parameters?: Json[] };
}

const doc = openApiDocument() as Json & { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };
const components = doc.components.schemas;
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, method, path, op: op as Operation['op'] })),
);

/** A schema with its $ref followed (one level is all the document uses for a response's body). */
const resolved = (schema: Json | undefined): Json | undefined =>
  typeof schema?.$ref === 'string' ? components[schema.$ref.replace('#/components/schemas/', '')] : schema;

const jsonOf = (response: Json | undefined) => (response?.content as Record<string, Json> | undefined)?.['application/json'];

/**
 * Errors that are not the JSON error body, each for a reason: SPEC 7's forgot and reset password
 * answer their failures as text; the reference page's 404 is text; the one-click unsubscribe
 * links of emails (RFC 8058) answer a person in her browser with a page.
 */
const NOT_JSON_ERRORS = new Set([
  'POST /forgot-password',
  'POST /reset-password',
  'GET /api/docs',
  'GET /unsubscribe/{userId}/{category}/{token}',
  'POST /unsubscribe/{userId}/{category}/{token}',
]);
/** A route's own 503 with its own body: the health check's report of each binding, for probes. */
const OWN_503 = new Set(['GET /healthz']);

/** A field that holds an instant or a calendar date, by its name (start_time and end_time are wall-clock HH:MM). */
const TIME_FIELD = /^(at|date)$|_(at|date|on|since|until)$/;

describe('the REST vocabulary (issue 47), by the OpenAPI document', () => {
  it('answers every list as a bare array, its next page in a documented Link header, with cursor and limit', () => {
    const lists = operations.filter(({ op }) => {
      const ok = jsonOf(op.responses['200']);
      const body = resolved(ok?.schema as Json | undefined);
      const props = (body?.properties ?? {}) as Json;
      const paged = (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'cursor');
      return paged || Boolean((op.responses['200']?.headers as Json | undefined)?.Link) || ('items' in props && 'nextCursor' in props);
    });
    expect(lists.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const { where, op } of lists) {
      const ok = op.responses['200']!;
      if (resolved(jsonOf(ok)?.schema as Json)?.type !== 'array') wrong.push(`${where}: its 200 is not a bare array`);
      if (!(ok.headers as Json | undefined)?.Link) wrong.push(`${where}: its 200 does not document the Link header`);
      const query = (name: string) => (op.parameters ?? []).find((p) => p.in === 'query' && p.name === name);
      if ((query('cursor')?.schema as Json | undefined)?.type !== 'string') wrong.push(`${where}: no opaque string cursor`);
      const limit = query('limit')?.schema as Json | undefined;
      if (!limit || limit.maximum !== 100) wrong.push(`${where}: no limit of at most 100`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers every 4xx and 5xx with the one Error schema', () => {
    const wrong: string[] = [];
    for (const { where, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const content = (response.content ?? {}) as Record<string, Json>;
        // 416 has no body (Content-Range says why).
        if (status === '416' && !response.content) continue;
        if (NOT_JSON_ERRORS.has(where) && !content['application/json'] && Number(status) !== 503) continue;
        if (OWN_503.has(where) && status === '503') continue;
        const schema = jsonOf(response)?.schema as Json | undefined;
        const first = (schema?.allOf as Json[] | undefined)?.[0] ?? schema;
        if (first?.$ref !== '#/components/schemas/Error') wrong.push(`${where} ${status}: ${JSON.stringify(schema ?? content)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives every instant and calendar date of an answer format date-time or date', () => {
    const wrong = new Set<string>();
    const walk = (schema: unknown, where: string, seen: Set<string>): void => {
      if (Array.isArray(schema)) return schema.forEach((s) => walk(s, where, seen));
      if (!schema || typeof schema !== 'object') return;
      const s = schema as Json;
      if (typeof s.$ref === 'string') {
        if (seen.has(s.$ref)) return;
        seen.add(s.$ref);
        walk(components[s.$ref.replace('#/components/schemas/', '')], `${where} (${s.$ref.slice(21)})`, seen);
      }
      for (const [name, field] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
        if (!TIME_FIELD.test(name)) continue;
        const options = [field, ...((field.anyOf ?? []) as Json[])].filter((o) => o.type !== 'null' && !o.anyOf);
        const formats = options.map((o) => o.format ?? resolved(o)?.format);
        if (!formats.some((f) => f === 'date-time' || f === 'date')) wrong.add(`${where}: ${name} ${JSON.stringify(field).slice(0, 80)}`);
      }
      for (const [k, v] of Object.entries(s)) {
        if (k === 'properties') Object.values(v as Json).forEach((p) => walk(p, where, seen));
        else if (k !== '$ref') walk(v, where, seen);
      }
    };
    for (const { where, op } of operations) walk(op.responses, where, new Set());
    expect([...wrong]).toEqual([]);
  });

  it('shows an example answer on every operation, one its documented schema accepts', async () => {
    const contract = new ApiContract(doc);
    const wrong: string[] = [];
    for (const { where, method, path, op } of operations) {
      const examples = Object.entries(op.responses).flatMap(([status, response]) =>
        Object.entries((response.content ?? {}) as Record<string, Json>)
          .filter(([, media]) => 'example' in media)
          .map(([mediaType, media]) => ({ status: Number(status), mediaType, example: media.example })),
      );
      if (!examples.length) wrong.push(`${where}: no example answer`);
      const success = Object.entries(op.responses).find(([s, r]) => Number(s) < 300 && jsonOf(r));
      if (success && !('example' in jsonOf(success[1])!)) wrong.push(`${where} ${success[0]}: no example of its JSON answer`);
      // Each JSON example, read as the answer it shows, fits the document (the answers' own check).
      const pathname = path.replace(/\{[^}]+\}/g, '1');
      for (const { status, mediaType, example } of examples) {
        if (mediaType !== 'application/json') continue;
        const answer = new Response(JSON.stringify(example), { status, headers: { 'Content-Type': 'application/json' } });
        wrong.push(...(await contract.problems(method.toUpperCase(), pathname, answer)).map((p) => `example: ${p}`));
      }
    }
    expect(wrong).toEqual([]);
  });
});
