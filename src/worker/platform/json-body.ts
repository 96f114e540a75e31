import type { Context } from 'hono';
import type * as z from 'zod';
import { AppError, parseInput } from './app-error';

/** Reads a JSON body and validates it with its shared schema (400 on bad JSON or bad fields). */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body must be JSON.');
  }
  return parseInput(schema, body);
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
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body must be JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object.');
  return parseInput(schema, { ...body, ...fromPath });
}
