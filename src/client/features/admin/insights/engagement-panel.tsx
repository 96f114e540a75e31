import { Link } from 'wouter';
import { formatDate, formatInstantDate } from '../../../../shared/date-format';
import { Chart } from './chart';
import { DataTable } from './data-table';
import { bucketLabel, Figure, Figures, Panel, xTitleOf, type PanelProps } from './panel';

export function EngagementPanel({ data: g, period, before, tables }: PanelProps<'engagement'>) {
  const quiet = g.inactive.members;
  return (
    <Panel panel="engagement" period={period}>
      <p className="muted panel-note">Active: signed in, joined an event, commented, uploaded or wrote a message.</p>
      <Figures>
        <Figure label="Active members" total={g.active} before={before} />
        <Figure label="Active in the last 30 days" total={{ value: g.active_last_30_days.share, previous: null }} unit="%" />
        <Figure label={`Inactive for ${g.inactive.days} days`} total={{ value: g.inactive.count, previous: null }} />
      </Figures>
      <div className="charts">
        <Chart
          title="Active members"
          kind="line"
          labels={g.active_series.map((p) => bucketLabel(p.bucket, period.bucket))}
          xTitle={xTitleOf(period)}
          yTitle="Members active"
          series={[{ label: 'Active members', values: g.active_series.map((p) => p.value) }]}
          table={tables['engagement.series']!}
          summary={`Members active per ${period.bucket}; ${g.active.value} in the whole period.`}
        />
      </div>
      <div className="inactive-members">
        <div className="insights-subhead">
          <h3>
            Members inactive for {g.inactive.days} days ({g.inactive.count})
          </h3>
          {quiet.length ? (
            <Link className="button button-small" href={`/mail?group=selected&members=${quiet.map((m) => m.user_id).join(',')}`}>
              Write to {quiet.length === 1 ? 'her' : `these ${quiet.length}`}
            </Link>
          ) : null}
        </div>
        {quiet.length ? (
          <DataTable
            captionHidden
            table={{
              ...tables['engagement.inactive']!,
              rows: quiet.map((m) => [
                m.name,
                m.email,
                formatDate(m.member_since),
                m.last_active_at ? formatInstantDate(m.last_active_at) : 'None recorded',
              ]),
            }}
          />
        ) : (
          <p className="muted">Every member has been active in the last {g.inactive.days} days.</p>
        )}
        {g.inactive.count > quiet.length ? <p className="muted">The {quiet.length} quiet the longest are listed.</p> : null}
      </div>
    </Panel>
  );
}
