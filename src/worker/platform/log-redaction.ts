// DECISIONS "No secret at rest": logs never carry a token, a password or the values of a failed
// statement. Drizzle's errors read "Failed query: <sql>\nparams: <every bound value>", D1's type
// errors quote the value, and some paths end in a secret; what is logged goes through here.

/** Paths whose segment after the prefix is a secret (single-use tokens, the calendar feed). */
const SECRET_PATH_PREFIXES = [
  '/api/register/validate-token/',
  '/api/events/invite/',
  '/events/invite/',
  '/register/',
  '/reset-password/',
  '/calendar-feed/',
  '/api/unsubscribe/',
  '/unsubscribe/',
];

// Anything that looks like a random token (32+ URL-safe characters) goes, whatever its path.
const TOKEN_RUN = /[A-Za-z0-9_-]{32,}/g;

/** The path with every secret segment replaced, e.g. "/api/events/invite/:token". */
export function redactPath(path: string): string {
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (path.startsWith(prefix) && path.length > prefix.length) return `${prefix}:token`;
  }
  return path.replace(TOKEN_RUN, ':token');
}

/**
 * A message without bound values: Drizzle's "params: ..." (always last) is cut, quoted SQL
 * literals become ?, and token-like runs are dropped. What stays (the SQL with its placeholders,
 * D1's reason) is enough to find the fault.
 */
export function redactText(text: string): string {
  return text
    .replace(/\bparams:[\s\S]*$/, 'params: [redacted]')
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/"(?:[^"\\]|\\.)*"/g, (quoted) => (/^"[A-Za-z_][A-Za-z0-9_]*"$/.test(quoted) ? quoted : '"?"'))
    .replace(TOKEN_RUN, '[redacted]');
}

export interface LoggedError {
  name: string;
  message: string;
  cause?: string;
  /** Stack frames only: the stack's first line repeats the message. */
  frames?: string;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** An error as it may be logged: redacted message and cause, and where it was thrown. */
export function describeError(err: unknown): LoggedError {
  const out: LoggedError = {
    name: err instanceof Error ? err.name : typeof err,
    message: redactText(messageOf(err)),
  };
  const cause = err instanceof Error ? (err as { cause?: unknown }).cause : undefined;
  if (cause !== undefined && cause !== null) out.cause = redactText(messageOf(cause));
  if (err instanceof Error && err.stack) {
    const frames = err.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 10)
      .join('\n');
    if (frames) out.frames = frames;
  }
  return out;
}

/** A short redacted reason (for a delivery's last_error or a one-line log). */
export function redactedReason(err: unknown, max = 500): string {
  return (redactText(messageOf(err)) || 'Unknown error').slice(0, max);
}
