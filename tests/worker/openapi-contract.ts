import { Validator, type Schema } from '@cfworker/json-schema';

// The OpenAPI document as a contract for answers (issue 26): which operation a request is, whether
// the status it got is one its description lists, and whether the body fits the documented
// schema. @cfworker/json-schema validates without eval, so the same check runs in workerd (every
// worker test's requests, tests/worker/helpers.ts) and in Node (the fuzz run, npm run fuzz:api).

type Json = Record<string, unknown>;

interface OperationEntry {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  operation: Json & { operationId: string; responses: Record<string, Json> };
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The body as text (read only when the description says JSON or text). */
  text: () => Promise<string>;
}

export class ApiContract {
  readonly operations: OperationEntry[] = [];
  private readonly defs: Json;
  private readonly validators = new Map<string, Validator>();

  constructor(readonly document: Json) {
    // '#/components/schemas/X' becomes '#/$defs/X', so each schema validates on its own with the
    // components beside it.
    const doc = JSON.parse(JSON.stringify(document).replaceAll('"#/components/schemas/', '"#/$defs/')) as Json & {
      paths: Record<string, Record<string, OperationEntry['operation']>>;
      components: { schemas: Json };
    };
    this.defs = doc.components.schemas;
    for (const [path, item] of Object.entries(doc.paths)) {
      const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)')}$`);
      const params = (path.match(/\{/g) ?? []).length;
      for (const [method, operation] of Object.entries(item)) {
        this.operations.push({ method: method.toUpperCase(), path, pattern, params, operation });
      }
    }
    // A fixed segment wins over a parameter (GET /api/events/mine before /api/events/{id}), as in Hono.
    this.operations.sort((a, b) => a.params - b.params);
  }

  /** The documented operation a request is, or undefined (tRPC, pages, the dev mailbox, unknown paths). */
  operationFor(method: string, pathname: string): OperationEntry | undefined {
    const m = method === 'HEAD' ? 'GET' : method;
    return this.operations.find((o) => o.method === m && o.pattern.test(pathname));
  }

  private validator(key: string, schema: Json): Validator {
    let v = this.validators.get(key);
    if (!v) {
      v = new Validator({ ...schema, $defs: this.defs } as Schema, '2020-12', false);
      this.validators.set(key, v);
    }
    return v;
  }

  /** What is wrong with an answer to a request, by the document; empty when it fits. */
  async problems(method: string, pathname: string, answer: Answer): Promise<string[]> {
    const entry = this.operationFor(method, pathname);
    if (!entry) return [];
    const where = `${method} ${pathname} (${entry.method} ${entry.path}, ${entry.operation.operationId})`;
    const documented = entry.operation.responses[String(answer.status)];
    if (!documented) {
      const listed = Object.keys(entry.operation.responses).join(', ');
      return [
        `${where} answered ${answer.status}, which its OpenAPI description does not list (${listed}). ` +
          (answer.status >= 500
            ? 'A 5xx is a bug in the route: find the cause, do not document it.'
            : `If the route may answer it, add ${answer.status} to \`errors\` of '${entry.method} ${honoPath(entry.path)}' in its module's rest-docs.ts.`),
      ];
    }
    if (method === 'HEAD' || answer.status === 204) return [];
    const content = (documented.content ?? {}) as Record<string, { schema?: Json }>;
    const mediaTypes = Object.keys(content);
    const got = (answer.headers.get('Content-Type') ?? '').split(';')[0]!.trim();
    if (mediaTypes.length && !mediaTypes.some((t) => mediaTypeMatches(t, got))) {
      return [`${where} answered ${answer.status} as ${got || 'no Content-Type'}; its description says ${mediaTypes.join(' or ')}.`];
    }
    const json = content['application/json'];
    if (!json?.schema || got !== 'application/json') return [];
    const text = await answer.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [`${where} answered ${answer.status} with a body that is not JSON: ${text.slice(0, 200)}`];
    }
    const result = this.validator(`${entry.method} ${entry.path} ${answer.status}`, json.schema).validate(body);
    if (result.valid) return [];
    // The innermost errors say what is wrong; the outer ones only that something below is.
    const errors = result.errors.filter(
      (e) => !/^(A subschema had errors|Property .* does not match schema|Items did not match schema)/.test(e.error),
    );
    const shown = (errors.length ? errors : result.errors).slice(0, 6).map((e) => `  ${e.instanceLocation}: ${e.error}`);
    return [
      `${where} answered ${answer.status} with a body its documented schema refuses:\n${shown.join('\n')}\n` +
        `If the answer is right, describe it in the response schema of '${entry.method} ${honoPath(entry.path)}' in its module's rest-docs.ts.`,
    ];
  }
}

function honoPath(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}

function mediaTypeMatches(documentedType: string, got: string): boolean {
  // The answer's parameters are dropped (got); a documented one (text/csv; charset=utf-8) is too.
  const documented = documentedType.split(';')[0]!.trim();
  if (documented === got || documented === '*/*') return true;
  if (documented.endsWith('/*')) return got.startsWith(documented.slice(0, -1));
  return false;
}
