import type { Hono } from 'hono';
import * as z from 'zod';
import '../../shared/schemas/zod-config';
import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';
import { routeKeptWhileLapsed } from './lapsed-gate';
import { shedsRequest } from './middleware/load-shed';
import { addExamples } from './openapi-examples';
import { IDEMPOTENCY_HEADER, isIdempotentRoute } from './idempotent-routes';

/*
 * The REST surface described (issue 26, ADR 0014). Each module describes its own routes in a
 * rest-docs.ts beside its rest.ts, with the same zod schemas the routes validate with:
 *
 *   export const commentsRestDocs = describeRoutes<typeof commentsRoutes>('Comments', {
 *     'GET /api/comments': { operationId: 'listComments', summary: '…', access: 'member',
 *                            query: ListCommentsInputSchema, paged: true, responses: { 200: z.array(CommentSchema) } },
 *     …
 *   });
 *
 * The keys are the routes' own METHOD and Hono path, and tsc demands exactly the routes the module's
 * Hono app serves (a new route without its description, or a description of a route that is gone,
 * fails the type check). src/worker/rest-docs.ts lists every module's description; the worker test
 * tests/worker/platform/openapi.test.ts compares the document with the Worker's route table.
 * The document is built once per isolate, on the first GET /api/openapi.json, never per request.
 */

/** Who may call a route: anyone; a signed-in member; an admin with two-factor sign-in on. */
export type Access = 'public' | 'member' | 'admin';

/** The error statuses an operation may answer (the body is the one error shape, see ErrorBodySchema). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 416 | 426 | 429 | 503;
/** 101: a WebSocket upgrade (GET /api/live). */
export type SuccessStatus = 101 | 200 | 201 | 202 | 204 | 206 | 304;
/** A route's own answers: its successes, and a 503 it answers itself with its own body (GET /healthz). */
export type AnswerStatus = SuccessStatus | 503;

/** A success answer that is not JSON (a file, a page, plain text), or JSON with headers worth naming. */
export interface ContentDoc {
  description: string;
  /** Media type of the body (none: no body, e.g. a 304); a schema is given only for JSON. */
  mediaType?: string;
  schema?: z.ZodType;
  /** Response headers beyond the usual ones: name to description. */
  headers?: Record<string, string>;
}

export type ResponseDoc = z.ZodType | ContentDoc;

/** A multipart/form-data body: its text fields (a zod object) and its file fields (name to description). */
export interface FormDoc {
  fields?: z.ZodObject;
  files: Record<string, string>;
  /** File fields that must be present. */
  requiredFiles?: string[];
}

export interface OperationDoc {
  /** Unique across the document; a verb and a noun, e.g. listComments. */
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  /** Path parameters: an object schema (or a record of schemas) keyed by the path's :names. */
  params?: z.ZodObject | Record<string, z.ZodType>;
  /** Query parameters: an object schema whose keys are the parameters the route reads. */
  query?: z.ZodType;
  /** A JSON body, validated by this schema (jsonBody / jsonBodyWith; leave path keys out with .omit). */
  body?: z.ZodType;
  /** A multipart/form-data body. */
  form?: FormDoc;
  /** A raw body of this media type (e.g. a video part). */
  bytes?: string;
  /**
   * The success answers: status to a JSON schema, or to a ContentDoc for other media types. A 503
   * here is the route's own answer (not the error body of an overloaded isolate).
   */
  responses: Partial<Record<AnswerStatus, ResponseDoc>>;
  /**
   * Error statuses beyond those every such route has: 400 with params, query or a body; 401 and
   * 403 for members and admins; 403 for a cross-site write; 408 and 413 with a body. Add 404, 409,
   * 415, 429 (a rate limit) as the services throw them. 503 (overloaded) and 429 (one address with
   * too much in flight) are added to every route the load shedding refuses.
   */
  errors?: ErrorStatus[];
  /** A paged list: the next page is named in a `Link: <…>; rel="next"` header (platform/link-header.ts). */
  paged?: boolean;
  /** Errors answer text/plain instead of the JSON error body (SPEC 7's forgot and reset password). */
  textErrors?: boolean;
  /** Errors answer this media type instead (an HTML page). */
  errorMediaType?: string;
  /** A public route that still answers a lapsed member's token 403 MEMBERSHIP_LAPSED (her calendar feed). */
  refusesLapsed?: boolean;
}

