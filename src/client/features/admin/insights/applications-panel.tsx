import { Chart } from './chart';
import { bucketLabel, Figure, Figures, Panel, xTitleOf, type PanelProps } from './panel';

export function ApplicationsPanel({ data: a, period, before, tables }: PanelProps<'applications'>) {
  const funnel = [
    ['Applied', a.applied.value],
    ['Accepted', a.accepted.value],
    ['Registered', a.registered.value],
    ['Rejected', a.rejected.value],
    ['Still pending', a.pending.value],
  ] as const;
  return (
    <Panel panel="applications" period={period}>
      <Figures>
        <Figure label="Applied" total={a.applied} before={before} />
        <Figure label="Accepted" total={a.accepted} before={before} />
        <Figure label="Registered" total={a.registered} before={before} />
        <Figure label="Rejected" total={a.rejected} before={before} />
        <Figure label="Still pending" total={a.pending} before={before} />
        <Figure label="Median days to a decision" total={a.median_days_to_decision} before={before} />
      </Figures>
      <div className="charts">
        <Chart
          title="From application to member"
          kind="bar"
          labels={funnel.map(([label]) => label)}
          xTitle="Applications received in the period, by where they are now"
          yTitle="Applications"
          series={[{ label: 'Applications', values: funnel.map(([, v]) => v) }]}
          table={tables['applications.funnel']!}
          summary={`Of ${a.applied.value} applications, ${a.accepted.value} accepted, ${a.registered.value} registered, ${a.rejected.value} rejected, ${a.pending.value} pending.`}
        />
        <Chart
          title="Applications received"
          kind="line"
          labels={a.applied_series.map((p) => bucketLabel(p.bucket, period.bucket))}
          xTitle={xTitleOf(period)}
          yTitle="Applications"
          series={[{ label: 'Applications', values: a.applied_series.map((p) => p.value) }]}
          table={tables['applications.series']!}
          summary={`Applications received per ${period.bucket}, ${a.applied.value} in all.`}
        />
      </div>
    </Panel>
  );
}
