import type { Insights, InsightsCsvInput, InsightsInput, InsightsPanel } from '../../../shared/schemas/insights';
import type { Actor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { requireAdmin } from '../../platform/guards';
import { applicationsPanel } from './applications';
import { insightsCsv } from './csv';
import { engagementPanel } from './engagement';
import { eventsPanel } from './events';
import { homesPanel } from './homes';
import { mailPanel } from './mail';
import { membershipPanel } from './membership';
import { periodView, resolvePeriod, type Period } from './period';
import { toStatement, type PanelReads, type Row } from './sql';

const PANELS: { [K in InsightsPanel]: (p: Period) => PanelReads<Insights[K]> } = {
  membership: membershipPanel,
  applications: applicationsPanel,
  events: eventsPanel,
  engagement: engagementPanel,
  mail: mailPanel,
  homes: homesPanel,
};

/** The club's first day: the earliest member_since (a period without `from` starts there). */
async function clubStart(deps: Deps): Promise<string | null> {
  const row = await deps.d1
    .prepare(`SELECT min("member_since") AS first FROM "users" WHERE "member_since" <> ''`)
    .first<{ first: string | null }>();
  return row?.first ?? null;
}

/**
 * Every panel's statements in one D1 batch: the page's data is one round trip (two for "all
 * time", which first reads the club's first day), whatever the club's size (issue 42).
 */
async function readPanels<K extends InsightsPanel>(deps: Deps, p: Period, panels: readonly K[]): Promise<Pick<Insights, K>> {
  const reads = panels.map((name) => [name, PANELS[name](p) as PanelReads<Insights[K]>] as const);
  const statements = reads.flatMap(([, r]) => r.queries.map((q) => toStatement(deps.d1, q)));
  const results = await deps.d1.batch<Row>(statements);
  let at = 0;
  const out = {} as Pick<Insights, K>;
  for (const [name, r] of reads) {
    const mine = results.slice(at, at + r.queries.length).map((res) => res.results);
    at += r.queries.length;
    out[name] = r.build(mine);
  }
  return out;
}

async function periodOf(deps: Deps, input: InsightsInput): Promise<Period> {
  return resolvePeriod(input, deps.now(), input.from ? null : await clubStart(deps));
}

/** GET /api/admin/insights and admin.insights.get: the whole page's figures. */
export async function getInsights(deps: Deps, actor: Actor, input: InsightsInput): Promise<Insights> {
  requireAdmin(actor);
  const p = await periodOf(deps, input);
  const panels = await readPanels(deps, p, Object.keys(PANELS) as InsightsPanel[]);
  return { period: periodView(p), ...panels };
}

/** GET /api/admin/insights.csv: one panel's figures as CSV (only that panel's statements run). */
export async function getInsightsCsv(deps: Deps, actor: Actor, input: InsightsCsvInput): Promise<{ filename: string; csv: string }> {
  requireAdmin(actor);
  const p = await periodOf(deps, input);
  const panel = await readPanels(deps, p, [input.panel]);
  return {
    filename: `owow-insights-${input.panel}-${p.from}-to-${p.to}.csv`,
    csv: insightsCsv(input.panel, panel[input.panel] as never, periodView(p)),
  };
}
