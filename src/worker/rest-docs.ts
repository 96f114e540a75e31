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

export function openApiDocument() {
  return buildOpenApiDocument(REST_DOCS, {
    title: 'Outstanding Women Outside Work: the club API',
    version: '1.0.0',
    description: [
      "The REST routes of the club's Worker: SPEC 7's paths and every /api/… route, generated from the zod schemas the routes validate with.",
      'Sessions are a cookie set by POST /login; every write must come from the club\'s own origin (or carry no Origin). Lists answer a page (30 by default, `limit` up to 100) and name the next one in a `Link: <…>; rel="next"` header; errors answer `{ error, message, code, fieldErrors? }`.',
    ].join('\n\n'),
  });
}
