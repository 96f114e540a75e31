import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatLongDate, formatMonthTitle, weekdayNames } from '../../../shared/date-ranges';
import type { AvailabilityWindow } from '../../../shared/schemas/homes';
import { i18n } from './locales/i18n';

/**
 * A home's availability as a month grid (issue 16): Monday-first weeks, nights inside an
 * availability window marked available, nights of accepted stays booked, past days dimmed, today
 * outlined. With onPick, a click (or Enter) on a check-in day and then on a check-out day fills
 * the stay request; the grid follows the APG date grid (one tab stop, arrows, Home/End,
 * Page Up/Down). Days are yyyy-mm-dd calendar days, computed in UTC like the server's.
 */

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (d: string) => Date.parse(`${d}T00:00:00Z`);
const addDays = (d: string, n: number) => toDay(msOf(d) + n * DAY_MS);
/** 0 for Monday … 6 for Sunday. */
const weekdayOf = (d: string) => (new Date(msOf(d)).getUTCDay() + 6) % 7;
const monthOf = (d: string) => d.slice(0, 7);
/** The first day of the month `n` months after d's month. */
function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  return toDay(Date.UTC(y!, m! - 1 + n, 1)).slice(0, 7);
}
/** The same day number n months later, clamped to that month's length. */
function sameDayInMonth(d: string, n: number): string {
  const target = addMonths(monthOf(d), n);
  const [y, m] = target.split('-').map(Number);
  const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  return `${target}-${String(Math.min(Number(d.slice(8)), last)).padStart(2, '0')}`;
}

/** The weeks of a month, Monday first; null pads the days of the neighbouring months. */
function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const days: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let d = first; monthOf(d) === month; d = addDays(d, 1)) days.push(d);
  while (days.length % 7) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
}

const inside = (d: string, windows: AvailabilityWindow[]) => windows.some((w) => w.start <= d && d < w.end);

/** How far ahead the grid goes: stays are requested months, not years, ahead. */
const MONTHS_AHEAD = 24;

export interface StayDates {
  start: string;
  end: string;
}

interface Props {
  availability: AvailabilityWindow[];
  booked: AvailabilityWindow[];
  /** The chosen check-in and check-out days, shown on the grid (typed ones too). */
  selection?: StayDates;
  /** Without it the grid only shows; with it, days are picked. */
  onPick?: (next: StayDates) => void;
}