type RoutesOf<A> = A extends Hono<never, infer S, never> ? S : A extends Hono<infer _E, infer S, infer _B> ? S : never;

/** "GET /api/events/:id" for each route a Hono app serves (HEAD is answered by GET). */
export type RouteKey<A> = {
  [P in keyof RoutesOf<A> & string]: {
    [M in keyof RoutesOf<A>[P] & string]: M extends `$${infer m}` ? (m extends 'head' ? never : `${Uppercase<m>} ${P}`) : never;
  }[keyof RoutesOf<A>[P] & string];
}[keyof RoutesOf<A> & string];

export interface DescribedOperation {
  method: string;
  /** Hono's path, e.g. /api/events/:id. */
  path: string;
  tag: string;
  doc: OperationDoc;
}

export interface RestDocs {
  tag: string;
  operations: DescribedOperation[];
}

/** What the route's handler answers as JSON (Hono types each JSON answer), or never for other answers. */
type RouteJson<A, K> = K extends `${infer M} ${infer P}`
  ? RoutesOf<A>[P & keyof RoutesOf<A>][`$${Lowercase<M>}` & keyof RoutesOf<A>[P & keyof RoutesOf<A>]] extends infer R
    ? R extends { output: infer O; outputFormat: 'json' }
      ? O
      : never
    : never
  : never;

/** The JSON bodies an operation documents for its success statuses. */
type DocumentedJson<R> = {
  [S in keyof R]: R[S] extends z.ZodType ? z.output<R[S]> : R[S] extends { schema: z.ZodType } ? z.output<R[S]['schema']> : never;
}[keyof R];

type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : false) : false;

/**
 * Each documented success body must be exactly what the route's handler answers (Hono types each
 * JSON answer): a field renamed, added or dropped in the service's answer fails tsc here until the
 * description follows.
 */
type Checked<A, D> = {
  [K in keyof D & RouteKey<A>]: D[K] extends { responses: infer R }
    ? Same<DocumentedJson<R>, RouteJson<A, K>> extends true
      ? unknown
      : {
          responses: {
            'the documented JSON answer differs from what the route answers': { documented: DocumentedJson<R>; route: RouteJson<A, K> };
          };
        }
    : unknown;
};

/**
 * A module's REST routes described, one entry per route of the Hono app `A` (the type argument):
 * tsc refuses a missing or an extra entry, and a JSON answer that is not what the route answers.
 *
 *   export const xRestDocs = describeRoutes<typeof xRoutes>()('Tag', { 'GET /api/x/:id': { … } });
 */
export function describeRoutes<A>() {
  return <D extends Record<string, OperationDoc>>(
    tag: string,
    docs: D & { [K in RouteKey<A>]: OperationDoc } & {
      [K in Exclude<keyof D, RouteKey<A>>]: 'no route of this Hono app answers this METHOD and path';
    } & Checked<A, D>,
  ): RestDocs => {
    const operations = Object.entries(docs as Record<string, OperationDoc>).map(([key, doc]) => {
      const [method, path] = key.split(' ') as [string, string];
      return { method, path, tag, doc };
    });
    return { tag, operations };
  };
}

// ---------------------------------------------------------------- shapes every module shares

/** Every error body (platform/http-errors.ts): `error` and `message` carry the same text. */
export const ErrorBodySchema = z
  .object({
    error: z.string(),
    message: z.string(),
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('On a 400 from validation: each field (a dotted path, `_` for the whole body) and its messages.'),
    request_id: z
      .string()
      .optional()
      .describe('On a 500: the id of the request (its X-Request-Id header), to quote when reporting the fault.'),
  })
  .meta({ id: 'Error' });

