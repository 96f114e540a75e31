import { Link } from 'wouter';
import { Chart } from './chart';
import { bucketLabel, Figure, Figures, Panel, xTitleOf, type PanelProps } from './panel';

/** User Management's filter for renewals due within each window. */
const DUE_FILTER: Record<number, string> = { 30: 'due', 60: 'due_60', 90: 'due_90' };

export function MembershipPanel({ data: m, period, before, tables }: PanelProps<'membership'>) {
  return (
    <Panel panel="membership" period={period}>
      <Figures>
        <Figure label="Active now" total={{ value: m.status_now.active, previous: null }} />
        <Figure label="In grace now" total={{ value: m.status_now.grace, previous: null }} />
        <Figure label="Lapsed now" total={{ value: m.status_now.lapsed, previous: null }} />
        <Figure label="Joined" total={m.joined} before={before} />
        <Figure label="Lapsed in the period" total={m.lapsed} before={before} />
      </Figures>
      <ul className="renewals-due" aria-label="Renewals due">
        {m.renewals_due.map((r) => (
          <li key={r.days}>
            <Link href={`/users?status=${DUE_FILTER[r.days]}`}>
              <strong>{r.value}</strong> {r.value === 1 ? 'renewal' : 'renewals'} due in the next {r.days} days
            </Link>
          </li>
        ))}
      </ul>
      <div className="charts">
        <Chart
          title="Members joined and lapsed"
          kind="line"
          labels={m.joined_series.map((p) => bucketLabel(p.bucket, period.bucket))}
          xTitle={xTitleOf(period)}
          yTitle="Members"
          series={[
            { label: 'Joined', values: m.joined_series.map((p) => p.value) },
            { label: 'Lapsed', values: m.lapsed_series.map((p) => p.value) },
          ]}
          table={tables['membership.joined_lapsed']!}
          summary={`Members joined and lapsed per ${period.bucket}: ${m.joined.value} joined, ${m.lapsed.value} lapsed.`}
        />
        <Chart
          title="Members by type"
          kind="bar"
          labels={m.by_type.map((r) => r.label)}
          xTitle="Account type"
          yTitle="Members"
          series={[{ label: 'Members', values: m.by_type.map((r) => r.value) }]}
          table={tables['membership.by_type']!}
          summary={`Current members by type: ${m.by_type.map((r) => `${r.label} ${r.value}`).join(', ')}.`}
        />
        <Chart
          title="Members by country"
          kind="bar"
          labels={m.by_country.map((r) => r.label)}
          xTitle="Country (top 10)"
          yTitle="Members"
          series={[{ label: 'Members', values: m.by_country.map((r) => r.value) }]}
          table={tables['membership.by_country']!}
          summary={`Current members by country: ${m.by_country.map((r) => `${r.label} ${r.value}`).join(', ')}.`}
        />
      </div>
    </Panel>
  );
}
