import type { Context } from 'hono';
import type * as z from 'zod';
import { AppError, parseInput } from './app-error';
import { JSON_BODY_LIMIT, readTextWithin } from './body-limit';

/**
 * The body parsed as JSON (not yet validated), read as a stream of at most JSON_BODY_LIMIT bytes: 413 as soon as it
 * passes the limit (or at once when Content-Length says so), 400 when it is not JSON.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await readTextWithin(c.req.raw, JSON_BODY_LIMIT);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The request body must be JSON.');
  }
}

/** Reads a JSON body and validates it with its shared schema (400 on bad JSON or bad fields, 413 over 256 KB). */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseInput(schema, await readJson(c));
}

/**
 * A JSON object body merged with values from the path (`{ id }`), validated with the one schema
 * that tRPC uses for the same call, so the path and the body cannot disagree.
 */
export async function jsonBodyWith<S extends z.ZodType>(
  c: Context,
  schema: S,
  fromPath: Record<string, string | undefined>,
): Promise<z.output<S>> {
  const body = await readJson(c);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The request body must be a JSON object.');
  return parseInput(schema, { ...body, ...fromPath });
}