/** `{ ok: true }` and friends. */
export const OkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/**
 * An ISO 8601 instant as the API writes it (Date.prototype.toISOString: UTC, with Z), documented
 * `format: date-time` (issue 47). A format rather than z.iso.datetime(): the answers are checked
 * against it all the same, without its long pattern repeated at every instant of the document.
 */
export const IsoDateTime = z
  .string()
  .meta({ format: 'date-time', description: 'ISO 8601 date and time (UTC, with Z)', examples: ['2026-11-29T09:30:00.000Z'] });

/** A calendar date as the API writes it (`format: date`: start_date, member_since). */
export const IsoDate = z.string().meta({ format: 'date', description: 'A calendar date, YYYY-MM-DD', examples: ['2026-12-04'] });

// ---------------------------------------------------------------- the document

export const OPENAPI_PATH = '/api/openapi.json';

const ERROR_TEXT: Record<ErrorStatus, { codes: ErrorCode[]; description: string }> = {
  400: { codes: ['BAD_REQUEST'], description: 'Invalid input: `fieldErrors` names each field that failed and why.' },
  401: { codes: ['UNAUTHORIZED'], description: 'No session: log in first.' },
  403: { codes: ['FORBIDDEN'], description: 'Not allowed: the policy refuses this member, or a write came from another site.' },
  404: { codes: ['NOT_FOUND'], description: 'Not found (or not visible to this member).' },
  408: {
    codes: ['REQUEST_TIMEOUT'],
    description: 'The body did not arrive before its deadline (a base of 10 s, plus its size at 16 KB/s); the connection is closed.',
  },
  409: { codes: ['CONFLICT'], description: 'Conflicts with the current state (already decided, already taken, …).' },
  413: { codes: ['PAYLOAD_TOO_LARGE'], description: 'The body is over its limit (JSON: 256 KB).' },
  415: { codes: ['UNSUPPORTED_MEDIA_TYPE'], description: 'The file is not of a type this route takes.' },
  416: { codes: [], description: 'The Range cannot be served (no body; Content-Range names the size).' },
  426: { codes: ['UPGRADE_REQUIRED'], description: 'A WebSocket route asked without an Upgrade: websocket request.' },
  429: { codes: ['TOO_MANY_REQUESTS'], description: 'Rate limited: try again after Retry-After seconds.' },
  503: { codes: ['SERVICE_UNAVAILABLE'], description: 'The server is overloaded: try again after Retry-After seconds.' },
};

/** The example answer of each error status (the first of its codes). */
const ERROR_EXAMPLE_TEXT: Record<ErrorStatus, string> = {
  400: 'Please check the highlighted fields.',
  401: 'Please log in.',
  403: 'You do not have the necessary permission to view this content',
  404: 'Event not found',
  408: 'The request took too long to send its body. Please try again.',
  409: 'This application has already been decided.',
  413: 'The request body is too large (at most 256 KB).',
  415: 'This file type is not supported.',
  416: '',
  426: 'Upgrade to a WebSocket.',
  429: 'Too many requests. Please wait a moment and try again.',
  503: 'The club is busy. Please try again in a moment.',
};

/** Issue 47: the optional header of the writes in IDEMPOTENT_ROUTES. */
const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'Any unique string of 1 to 255 printable characters (a UUID serves). The same key from the same member (a visitor: the same address) within 24 hours answers the first answer again, with `Idempotent-Replayed: true`, and does nothing twice; 409 while the first request still runs, 400 when the key was used on another route or with another path or body (a key names one request). Only answers that did something (2xx, 3xx) are kept: after a 4xx or 5xx the key is free.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const isZod = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

type Json = Record<string, unknown>;

