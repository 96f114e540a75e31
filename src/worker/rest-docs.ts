import { EARLIER_ISSUE_FIELD_NAMES, SPEC_FIELD_NAMES, WEBAUTHN_JSON_NAMES } from '../shared/wire-vocabulary';
import type { apiReferenceRoutes } from './api-reference';
import { accountRestDocs } from './modules/account/rest-docs';
import { adminRestDocs } from './modules/admin/rest-docs';
import { authRestDocs } from './modules/auth/rest-docs';
import { passkeysRestDocs } from './modules/auth/passkeys-rest-docs';
import { circlesRestDocs } from './modules/circles/rest-docs';
import { checkInRestDocs } from './modules/check-in/rest-docs';
import { commentsRestDocs } from './modules/comments/rest-docs';
import { eventsRestDocs } from './modules/events/rest-docs';
import { homesRestDocs } from './modules/homes/rest-docs';
import { insightsRestDocs } from './modules/insights/rest-docs';
import { imagesRestDocs, videoRestDocs } from './modules/images/rest-docs';
import { adminMailRestDocs, unsubscribeRestDocs } from './modules/mail/rest-docs';
import { membershipRestDocs } from './modules/membership/rest-docs';
import { membersRestDocs } from './modules/members/rest-docs';
import { rosterRestDocs } from './modules/membership/roster-rest-docs';
import { notificationsRestDocs } from './modules/notifications/rest-docs';
import { pushRestDocs } from './modules/push/rest-docs';
import { operationsRestDocs } from './modules/operations/rest-docs';
import { messagesRestDocs } from './modules/messages/rest-docs';
import { buildOpenApiDocument, describeRoutes, type RestDocs } from './platform/openapi';

/*
 * Every module's REST description, in the order the reference shows them. A module with REST
 * routes describes them in its own rest-docs.ts (see modules/comments/rest-docs.ts) and is listed
 * here; tests/worker/platform/openapi.test.ts fails while a route the Worker serves is missing.
 */

const referenceRestDocs = describeRoutes<typeof apiReferenceRoutes>()('Reference', {
  'GET /api/openapi.json': {
    operationId: 'getOpenApiDocument',
    summary: 'This document: every REST route of the Worker, described (OpenAPI 3.1)',
    access: 'public',
    responses: { 200: { description: 'The OpenAPI document.', mediaType: 'application/json' } },
  },
  'GET /api/docs': {
    operationId: 'getApiReference',
    summary: 'A readable reference of this document (an HTML page)',
    access: 'public',
    responses: { 200: { description: 'The reference page.', mediaType: 'text/html' } },
    errorMediaType: 'text/plain',
    errors: [404],
  },
});

export const REST_DOCS: RestDocs[] = [
  authRestDocs,
  passkeysRestDocs,
  accountRestDocs,
  membershipRestDocs,
  rosterRestDocs,
  eventsRestDocs,
  imagesRestDocs,
  videoRestDocs,
  commentsRestDocs,
  homesRestDocs,
  membersRestDocs,
  circlesRestDocs,
  checkInRestDocs,
  notificationsRestDocs,
  pushRestDocs,
  messagesRestDocs,
  adminRestDocs,
  insightsRestDocs,
  adminMailRestDocs,
  unsubscribeRestDocs,
  operationsRestDocs,
  referenceRestDocs,
];

/**
 * The house vocabulary (issue 47), as the document's description states it: README's API section
 * says the same, and the worker tests that walk the document hold every operation to it.
 */
export function houseVocabulary(): string {
  const names = (list: readonly string[]) => list.map((n) => `\`${n}\``).join(', ');
  return [
    '## One vocabulary',
    `- **Field names are snake_case** (\`user_id\`, \`created_at\`), except the names a contract fixes: SPEC's ${names(SPEC_FIELD_NAMES)}; earlier issues' ${names(EARLIER_ISSUE_FIELD_NAMES)}; and WebAuthn's own JSON as its specification spells it (${names(WEBAUTHN_JSON_NAMES)}). A renamed request field still accepts its old camelCase spelling for now, marked \`deprecated: true\`; answers speak only the new name.`,
    '- **A list is a bare JSON array**; its next page is in `Link: <…&cursor=…>; rel="next"` (none on the last page). 30 items by default, `limit` up to 100, `cursor` opaque (pass back what Link names).',
    '- **Times are ISO 8601 with `Z`** (`format: date-time`, e.g. `2026-11-29T09:30:00.000Z`); calendar dates are `YYYY-MM-DD` (`format: date`); ids are integers unless a token.',
    '- **Errors are `{ error, message, code, fieldErrors? }`** with the status of what went wrong, the same on every route: `code` is stable (e.g. `TWO_FACTOR_REQUIRED`), `fieldErrors` names each field that failed on a 400.',
    "- **429 and 503 carry `Retry-After`** (seconds); a 429 that hit a rate names it in `RateLimit-Policy` and `RateLimit` (the IETF draft's headers).",
    '- **`Idempotency-Key`** (optional) on the writes that create something or send email: the same key from the same member within 24 hours answers the first answer again (`Idempotent-Replayed: true`) and does nothing twice; the same key with another body is a 400.',
    "- **Security**: the session cookie (`session`) on members' and admins' operations; their writes also follow the origin rule (`sameOrigin`); public operations need neither.",
  ].join('\n');
}

export function openApiDocument() {
  return buildOpenApiDocument(REST_DOCS, {
    title: 'Outstanding Women Outside Work: the club API',
    version: '1.0.0',
    description: [
      "The REST routes of the club's Worker: SPEC 7's paths and every /api/… route, generated from the zod schemas the routes validate with. Sessions are a cookie set by POST /login; every write must come from the club's own origin (or carry no Origin).",
      houseVocabulary(),
    ].join('\n\n'),
  });
}
