import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { withNodes } from '../../i18n/with-nodes';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { formatRange, place } from './homes-format';
import './homes.css';
import { i18n } from './locales/i18n';

function HostingProgress() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.homes.hostingSummary.queryOptions());
  if (!summary.data) return null;
  const { nightsHosted, minimum, year } = summary.data;
  const pct = Math.min(100, Math.round((nightsHosted / minimum) * 100));
  return (
    <section className="card hosting-summary" aria-labelledby="hosting-title">
      <h2 id="hosting-title">{i18n.t('Hosting in {year}', { year: String(year) })}</h2>
      <p>
        {withNodes(
          (m) =>
            nightsHosted >= minimum
              ? i18n.t('{hosted} of {minimum} nights hosted or booked: the Hosting tier’s month is reached. Thank you!', { ...m, minimum })
              : i18n.t('{hosted} of {minimum} nights hosted or booked. The Hosting tier asks for a month a year.', { ...m, minimum }),
          { hosted: <strong>{nightsHosted}</strong> },
        )}
      </p>
      <div
        className="hosting-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={minimum}
        aria-valuenow={Math.min(nightsHosted, minimum)}
        aria-label={i18n.t('Nights hosted this year')}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
    </section>
  );
}

/** /homes/mine: the host's homes (the application's property first, as a draft to complete) and her year's nights. */
export function MyHomesPage() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.homes.list.queryOptions({ scope: 'mine', limit: 100 }));
  return (
    <section className="page">
      <header className="page-head homes-head">
        <div>
          <h1>{i18n.t('My homes')}</h1>
          <p className="lead">{i18n.t('The homes you open to members, and the nights you hosted this year.')}</p>
        </div>
        <div className="homes-tools">
          <Link href="/homes/requests" className="button button-ghost">
            {i18n.t('Stay requests')}
          </Link>
          {mine.data?.can_create ? (
            <Link href="/homes/new" className="button">
              {i18n.t('List a home')}
            </Link>
          ) : null}
        </div>
      </header>
      <HostingProgress />
      {mine.isPending ? (
        <p className="page-status">{i18n.t('Loading your homes…')}</p>
      ) : mine.isError ? (
        <p className="homes-empty">{errorMessage(mine.error, i18n.t('Your homes could not be loaded.'))}</p>
      ) : mine.data.items.length === 0 ? (
        <p className="homes-empty">
          {mine.data.can_create ? i18n.t('You have not listed a home yet.') : i18n.t('Homes are listed by Travel Hosts.')}
        </p>
      ) : (
        <ul className="my-homes">
          {mine.data.items.map((h) => (
            <li key={h.id} className="card my-home">
              <div>
                <h2>
                  <Link href={`/homes/${h.id}`}>{h.title}</Link>
                </h2>
                <p className="home-card-place">{place(h) || i18n.t('City and country to add')}</p>
                <p className="home-card-dates">
                  {h.next_available ? i18n.t('Next open {dates}', { dates: formatRange(h.next_available) }) : i18n.t('No open dates')}
                </p>
                {h.state !== 'listed' ? (
                  <span className={`badge home-state-${h.state}`}>
                    {h.state === 'draft' ? i18n.t('Draft') : i18n.t('Hidden by an admin')}
                  </span>
                ) : null}
              </div>
              {h.can_edit ? (
                <Link href={`/homes/${h.id}/edit`} className={`button ${h.state === 'draft' ? '' : 'button-ghost'}`}>
                  {h.state === 'draft' ? i18n.t('Complete this home') : i18n.t('Edit')}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
