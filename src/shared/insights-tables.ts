// Insights (issue 42): each panel's figures as plain tables. One definition serves the page's
// "Show as table" (each chart shows its own table) and the panel's CSV download, so the two
// always hold the same numbers.

import { formatDate } from './date-format';
import type { Insights, InsightsPanel, InsightsPeriod, SeriesPoint, Total } from './schemas/insights';

export type Cell = string | number | null;

export interface DataTable {
  /** Which chart shows it: '<panel>.<name>'. */
  id: string;
  title: string;
  columns: string[];
  rows: Cell[][];
}

export const PANEL_TITLES: Record<InsightsPanel, string> = {
  membership: 'Membership',
  applications: 'Applications',
  events: 'Events',
  engagement: 'Engagement',
  mail: 'Mail',
  homes: 'Homes',
};

const bucketColumn = (p: InsightsPeriod) => (p.bucket === 'week' ? 'Week from' : 'Month from');

/** Series of the same buckets side by side: one row a bucket. */
function seriesTable(id: string, title: string, p: InsightsPeriod, series: [string, SeriesPoint[]][]): DataTable {
  const first = series[0]![1];
  return {
    id,
    title,
    columns: [bucketColumn(p), ...series.map(([name]) => name)],
    rows: first.map((point, i) => [point.bucket, ...series.map(([, s]) => s[i]?.value ?? 0)]),
  };
}

/** Totals beside the previous period's. */
function totalsTable(id: string, title: string, totals: [string, Total | { value: number | null; previous: number | null }][]): DataTable {
  return { id, title, columns: ['Figure', 'This period', 'Previous period'], rows: totals.map(([name, t]) => [name, t.value, t.previous]) };
}

type Tables<K extends InsightsPanel> = (data: Insights[K], p: InsightsPeriod) => DataTable[];

const membership: Tables<'membership'> = (m, p) => [
  totalsTable('membership.totals', 'Joined and lapsed', [
    ['Joined', m.joined],
    ['Lapsed', m.lapsed],
  ]),
  {
    id: 'membership.status',
    title: 'Members by status now',
    columns: ['Status', 'Members'],
    rows: [
      ['Active', m.status_now.active],
      ['Grace', m.status_now.grace],
      ['Lapsed', m.status_now.lapsed],
    ],
  },
  seriesTable('membership.joined_lapsed', 'Members joined and lapsed', p, [
    ['Joined', m.joined_series],
    ['Lapsed', m.lapsed_series],
  ]),
  {
    id: 'membership.renewals',
    title: 'Renewals due',
    columns: ['Within (days)', 'Members'],
    rows: m.renewals_due.map((r) => [r.days, r.value]),
  },
  { id: 'membership.by_type', title: 'Members by type', columns: ['Type', 'Members'], rows: m.by_type.map((r) => [r.label, r.value]) },
  {
    id: 'membership.by_country',
    title: 'Members by country',
    columns: ['Country', 'Members'],
    rows: m.by_country.map((r) => [r.label, r.value]),
  },
];

const applications: Tables<'applications'> = (a, p) => [
  totalsTable('applications.funnel', 'Applications received in the period, and where they are now', [
    ['Applied', a.applied],
    ['Accepted', a.accepted],
    ['Registered', a.registered],
    ['Rejected', a.rejected],
    ['Still pending', a.pending],
    ['Median days to a decision', a.median_days_to_decision],
  ]),
  seriesTable('applications.series', 'Applications received', p, [['Applications', a.applied_series]]),
];

const events: Tables<'events'> = (e, p) => {
  const eventRow = (x: Insights['events']['per_event'][number]): Cell[] => [x.date, x.title, x.capacity, x.taken, x.waitlist, x.fill_rate];
  const eventColumns = ['Date', 'Event', 'Capacity', 'Places taken', 'Waitlist at start', 'Fill rate (%)'];
  return [
    totalsTable('events.totals', 'Events held', [
      ['Events held', e.held],
      ['Places offered', e.places_offered],
      ['Places taken', e.places_taken],
      ['Waitlist at start', e.waitlist_at_start],
      ['Fill rate (%)', e.fill_rate],
    ]),
    seriesTable('events.series', 'Places taken', p, [['Places taken', e.places_taken_series]]),
    { id: 'events.per_event', title: 'Fill rate per event', columns: eventColumns, rows: e.per_event.map(eventRow) },
    {
      id: 'events.by_type',
      title: 'Participation by event type',
      columns: ['Type', 'Places taken'],
      rows: e.by_type.map((r) => [r.label, r.value]),
    },
  ];
};

const engagement: Tables<'engagement'> = (g, p) => [
  totalsTable('engagement.totals', 'Active members', [['Active members', g.active]]),
  seriesTable('engagement.series', 'Active members', p, [['Active members', g.active_series]]),
  {
    id: 'engagement.recent',
    title: 'Active in the last 30 days',
    columns: ['Active members', 'Members', 'Share (%)'],
    rows: [[g.active_last_30_days.active, g.active_last_30_days.members, g.active_last_30_days.share]],
  },
  {
    id: 'engagement.inactive',
    title: `Members inactive for ${g.inactive.days} days (${g.inactive.count})`,
    columns: ['Name', 'Email', 'Member since', 'Last activity'],
    rows: g.inactive.members.map((m) => [
      m.name,
      m.email,
      m.member_since,
      m.last_active_at ? m.last_active_at.slice(0, 10) : 'None recorded',
    ]),
  },
];

const mail: Tables<'mail'> = (m) => [
  totalsTable('mail.totals', 'Group mail', [
    ['Group mails sent', m.group_mails],
    ['Deliveries sent', m.sent],
    ['Deliveries failed', m.failed],
    ['Skipped (opted out)', m.skipped],
  ]),
  {
    id: 'mail.per_mail',
    title: 'Deliveries per mail',
    columns: ['Sent on', 'Subject', 'Recipients', 'Sent', 'Failed', 'Skipped (opted out)', 'Still sending'],
    rows: m.per_mail.map((x) => [x.sent_at.slice(0, 10), x.subject, x.recipients, x.sent, x.failed, x.skipped, x.pending]),
  },
  {
    id: 'mail.unsubscribes',
    title: 'Unsubscribes per email category',
    columns: ['Category', 'Turned off now', 'In this period', 'Previous period'],
    rows: m.unsubscribes.map((u) => [u.label, u.total, u.in_period.value, u.in_period.previous]),
  },
];

const homes: Tables<'homes'> = (h) => [
  totalsTable('homes.totals', 'Stays', [
    ['Stays requested', h.requested],
    ['Accepted', h.accepted],
    ['Declined', h.declined],
    ['Nights hosted', h.nights],
  ]),
  {
    id: 'homes.per_home',
    title: 'Stays per home',
    columns: ['Home', 'Host', 'Requested', 'Accepted', 'Declined', 'Nights hosted'],
    rows: h.per_home.map((x) => [x.title, x.host, x.requested, x.accepted, x.declined, x.nights]),
  },
];

const TABLES: { [K in InsightsPanel]: Tables<K> } = { membership, applications, events, engagement, mail, homes };

export function panelTables<K extends InsightsPanel>(panel: K, data: Insights[K], period: InsightsPeriod): DataTable[] {
  return TABLES[panel](data, period);
}

/** "Jan 01, 2026 to Mar 31, 2026" */
export function periodLabel(p: { from: string; to: string }): string {
  return `${formatDate(p.from)} to ${formatDate(p.to)}`;
}
