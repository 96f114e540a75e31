import { Link } from 'wouter';
import { translateText } from '../../../i18n/i18n';
import { i18n } from '../locales/i18n';
import { formatDate } from '../../../../shared/date-format';
import type { EventFill } from '../../../../shared/schemas/insights';
import { Chart } from './chart';
import { bucketLabel, Figure, figureText, Figures, listText, namedFigure, Panel, shortDay, xTitleOf, type PanelProps } from './panel';

function Named({ title, events }: { title: string; events: EventFill[] }) {
  return (
    <div className="named-events">
      <h3>{title}</h3>
      {events.length === 0 ? (
        <p className="muted">{i18n.t('No event with a capacity in this period.')}</p>
      ) : (
        <ol>
          {events.map((e) => (
            <li key={e.id}>
              <Link href={`/events/${e.id}`}>{e.title}</Link>{' '}
              <span className="muted">
                {i18n.t('{date}: {taken} of {capacity} ({rate})', {
                  date: formatDate(e.date),
                  taken: figureText(e.taken),
                  capacity: figureText(e.capacity),
                  rate: figureText(e.fill_rate, '%'),
                })}
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
        <Figure label={i18n.t('Events held')} total={e.held} before={before} />
        <Figure label={i18n.t('Places offered')} total={e.places_offered} before={before} />
        <Figure label={i18n.t('Places taken')} total={e.places_taken} before={before} />
        <Figure label={i18n.t('Waitlist at start')} total={e.waitlist_at_start} before={before} />
        <Figure label={i18n.t('Fill rate')} total={e.fill_rate} before={before} unit="%" />
      </Figures>
      <div className="charts">
        <Chart
          title={i18n.t('Fill rate per event')}
          kind="dots"
          labels={capped.map((x) => shortDay(x.date))}
          detail={capped.map((x) =>
            i18n.t('{title}, {date} ({taken} of {capacity})', {
              title: x.title,
              date: formatDate(x.date),
              taken: figureText(x.taken),
              capacity: figureText(x.capacity),
            }),
          )}
          xTitle={i18n.t('Events with a capacity, by date')}
          yTitle={i18n.t('Fill rate (%)')}
          unit="%"
          yMax={100}
          series={[{ label: i18n.t('Fill rate'), values: capped.map((x) => x.fill_rate!) }]}
          table={tables['events.per_event']!}
          summary={i18n.t('Fill rate of {count} events with a capacity; {rate} of the places offered were taken.', {
            count: figureText(capped.length),
            rate: figureText(e.fill_rate.value ?? 0, '%'),
          })}
        />
        <Chart
          title={i18n.t('Participation by event type')}
          kind="bar"
          labels={e.by_type.map((r) => translateText(r.label))}
          xTitle={i18n.t('Event type')}
          yTitle={i18n.t('Places taken')}
          series={[{ label: i18n.t('Places taken'), values: e.by_type.map((r) => r.value) }]}
          table={tables['events.by_type']!}
          summary={i18n.t('Places taken by event type: {list}.', {
            list: listText(e.by_type.map((r) => namedFigure(translateText(r.label), r.value))),
          })}
        />
        <Chart
          title={i18n.t('Places taken')}
          kind="line"
          labels={e.places_taken_series.map((p) => bucketLabel(p.bucket, period.bucket))}
          xTitle={xTitleOf(period)}
          yTitle={i18n.t('Places taken')}
          series={[{ label: i18n.t('Places taken'), values: e.places_taken_series.map((p) => p.value) }]}
          table={tables['events.series']!}
          summary={
            period.bucket === 'week'
              ? i18n.t('Places taken at the events held per week, {count} in all.', { count: figureText(e.places_taken.value) })
              : i18n.t('Places taken at the events held per month, {count} in all.', { count: figureText(e.places_taken.value) })
          }
        />
      </div>
      <div className="named-lists">
        <Named title={i18n.t('Fullest events')} events={e.fullest} />
        <Named title={i18n.t('Emptiest events')} events={e.emptiest} />
      </div>
    </Panel>
  );
}