/** Moves zod's per-schema $defs into components.schemas and points every $ref there. */
function hoist(schema: Json, components: Json): Json {
  const { $schema: _s, $defs, ...rest } = schema as Json & { $defs?: Record<string, Json> };
  const fix = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(fix);
    if (v && typeof v === 'object') {
      const out: Json = {};
      for (const [k, x] of Object.entries(v)) {
        out[k] = k === '$ref' && typeof x === 'string' ? x.replace('#/$defs/', '#/components/schemas/') : fix(x);
      }
      return out;
    }
    return v;
  };
  for (const [name, def] of Object.entries($defs ?? {})) {
    const fixed = fix(def) as Json;
    delete fixed.$id;
    const filed = components[name];
    if (filed === undefined) components[name] = fixed;
    else if (canonicalJson(filed) !== canonicalJson(fixed)) {
      // Two schemas with one `.meta({ id })`: every $ref to the name would point at whichever came
      // first, and the other routes would be documented with a schema they do not answer.
      throw new Error(
        `Two different schemas are registered as components.schemas.${name}: give one of them another .meta({ id }) ` +
          `(or, if it is one schema whose input and output differ, describe the two sides under two ids).\n` +
          `  first:  ${canonicalJson(filed)}\n  second: ${canonicalJson(fixed)}`,
      );
    }
  }
  return fix(rest) as Json;
}

/** JSON with every object's keys sorted, so two equal schemas compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, x]) => [k, sort(x)]),
          )
        : v;
  return JSON.stringify(sort(value));
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Json): Json {
  return hoist(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json, components);
}

/** An object schema's properties as OpenAPI parameters. */
function parameters(where: 'path' | 'query', schema: z.ZodType | Record<string, z.ZodType>, components: Json): Json[] {
  const object = isZod(schema) ? schema : z.object(schema);
  const json = jsonSchema(object, 'input', components) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => {
    const { description, deprecated, ...rest } = s;
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      // An old spelling still accepted (shared/schemas/old-field-names.ts): the parameter is deprecated.
      ...(deprecated ? { deprecated: true } : {}),
      schema: rest,
    };
  });
}

function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
}

function errorStatuses(method: string, path: string, doc: OperationDoc): ErrorStatus[] {
  const set = new Set<ErrorStatus>(doc.errors ?? []);
  if (doc.params || doc.query || doc.body || doc.form || doc.bytes) set.add(400);
  if (doc.access !== 'public') {
    set.add(401);
    set.add(403);
  }
  if (method !== 'GET' || doc.refusesLapsed) set.add(403);
  if (doc.body || doc.form || doc.bytes) {
    set.add(413);
    set.add(408);
  }
  // Refused by an overloaded isolate before the route runs, or when one client address has too
  // many requests in flight (platform/middleware/load-shed.ts).
  if (shedsRequest(method, path)) {
    set.add(503);
    set.add(429);
  }
  // Issue 47: a write with an Idempotency-Key whose first request still runs.
  if (isIdempotentRoute(method, path)) {
    set.add(400);
    set.add(409);
  }
  return [...set].sort();
}

const LAPSED_NOTE = '`MEMBERSHIP_LAPSED` for a member whose membership lapsed (her own account stays open to her).';

