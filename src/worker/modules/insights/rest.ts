import { Hono } from 'hono';
import { InsightsCsvInputSchema, InsightsInputSchema } from '../../../shared/schemas/insights';
import { parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { actorOf } from '../../platform/request-actor';
import { attachmentResponse } from '../../platform/attachment';
import { admins } from '../../platform/rest-guards';
import { getInsights, getInsightsCsv } from './insights';

/** Issue 42's REST paths: thin adapters over insights.ts (the tRPC twin is router.ts). */
export const insightsRoutes = new Hono<AppEnv>()
  .get('/api/admin/insights', admins, async (c) =>
    c.json(await getInsights(c.get('deps'), await actorOf(c), parseInput(InsightsInputSchema, c.req.query()))),
  )
  .get('/api/admin/insights.csv', admins, async (c) => {
    const { filename, csv } = await getInsightsCsv(c.get('deps'), await actorOf(c), parseInput(InsightsCsvInputSchema, c.req.query()));
    return attachmentResponse(csv, filename, 'text/csv; charset=utf-8');
  });
