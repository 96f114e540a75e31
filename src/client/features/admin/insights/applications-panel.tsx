import { i18n } from '../locales/i18n';
import { Chart } from './chart';
import { bucketLabel, Figure, figureText, Figures, Panel, xTitleOf, type PanelProps } from './panel';

export function ApplicationsPanel({ data: a, period, before, tables }: PanelProps<'applications'>) {
  const funnel = [
    [i18n.t('Applied'), a.applied.value],
    [i18n.t('Accepted'), a.accepted.value],
    [i18n.t('Registered'), a.registered.value],
    [i18n.t('Rejected'), a.rejected.value],
    [i18n.t('Still pending'), a.pending.value],
  ] as const;
  return (
    <Panel panel="applications" period={period}>
      <Figures>
        <Figure label={i18n.t('Applied')} total={a.applied} before={before} />
        <Figure label={i18n.t('Accepted')} total={a.accepted} before={before} />
        <Figure label={i18n.t('Registered')} total={a.registered} before={before} />
        <Figure label={i18n.t('Rejected')} total={a.rejected} before={before} />
        <Figure label={i18n.t('Still pending')} total={a.pending} before={before} />
        <Figure label={i18n.t('Median days to a decision')} total={a.median_days_to_decision} before={before} />
      </Figures>
      <div className="charts">
        <Chart
          title={i18n.t('From application to member')}
          kind="bar"
          labels={funnel.map(([label]) => label)}
          xTitle={i18n.t('Applications received in the period, by where they are now')}
          yTitle={i18n.t('Applications')}
          series={[{ label: i18n.t('Applications'), values: funnel.map(([, v]) => v) }]}
          table={tables['applications.funnel']!}
          summary={i18n.t(
            'Of {applied} applications, {accepted} accepted, {registered} registered, {rejected} rejected, {pending} pending.',
            {
              applied: figureText(a.applied.value),
              accepted: figureText(a.accepted.value),
              registered: figureText(a.registered.value),
              rejected: figureText(a.rejected.value),
              pending: figureText(a.pending.value),
            },
          )}
        />
        <Chart
          title={i18n.t('Applications received')}
          kind="line"
          labels={a.applied_series.map((p) => bucketLabel(p.bucket, period.bucket))}
          xTitle={xTitleOf(period)}
          yTitle={i18n.t('Applications')}
          series={[{ label: i18n.t('Applications'), values: a.applied_series.map((p) => p.value) }]}
          table={tables['applications.series']!}
          summary={
            period.bucket === 'week'
              ? i18n.t('Applications received per week, {count} in all.', { count: figureText(a.applied.value) })
              : i18n.t('Applications received per month, {count} in all.', { count: figureText(a.applied.value) })
          }
        />
      </div>
    </Panel>
  );
}