function errorResponse(status: ErrorStatus, method: string, path: string, doc: OperationDoc): Json {
  const text = ERROR_TEXT[status];
  let { description } = text;
  let codes = text.codes;
  if (status === 403 && doc.access === 'admin') {
    codes = ['FORBIDDEN', 'TWO_FACTOR_REQUIRED'];
    description = 'Administrators only; `TWO_FACTOR_REQUIRED` for an admin who has not turned on two-factor sign-in.';
  } else if (status === 403 && doc.access === 'public' && method !== 'GET') {
    description = 'A write from another site (Origin check).';
  } else if (status === 403 && doc.access === 'public' && doc.refusesLapsed) {
    codes = []; // only the lapsed member's answer below
  }
  // A lapsed member is refused every members' and admins' route but those lapsed-gate.ts keeps.
  if (status === 403 && (doc.access !== 'public' || doc.refusesLapsed) && !routeKeptWhileLapsed(method, path)) {
    codes = [...codes, 'MEMBERSHIP_LAPSED'];
    description = codes.length === 1 ? LAPSED_NOTE : `${description} ${LAPSED_NOTE}`;
  }
  const retryAfter = { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } };
  const headers =
    status === 503
      ? retryAfter
      : status === 429
        ? {
            ...retryAfter,
            'RateLimit-Policy': {
              description:
                'The limit this refusal hit, as the IETF draft (draft-ietf-httpapi-ratelimit-headers) writes it: `"member-writes";q=120;w=60` (q requests per w seconds). Absent where the refusal is no rate (the per-address in-flight cap, uploads in progress).',
              schema: { type: 'string' },
            },
            RateLimit: {
              description: 'What is left of it: `"member-writes";r=0;t=60` (none remaining, t seconds until there is).',
              schema: { type: 'string' },
            },
          }
        : undefined;
  if (!codes.length) return { description };
  // The 503 is the middleware's, before any route: always the JSON error body.
  const mediaType = status === 503 ? 'application/json' : doc.textErrors ? 'text/plain' : (doc.errorMediaType ?? 'application/json');
  const schema =
    mediaType === 'application/json'
      ? { allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { code: { enum: codes } } }] }
      : { type: 'string' };
  const said = ERROR_EXAMPLE_TEXT[status];
  const example =
    mediaType === 'application/json'
      ? { error: said, message: said, code: codes[0], ...(status === 400 ? { fieldErrors: { title: ['Title is required.'] } } : {}) }
      : said;
  return { description, ...(headers ? { headers } : {}), content: { [mediaType]: { schema, example } } };
}

const LINK_HEADER = {
  Link: {
    description: 'The next page, when there is one: `<path?…&cursor=…>; rel="next"` (RFC 8288). The last page has none.',
    schema: { type: 'string' },
  },
};

function successResponse(status: AnswerStatus, res: ResponseDoc, doc: OperationDoc, components: Json): Json {
  const paged = doc.paged && status === 200 ? LINK_HEADER : {};
  if (isZod(res)) {
    return {
      description: res.description ?? (status === 201 ? 'Created' : status === 202 ? 'Accepted' : 'OK'),
      ...(doc.paged && status === 200 ? { headers: paged } : {}),
      content: { 'application/json': { schema: jsonSchema(res, 'output', components) } },
    };
  }
  const headers = {
    ...paged,
    ...Object.fromEntries(Object.entries(res.headers ?? {}).map(([k, d]) => [k, { description: d, schema: { type: 'string' } }])),
  };
  if (!res.mediaType) return { description: res.description, ...(Object.keys(headers).length ? { headers } : {}) };
  const schema = res.schema
    ? jsonSchema(res.schema, 'output', components)
    : res.mediaType === 'application/json'
      ? { type: 'object' }
      : { type: 'string', ...(res.mediaType.startsWith('text/') ? {} : { contentMediaType: res.mediaType }) };
  return {
    description: res.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    content: { [res.mediaType]: { schema } },
  };
}

function requestBody(doc: OperationDoc, components: Json): Json | undefined {
  if (doc.body) {
    return { required: true, content: { 'application/json': { schema: jsonSchema(doc.body, 'input', components) } } };
  }
  if (doc.form) {
    const fields = doc.form.fields ? (jsonSchema(doc.form.fields, 'input', components) as { properties?: Json; required?: string[] }) : {};
    const files = Object.fromEntries(
      Object.entries(doc.form.files).map(([name, description]) => [name, { type: 'string', format: 'binary', description }]),
    );
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { ...(fields.properties ?? {}), ...files },
            required: [...(fields.required ?? []), ...(doc.form.requiredFiles ?? [])],
          },
        },
      },
    };
  }
  if (doc.bytes) return { required: true, content: { [doc.bytes]: { schema: { type: 'string', contentMediaType: doc.bytes } } } };
  return undefined;
}

