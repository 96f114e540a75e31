import { useState, type FormEvent } from 'react';
import { formatDate } from '../../../../shared/date-format';
import { isIsoDate } from '../../../../shared/membership-term';
import type { InsightsPeriod } from '../../../../shared/schemas/insights';
import { i18n } from '../locales/i18n';
import { PRESETS, presetLabel, type PeriodChoice, type PresetKey } from './period';

/** The period every panel shows: four presets, or two dates (issue 42). */
export function PeriodPicker({
  choice,
  period,
  onChange,
}: {
  choice: PeriodChoice;
  period: InsightsPeriod | undefined;
  onChange: (next: { key: PresetKey } | { key: 'custom'; from: string; to: string }) => void;
}) {
  const [custom, setCustom] = useState(choice.key === 'custom');
  const [from, setFrom] = useState(choice.from ?? period?.from ?? '');
  const [to, setTo] = useState(choice.to ?? period?.to ?? '');
  const [error, setError] = useState('');
  function apply(e: FormEvent) {
    e.preventDefault();
    if (!isIsoDate(from) || !isIsoDate(to)) return setError(i18n.t('Choose both dates.'));
    if (to < from) return setError(i18n.t('The period ends before it starts.'));
    setError('');
    onChange({ key: 'custom', from, to });
  }
  return (
    <div className="period-picker">
      <div className="period-presets" role="group" aria-label={i18n.t('Period')}>
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={`button button-small ${choice.key === p && !custom ? '' : 'button-ghost'}`}
            aria-pressed={choice.key === p && !custom}
            onClick={() => {
              setCustom(false);
              onChange({ key: p });
            }}
          >
            {presetLabel(p)}
          </button>
        ))}
        <button
          type="button"
          className={`button button-small ${custom ? '' : 'button-ghost'}`}
          aria-pressed={custom}
          onClick={() => setCustom(true)}
        >
          {i18n.t('Two dates')}
        </button>
      </div>
      {custom ? (
        <form className="period-dates" onSubmit={apply} noValidate>
          <div className="field">
            <label htmlFor="insights-from">{i18n.t('From')}</label>
            <input id="insights-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="insights-to">{i18n.t('To')}</label>
            <input id="insights-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
          <button type="submit" className="button button-small">
            {i18n.t('Show')}
          </button>
          {error ? (
            <p className="form-message form-message-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
      {period ? (
        <p className="muted period-note">
          {i18n.t('{from} to {to}, compared with {previousFrom} to {previousTo} ({zone}).', {
            from: formatDate(period.from),
            to: formatDate(period.to),
            previousFrom: formatDate(period.previous.from),
            previousTo: formatDate(period.previous.to),
            zone: period.tz,
          })}
        </p>
      ) : null}
    </div>
  );
}
