/**
 * The error codes the API answers with, and their HTTP statuses. tRPC uses the same names, except
 * for the codes tRPC does not have (TRPC_CODE in platform/trpc.ts maps them and the error data
 * carries the code itself as appCode).
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** An admin-only call from an admin without 2FA: the client sends her to Settings to set it up. */
  TWO_FACTOR_REQUIRED: 403,
  /** A lapsed member on anything but her own account (DECISIONS "Membership terms"). */
  MEMBERSHIP_LAPSED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A body that did not arrive before its deadline (platform/body-wait.ts); the connection is closed. */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** GET /api/live without a WebSocket upgrade. */
  UPGRADE_REQUIRED: 426,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  /** The isolate is overloaded: asked again after Retry-After seconds (platform/middleware/load-shed.ts). */
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field name -> messages; present on BAD_REQUEST from schema validation. */
export type FieldErrors = Record<string, string[]>;

/** Shape of every REST error body (and of tRPC error data, whose code is tRPC's and appCode ours). */
export interface ErrorBody {
  error: string;
  message: string;
  code: ErrorCode;
  fieldErrors?: FieldErrors;
  /** On a 500: the request's id, as in its X-Request-Id header and its log line (issue 44). */
  request_id?: string;
}
