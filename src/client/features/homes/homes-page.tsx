import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { COUNTRIES } from '../../../shared/countries';
import type { HomeCard } from '../../../shared/schemas/homes';
import { SelectField } from '../../components/field';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { HomeFacts } from './home-facts';
import { GuestsField, StayDateFields } from './stay-fields';
import { formatRange, place } from './homes-format';
import './homes.css';
import { i18n } from './locales/i18n';

interface Filters {
  country: string;
  from: string;
  to: string;
  guests: string;
}
const EMPTY: Filters = { country: '', from: '', to: '', guests: '' };
/** The cards of the grid's first row on a wide screen (one is the whole row on a phone). */
const FIRST_ROW = 3;

/**
 * A home's card: its title's link covers the card (one tab stop to the home), and the host's name
 * above it is a link of its own to her profile (a link inside a link is not valid HTML).
 */
function HomeCardView({ home, index }: { home: HomeCard; index: number }) {
  return (
    <li className="home-card">
      <div className="home-card-photo">
        {home.photo ? (
          // The first row's photos are on the first screen (its largest content): asked for at once.
          <img
            src={home.photo.thumb_url}
            alt=""
            loading={index < FIRST_ROW ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
        ) : (
          <span aria-hidden="true">⌂</span>
        )}
      </div>
      <div className="home-card-body">
        <h2>
          <Link href={`/homes/${home.id}`} className="home-card-link">
            {home.title}
          </Link>
        </h2>
        <p className="home-card-place">{place(home)}</p>
        <p className="home-card-meta">
          <HomeFacts home={home} withPlace={false} />
        </p>
        <p className="home-card-dates">
          {home.next_available
            ? i18n.t('Next available {dates}', { dates: formatRange(home.next_available) })
            : i18n.t('No dates open yet')}
        </p>
        {home.state !== 'listed' ? (
          <span className={`badge home-state-${home.state}`}>{home.state === 'draft' ? i18n.t('Draft') : i18n.t('Hidden')}</span>
        ) : null}
      </div>
    </li>
  );
}

/** /homes: every member browses the listed homes, by country, dates and guests. */
export function HomesPage() {
  const trpc = useTRPC();
  const [form, setForm] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const checks = useFormErrors({
    values: form,
    validate: (v) => ({
      from: v.to && !v.from ? i18n.t('Give both dates, or neither.') : undefined,
      to: v.from && !v.to ? i18n.t('Give both dates, or neither.') : undefined,
      guests: v.guests && !(Number(v.guests) >= 1 && Number(v.guests) <= 50) ? i18n.t('From 1 to 50 guests.') : undefined,
    }),
  });
  const input = {
    country: applied.country || undefined,
    from: applied.from || undefined,
    to: applied.to || undefined,
    guests: applied.guests ? Number(applied.guests) : undefined,
  };
  const list = useInfiniteQuery(
    trpc.homes.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor ?? undefined, initialCursor: undefined }),
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const canCreate = list.data?.pages[0]?.can_create ?? false;
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (checks.check()) setApplied(form);
  };
  return (
    <section className="page homes-page">
      <header className="page-head homes-head">
        <div>
          <h1>{i18n.t('Homes')}</h1>
          <p className="lead">{i18n.t('Stay with a Travel Host of the club: a private home exchange among members.')}</p>
        </div>
        <div className="homes-tools">
          <Link href="/homes/requests" className="button button-ghost">
            {i18n.t('Stay requests')}
          </Link>
          {canCreate ? (
            <Link href="/homes/mine" className="button">
              {i18n.t('My homes')}
            </Link>
          ) : null}
        </div>
      </header>
      <form className="homes-filters card" onSubmit={submit} aria-label={i18n.t('Find a home')} {...checks.formProps}>
        <SelectField label={i18n.t('Country')} value={form.country} onChange={set('country')}>
          <option value="">{i18n.t('Any country')}</option>
          {COUNTRIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <StayDateFields
          start={form.from}
          end={form.to}
          onStart={(from) => setForm((f) => ({ ...f, from }))}
          onEnd={(to) => setForm((f) => ({ ...f, to }))}
          errors={{ start: checks.errors.from, end: checks.errors.to }}
        />
        <GuestsField max={50} value={form.guests} onChange={set('guests')} error={checks.errors.guests} />
        <div className="homes-filter-actions">
          <button type="submit" className="button">
            {i18n.t('Search')}
          </button>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setForm(EMPTY);
              setApplied(EMPTY);
              checks.clear();
            }}
          >
            {i18n.t('Clear')}
          </button>
        </div>
      </form>
      {list.isPending ? (
        <p className="page-status">{i18n.t('Loading homes…')}</p>
      ) : list.isError ? (
        <p className="homes-empty">{errorMessage(list.error, i18n.t('The homes could not be loaded. Please try again later.'))}</p>
      ) : items.length === 0 ? (
        <p className="homes-empty">{i18n.t('No home matches these dates and places yet.')}</p>
      ) : (
        <ul className="home-grid">
          {items.map((h, i) => (
            <HomeCardView key={h.id} home={h} index={i} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <p className="homes-more">
          <button
            type="button"
            className="button button-ghost"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? i18n.t('Loading…') : i18n.t('Load more')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
