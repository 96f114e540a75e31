import { Link } from 'wouter';
import { formatDate, formatInstantDate } from '../../../../shared/date-format';
import { i18n } from '../locales/i18n';
import { Chart } from './chart';
import { DataTable } from './data-table';
import { bucketLabel, Figure, figureText, Figures, Panel, xTitleOf, type PanelProps } from './panel';

export function EngagementPanel({ data: g, period, before, tables }: PanelProps<'engagement'>) {
  const quiet = g.inactive.members;
  const inactiveTitle = i18n.t('{days, plural, one {Members inactive for # day ({count})} other {Members inactive for # days ({count})}}', {
    days: g.inactive.days,
    count: figureText(g.inactive.count),
  });
  return (
    <Panel panel="engagement" period={period}>
      <p className="muted panel-note">{i18n.t('Active: signed in, joined an event, commented, uploaded or wrote a message.')}</p>
      <Figures>
        <Figure label={i18n.t('Active members')} total={g.active} before={before} />
        <Figure label={i18n.t('Active in the last 30 days')} total={{ value: g.active_last_30_days.share, previous: null }} unit="%" />
        <Figure
          label={i18n.t('{count, plural, one {Inactive for # day} other {Inactive for # days}}', { count: g.inactive.days })}
          total={{ value: g.inactive.count, previous: null }}
        />
      </Figures>
      <div className="charts">
        <Chart
          title={i18n.t('Active members')}
          kind="line"
          labels={g.active_series.map((p) => bucketLabel(p.bucket, period.bucket))}
          xTitle={xTitleOf(period)}
          yTitle={i18n.t('Members active')}
          series={[{ label: i18n.t('Active members'), values: g.active_series.map((p) => p.value) }]}
          table={tables['engagement.series']!}
          summary={
            period.bucket === 'week'
              ? i18n.t('Members active per week; {count} in the whole period.', { count: figureText(g.active.value) })
              : i18n.t('Members active per month; {count} in the whole period.', { count: figureText(g.active.value) })
          }
        />
      </div>
      <div className="inactive-members">
        <div className="insights-subhead">
          <h3>{inactiveTitle}</h3>
          {quiet.length ? (
            <Link className="button button-small" href={`/mail?group=selected&members=${quiet.map((m) => m.user_id).join(',')}`}>
              {i18n.t('{count, plural, one {Write to her} other {Write to these #}}', { count: quiet.length })}
            </Link>
          ) : null}
        </div>
        {quiet.length ? (
          <DataTable
            captionHidden
            table={{
              ...tables['engagement.inactive']!,
              title: inactiveTitle,
              rows: quiet.map((m) => [
                m.name,
                m.email,
                formatDate(m.member_since),
                m.last_active_at ? formatInstantDate(m.last_active_at) : i18n.t('None recorded'),
              ]),
            }}
          />
        ) : (
          <p className="muted">
            {i18n.t(
              '{count, plural, one {Every member has been active in the last # day.} other {Every member has been active in the last # days.}}',
              {
                count: g.inactive.days,
              },
            )}
          </p>
        )}
        {g.inactive.count > quiet.length ? (
          <p className="muted">{i18n.t('The {count} quiet the longest are listed.', { count: figureText(quiet.length) })}</p>
        ) : null}
      </div>
    </Panel>
  );
}
