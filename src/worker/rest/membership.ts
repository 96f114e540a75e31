import { Hono } from 'hono';
import type { AppEnv } from '../hono-env';

// SPEC 7 paths of the membership issue: thin adapters over services/. Filled by that issue.
export const membershipRoutes = new Hono<AppEnv>();