/**
 * Who may call it: public operations need nothing; members' and admins' need the session cookie,
 * and their writes also the origin rule (middleware/origin-check.ts).
 */
function security(access: Access, method: string): Json[] {
  if (access === 'public') return [];
  return [SAFE_METHODS.has(method) ? { session: [] } : { session: [], sameOrigin: [] }];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: '__Host-owow_session',
    description:
      'The session cookie that POST /login (and POST /login/2fa, or a passkey sign-in) sets: HttpOnly, Secure, SameSite=Lax, path /. Over plain-http localhost it is `owow_session`. An admin-only operation also needs two-factor sign-in on (403 `TWO_FACTOR_REQUIRED`).',
  },
  sameOrigin: {
    type: 'apiKey',
    in: 'header',
    name: 'Origin',
    description:
      'The origin rule for writes (every method but GET, HEAD and OPTIONS), against cross-site request forgery: a request that names another site in `Origin` (or, without Origin, `Sec-Fetch-Site` other than same-origin or none) is refused 403 before its route runs. Browsers send these headers themselves; a client outside a browser (curl, a server) sends neither and passes. Public writes (POST /login, POST /request) are held to it too, though they need no session.',
  },
};

const ACCESS_NOTE: Record<Access, string> = {
  public: 'Public: no session needed.',
  member: 'Members: a session cookie.',
  admin: 'Admins only, with two-factor sign-in on.',
};

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}

/** The OpenAPI 3.1 document of the given modules' routes. Throws on a description that cannot be right. */
export function buildOpenApiDocument(groups: RestDocs[], info: DocumentInfo): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  const ids = new Set<string>();
  for (const { operations } of groups) {
    for (const { method, path, tag, doc } of operations) {
      if (ids.has(doc.operationId)) throw new Error(`operationId ${doc.operationId} is used twice`);
      ids.add(doc.operationId);
      const oaPath = openApiPath(path);
      const pathParams = doc.params ? parameters('path', doc.params, components) : [];
      const named = [...oaPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const described = pathParams.map((p) => p.name as string);
      if (named.join() !== [...described].sort((a, b) => named.indexOf(a) - named.indexOf(b)).join() || named.length !== described.length) {
        throw new Error(
          `${method} ${path}: describe its path parameters (${named.join(', ') || 'none'}) in params; it has ${described.join(', ') || 'none'}`,
        );
      }
      const responses: Json = {};
      for (const [status, res] of Object.entries(doc.responses)) {
        responses[status] = successResponse(Number(status) as AnswerStatus, res as ResponseDoc, doc, components);
      }
      for (const status of errorStatuses(method, path, doc)) responses[status] ??= errorResponse(status, method, path, doc);
      const body = requestBody(doc, components);
      const operation: Json = {
        operationId: doc.operationId,
        tags: [tag],
        summary: doc.summary,
        description: [doc.description, ACCESS_NOTE[doc.access]].filter(Boolean).join('\n\n'),
        'x-access': doc.access,
        security: security(doc.access, method),
        parameters: [
          ...pathParams,
          ...(doc.query ? parameters('query', unwrap(doc.query), components) : []),
          ...(isIdempotentRoute(method, path) ? [IDEMPOTENCY_PARAMETER] : []),
        ],
        ...(body ? { requestBody: body } : {}),
        responses,
      };
      (paths[oaPath] ??= {})[method.toLowerCase()] = operation;
    }
  }
  // Hoisting files the Error schema itself under its id (what it answers is only a $ref to it).
  hoist(z.toJSONSchema(ErrorBodySchema, { io: 'output', target: 'draft-2020-12' }) as Json, components);
  addExamples(paths, components);
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.1',
    info,
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    tags: groups.map((g) => ({ name: g.tag })),
    paths: sortedPaths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

/** `.optional()` around a query object (ListEventsInputSchema) documents the object inside. */
function unwrap(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
}
