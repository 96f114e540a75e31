import type { Context } from 'hono';
import type * as z from 'zod';
import { AppError, parseInput } from '../lib/app-error';

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
