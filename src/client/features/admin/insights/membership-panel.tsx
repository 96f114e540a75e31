import { Link } from 'wouter';
import { i18n } from '../locales/i18n';
import { withNodes } from '../../../i18n/with-nodes';
import { Chart } from './chart';
import { bucketLabel, Figure, figureText, Figures, listText, namedFigure, Panel, xTitleOf, type PanelProps } from './panel';

/** User Management's filter for renewals due within each window. */
const DUE_FILTER: Record<number, string> = { 30: 'due', 60: 'due_60', 90: 'due_90' };

export function MembershipPanel({ data: m, period, before, tables }: PanelProps<'membership'>) {
  return (
    <Panel panel="membership" period={period}>
      <Figures>
        <Figure label={i18n.t('Active now')} total={{ value: m.status_now.active, previous: null }} />
        <Figure label={i18n.t('In grace now')} total={{ value: m.status_now.grace, previous: null }} />
        <Figure label={i18n.t('Lapsed now')} total={{ value: m.status_now.lapsed, previous: null }} />
        <Figure label={i18n.t('Joined')} total={m.joined} before={before} />
        <Figure label={i18n.t('Lapsed in the period')} total={m.lapsed} before={before} />
      </Figures>
      <ul className="renewals-due" aria-label={i18n.t('Renewals due')}>
        {m.renewals_due.map((r) => (
          <li key={r.days}>
            <Link href={`/users?status=${DUE_FILTER[r.days]}`}>
              {withNodes(
                (m) =>
                  i18n.t(
                    '{count, plural, one {{value} renewal due in the next {days} days} other {{value} renewals due in the next {days} days}}',
                    {
                      count: r.value,
                      days: figureText(r.days),
                      ...m,
                    },
                  ),
                { value: <strong>{figureText(r.value)}</strong> },
              )}
            </Link>
          </li>
        ))}
      </ul>
      <div className="charts">
        <Chart
          title={i18n.t('Members joined and lapsed')}
          kind="line"
          labels={m.joined_series.map((p) => bucketLabel(p.bucket, period.bucket))}
          xTitle={xTitleOf(period)}
          yTitle={i18n.t('Members')}
          series={[
            { label: i18n.t('Joined'), values: m.joined_series.map((p) => p.value) },
            { label: i18n.t('Lapsed'), values: m.lapsed_series.map((p) => p.value) },
          ]}
          table={tables['membership.joined_lapsed']!}
          summary={
            period.bucket === 'week'
              ? i18n.t('Members joined and lapsed per week: {joined} joined, {lapsed} lapsed.', {
                  joined: figureText(m.joined.value),
                  lapsed: figureText(m.lapsed.value),
                })
              : i18n.t('Members joined and lapsed per month: {joined} joined, {lapsed} lapsed.', {
                  joined: figureText(m.joined.value),
                  lapsed: figureText(m.lapsed.value),
                })
          }
        />
        <Chart
          title={i18n.t('Members by type')}
          kind="bar"
          labels={m.by_type.map((r) => r.label)}
          xTitle={i18n.t('Account type')}
          yTitle={i18n.t('Members')}
          series={[{ label: i18n.t('Members'), values: m.by_type.map((r) => r.value) }]}
          table={tables['membership.by_type']!}
          summary={i18n.t('Current members by type: {list}.', { list: listText(m.by_type.map((r) => namedFigure(r.label, r.value))) })}
        />
        <Chart
          title={i18n.t('Members by country')}
          kind="bar"
          labels={m.by_country.map((r) => r.label)}
          xTitle={i18n.t('Country (top 10)')}
          yTitle={i18n.t('Members')}
          series={[{ label: i18n.t('Members'), values: m.by_country.map((r) => r.value) }]}
          table={tables['membership.by_country']!}
          summary={i18n.t('Current members by country: {list}.', {
            list: listText(m.by_country.map((r) => namedFigure(r.label, r.value))),
          })}
        />
      </div>
    </Panel>
  );
}
