import { Link } from 'wouter';
import { formatDate } from '../../../../shared/date-format';
import type { EventFill } from '../../../../shared/schemas/insights';
import { Chart } from './chart';
import { bucketLabel, Figure, Figures, Panel, xTitleOf, type PanelProps } from './panel';

function Named({ title, events }: { title: string; events: EventFill[] }) {
  return (
    <div className="named-events">
      <h3>{title}</h3>
      {events.length === 0 ? (
        <p className="muted">No event with a capacity in this period.</p>
      ) : (
        <ol>
          {events.map((e) => (
            <li key={e.id}>
              <Link href={`/events/${e.id}`}>{e.title}</Link>{' '}
              <span className="muted">
                {formatDate(e.date)}: {e.taken} of {e.capacity} ({e.fill_rate}%)
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function EventsPanel({ data: e, period, before, tables }: PanelProps<'events'>) {
  const capped = e.per_event.filter((x) => x.fill_rate !== null);
  return (
    <Panel panel="events" period={period}>
      <Figures>
        <Figure label="Events held" total={e.held} before={before} />
        <Figure label="Places offered" total={e.places_offered} before={before} />
        <Figure label="Places taken" total={e.places_taken} before={before} />
        <Figure label="Waitlist at start" total={e.waitlist_at_start} before={before} />
        <Figure label="Fill rate" total={e.fill_rate} before={before} unit="%" />
      </Figures>
      <div className="charts">
        <Chart
          title="Fill rate per event"
          kind="dots"
          labels={capped.map((x) => formatDate(x.date).slice(0, 6))}
          detail={capped.map((x) => `${x.title}, ${formatDate(x.date)} (${x.taken} of ${x.capacity})`)}
          xTitle="Events with a capacity, by date"
          yTitle="Fill rate (%)"
          unit="%"
          yMax={100}
          series={[{ label: 'Fill rate', values: capped.map((x) => x.fill_rate!) }]}
          table={tables['events.per_event']!}
          summary={`Fill rate of ${capped.length} events with a capacity; ${e.fill_rate.value ?? 0}% of the places offered were taken.`}
        />
        <Chart
          title="Participation by event type"
          kind="bar"
          labels={e.by_type.map((r) => r.label)}
          xTitle="Event type"
          yTitle="Places taken"
          series={[{ label: 'Places taken', values: e.by_type.map((r) => r.value) }]}
          table={tables['events.by_type']!}
          summary={`Places taken by event type: ${e.by_type.map((r) => `${r.label} ${r.value}`).join(', ')}.`}
        />
        <Chart
          title="Places taken"
          kind="line"
          labels={e.places_taken_series.map((p) => bucketLabel(p.bucket, period.bucket))}
          xTitle={xTitleOf(period)}
          yTitle="Places taken"
          series={[{ label: 'Places taken', values: e.places_taken_series.map((p) => p.value) }]}
          table={tables['events.series']!}
          summary={`Places taken at the events held per ${period.bucket}, ${e.places_taken.value} in all.`}
        />
      </div>
      <div className="named-lists">
        <Named title="Fullest events" events={e.fullest} />
        <Named title="Emptiest events" events={e.emptiest} />
      </div>
    </Panel>
  );
}