export function AvailabilityCalendar({ availability, booked, selection, onPick }: Props) {
  // Today (UTC, as the server counts), read once: the grid keeps its day while the page stays open.
  const [today] = useState(() => toDay(Date.now()));
  const firstMonth = monthOf(today);
  const lastMonth = addMonths(firstMonth, MONTHS_AHEAD);
  // Open on the month of the first window not over yet (or this month).
  const upcoming = availability.find((w) => w.end > today);
  const opening = upcoming && upcoming.start > today ? upcoming.start : today;
  const [month, setMonth] = useState(() => (monthOf(opening) > lastMonth ? firstMonth : monthOf(opening)));
  const [focusDay, setFocusDay] = useState(opening);
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  const start = selection?.start ?? '';
  const end = selection?.end && selection.end > start ? selection.end : '';
  const picking = Boolean(onPick);

  const showMonth = (m: string) => {
    const next = m < firstMonth ? firstMonth : m > lastMonth ? lastMonth : m;
    setMonth(next);
    if (monthOf(focusDay) !== next) setFocusDay(next === firstMonth ? today : `${next}-01`);
  };

  const moveFocus = (d: string) => {
    const clamped = d < `${firstMonth}-01` ? `${firstMonth}-01` : monthOf(d) > lastMonth ? focusDay : d;
    moved.current = true;
    setFocusDay(clamped);
    setMonth(monthOf(clamped));
  };

  const statusOf = (d: string) => {
    const past = d < today;
    const isBooked = inside(d, booked);
    const available = !isBooked && inside(d, availability);
    return { past, isBooked, available };
  };

  const pick = (d: string) => {
    if (!onPick) return;
    const { past, available } = statusOf(d);
    if (past) return;
    // A second click after the check-in day is the check-out (which may itself be a closed day:
    // guests leave that morning); anything else starts a new choice, on an open night.
    if (start && !end && d > start) onPick({ start, end: d });
    else if (available) onPick({ start: d, end: '' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focusDay, -1),
      ArrowRight: () => addDays(focusDay, 1),
      ArrowUp: () => addDays(focusDay, -7),
      ArrowDown: () => addDays(focusDay, 7),
      Home: () => addDays(focusDay, -weekdayOf(focusDay)),
      End: () => addDays(focusDay, 6 - weekdayOf(focusDay)),
      PageUp: () => sameDayInMonth(focusDay, -1),
      PageDown: () => sameDayInMonth(focusDay, 1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    moveFocus(move());
  };

  const hint = !picking
    ? null
    : start && !end
      ? i18n.t('Now choose your check-out day.')
      : start && end
        ? i18n.t('Dates chosen. Choose another day to start again.')
        : i18n.t('Choose your check-in day, then your check-out day.');

  return (
    <div className="home-calendar">
      <div className="home-calendar-head">
        <button
          type="button"
          className="icon-button home-calendar-nav"
          aria-label={i18n.t('Previous month')}
          disabled={month <= firstMonth}
          onClick={() => showMonth(addMonths(month, -1))}
        >
          ‹
        </button>
        <h3 id="calendar-month" aria-live="polite">
          {formatMonthTitle(month)}
        </h3>
        <button
          type="button"
          className="icon-button home-calendar-nav"
          aria-label={i18n.t('Next month')}
          disabled={month >= lastMonth}
          onClick={() => showMonth(addMonths(month, 1))}
        >
          ›
        </button>
      </div>
      <table ref={grid} className="home-calendar-grid" role="grid" aria-labelledby="calendar-month" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdayNames().map((w) => (
              <th key={w.long} scope="col" abbr={w.long}>
                {w.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week, i) => (
            <tr key={i}>
              {week.map((d, j) => {
                if (!d) return <td key={`pad-${j}`} className="home-calendar-pad" />;
                const { past, isBooked, available } = statusOf(d);
                const chosen = d === start || d === end;
                const within = Boolean(start && end && d > start && d < end);
                const state = past ? 'past' : isBooked ? 'booked' : available ? 'available' : 'closed';
                const dayState = past
                  ? i18n.t('past')
                  : isBooked
                    ? i18n.t('booked')
                    : available
                      ? i18n.t('available')
                      : i18n.t('not available');
                const inStay = d === start ? i18n.t('check-in') : d === end ? i18n.t('check-out') : within ? i18n.t('in your stay') : '';
                const label = inStay
                  ? i18n.t('{date}, {state}, {stay}', { date: formatLongDate(d), state: dayState, stay: inStay })
                  : i18n.t('{date}, {state}', { date: formatLongDate(d), state: dayState });
                const className = [
                  'home-calendar-day',
                  `is-${state}`,
                  d === today ? 'is-today' : '',
                  chosen ? 'is-chosen' : within ? 'is-within' : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={d} aria-selected={picking ? chosen || within : undefined}>
                    <button
                      type="button"
                      data-day={d}
                      className={className}
                      tabIndex={d === focusDay ? 0 : -1}
                      aria-label={label}
                      aria-current={d === today ? 'date' : undefined}
                      aria-disabled={!picking || past || undefined}
                      onClick={() => {
                        setFocusDay(d);
                        pick(d);
                      }}
                    >
                      {Number(d.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="home-calendar-legend" aria-label={i18n.t('Legend')}>
        <li>
          <span className="home-calendar-swatch is-available" aria-hidden="true" /> {i18n.t('Available')}
        </li>
        <li>
          <span className="home-calendar-swatch is-booked" aria-hidden="true" /> {i18n.t('Booked')}
        </li>
        <li>
          <span className="home-calendar-swatch is-today" aria-hidden="true" /> {i18n.t('Today')}
        </li>
        {picking ? (
          <li>
            <span className="home-calendar-swatch is-chosen" aria-hidden="true" /> {i18n.t('Your stay')}
          </li>
        ) : null}
      </ul>
      {hint ? (
        <p className="field-hint home-calendar-hint" role="status">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
