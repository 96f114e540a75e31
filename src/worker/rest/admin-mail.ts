import { Hono } from 'hono';
import type { AppEnv } from '../hono-env';

// SPEC 7 paths of the admin-mail issue: thin adapters over services/. Filled by that issue.
export const adminMailRoutes = new Hono<AppEnv>();
