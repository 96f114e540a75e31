import { Hono } from 'hono';
import type { AppEnv } from '../../platform/hono-env';
import { checkHealth } from './health';

/** Issue 44: the club's health, and the dead letters admins look after (the tRPC twin is router.ts). */
export const operationsRoutes = new Hono<AppEnv>().get('/healthz', async (c) => {
  const { health, serving } = await checkHealth(c.get('deps'));
  // Never kept by a cache: each poll asks again.
  c.header('Cache-Control', 'no-store');
  return c.json(health, serving ? 200 : 503);
});
