import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { nightsBetween, StayRequestFieldsSchema, type HomeView } from '../../../shared/schemas/homes';
import { formatShortRange } from '../../../shared/date-ranges';
import { BackLink } from '../../components/back-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage, TextAreaField } from '../../components/field';
import { useToast } from '../../components/toast';
import { useFormErrors, zodFieldErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { AvailabilityCalendar, type StayDates } from './availability-calendar';
import { HomeFacts } from './home-facts';
import { HomePhotos } from './home-photos';
import { GuestsField, StayDateFields } from './stay-fields';
import { amenityLabel, formatRange, place } from './homes-format';
import './homes.css';
import { i18n } from './locales/i18n';

/** The dates are the page's, shared with the calendar, where a click on two days fills them. */
function RequestStayForm({ home, dates, setDates }: { home: HomeView; dates: StayDates; setDates: (d: StayDates) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState({ guests: '1', message: '' });
  const values = { start_date: dates.start, end_date: dates.end, ...form };
  const errors = useFormErrors({
    values,
    validate: (v) => {
      const found = zodFieldErrors(StayRequestFieldsSchema.safeParse(v).error);
      if (!v.start_date) found.start_date = i18n.t('Choose the check-in day.');
      if (!v.end_date) found.end_date = i18n.t('Choose the check-out day.');
      if (!found.guests && Number(v.guests) > home.max_guests)
        found.guests = i18n.t('This home sleeps at most {count, plural, one {# guest} other {# guests}}.', { count: home.max_guests });
      return found;
    },
  });
  const request = useMutation(
    trpc.homes.requestStay.mutationOptions({
      onSuccess: async () => {
        toast(i18n.t('Your request was sent to the host.'), 'success');
        setForm({ guests: '1', message: '' });
        setDates({ start: '', end: '' });
        errors.clear();
        await queryClient.invalidateQueries(trpc.homes.pathFilter());
      },
      onError: (err) => errors.show(fieldErrors(err)),
    }),
  );
  const serverFields = request.error ? Object.keys(fieldErrors(request.error)).length : 0;
  const nights = dates.start && dates.end && dates.end > dates.start ? nightsBetween(dates.start, dates.end) : 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!errors.check()) return;
    request.mutate({ homeId: home.id, ...values, guests: Number(form.guests) });
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <form className="card home-request" onSubmit={submit} aria-labelledby="request-title" {...errors.formProps}>
      <h2 id="request-title">{i18n.t('Request a stay')}</h2>
      <div className="home-request-dates">
        <StayDateFields
          start={dates.start}
          end={dates.end}
          onStart={(start) => setDates({ ...dates, start })}
          onEnd={(end) => setDates({ ...dates, end })}
          errors={{ start: errors.errors.start_date, end: errors.errors.end_date }}
          names={{ start: 'start_date', end: 'end_date' }}
          required
        />
      </div>
      <GuestsField name="guests" max={home.max_guests} required value={form.guests} onChange={set('guests')} error={errors.errors.guests} />
      <TextAreaField
        label={i18n.t('Message to the host')}
        name="message"
        rows={3}
        maxLength={2000}
        value={form.message}
        onChange={set('message')}
        error={errors.errors.message}
      />
      {nights ? <p className="field-hint">{i18n.t('{count, plural, one {# night} other {# nights}}', { count: nights })}</p> : null}
      <FormMessage>
        {request.error && !serverFields ? errorMessage(request.error, i18n.t('The request could not be sent.')) : null}
      </FormMessage>
      <button type="submit" className="button" disabled={request.isPending}>
        {request.isPending ? i18n.t('Sending…') : i18n.t('Request a stay')}
      </button>
    </form>
  );
}

/**
 * Her requests and stays at this home, until they are over (issue 31): "Your request: Dec 10–14,
 * pending" stays on the page after she sends it, with Withdraw request until the host decides.
 */
function YourStays({ stays }: { stays: HomeView['my_stays'] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [withdrawing, setWithdrawing] = useState<HomeView['my_stays'][number] | null>(null);
  const cancel = useMutation(
    trpc.homes.updateStay.mutationOptions({
      onSuccess: async () => {
        setWithdrawing(null);
        toast(i18n.t('Your request was withdrawn. The host is told.'), 'info');
        await queryClient.invalidateQueries(trpc.homes.pathFilter());
      },
      onError: (err) => {
        setWithdrawing(null);
        toast(errorMessage(err, i18n.t('The request could not be withdrawn.')), 'error');
      },
    }),
  );
  if (stays.length === 0) return null;
  const line = (s: HomeView['my_stays'][number]) => {
    const values = { dates: formatShortRange(s.start_date, s.end_date) };
    return {
      pending: i18n.t('Your request: {dates}, pending', values),
      accepted: i18n.t('Your stay: {dates}, accepted', values),
      declined: i18n.t('Your stay: {dates}, declined', values),
      cancelled: i18n.t('Your stay: {dates}, cancelled', values),
    }[s.status];
  };
  // One stay: its line is the card's heading; several: a heading, then a line each.
  const single = stays.length === 1;
  return (
    <section className="card home-your-stays" aria-labelledby="your-stays-title">
      <h2 id="your-stays-title" className={single ? `home-your-stay-line home-your-stay-${stays[0]!.status}` : undefined}>
        {single ? line(stays[0]!) : i18n.t('Your requests and stays here')}
      </h2>
      <ul className="home-your-stay-list">
        {stays.map((s) => (
          <li key={s.id} className={`home-your-stay home-your-stay-${s.status}`}>
            {single ? null : <p className="home-your-stay-line">{line(s)}</p>}
            {s.status === 'pending' ? (
              <p className="field-hint">{i18n.t('The host has been asked; you will get an email when she answers.')}</p>
            ) : null}
            {s.status === 'pending' && s.can_cancel ? (
              <button type="button" className="button button-ghost button-small" onClick={() => setWithdrawing(s)}>
                {i18n.t('Withdraw request')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={withdrawing !== null}
        title={i18n.t('Withdraw your request?')}
        message={
          withdrawing
            ? i18n.t('Your request for {dates} is withdrawn and the host is told.', {
                dates: formatShortRange(withdrawing.start_date, withdrawing.end_date),
              })
            : ''
        }
        confirmLabel={i18n.t('Withdraw request')}
        cancelLabel={i18n.t('Keep it')}
        busy={cancel.isPending}
        onConfirm={() => withdrawing && cancel.mutate({ id: withdrawing.id, status: 'cancelled' })}
        onCancel={() => setWithdrawing(null)}
      />
    </section>
  );
}

/** /homes/{id}: the home, its photos, availability and booked dates, and Request a stay. */
export function HomeDetailPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const home = useQuery(trpc.homes.get.queryOptions({ id: Number(id) }));
  const [dates, setDates] = useState<StayDates>({ start: '', end: '' });
  const hide = useMutation(
    trpc.homes.setHidden.mutationOptions({
      onSuccess: async (h) => {
        toast(h.state === 'hidden' ? i18n.t('The home is hidden from members.') : i18n.t('The home is shown to members again.'), 'success');
        await queryClient.invalidateQueries(trpc.homes.pathFilter());
      },
      onError: (err) => toast(errorMessage(err, i18n.t('The home could not be changed.')), 'error'),
    }),
  );
  if (home.isPending) return <p className="page page-status">{i18n.t('Loading the home…')}</p>;
  if (home.isError) return <p className="page homes-empty">{errorMessage(home.error, i18n.t('This home could not be loaded.'))}</p>;
  const h = home.data;
  return (
    <article className="page home-detail">
      <p className="home-back">
        <BackLink href="/homes">{i18n.t('All homes')}</BackLink>
      </p>
      <header className="page-head homes-head">
        <div>
          <h1>{h.title}</h1>
          <p className="lead home-lead">
            <HomeFacts home={h} hostAvatar="sm" />
          </p>
          {h.state !== 'listed' ? (
            <span className={`badge home-state-${h.state}`}>
              {h.state === 'draft' ? i18n.t('Draft: not listed yet') : i18n.t('Hidden by an admin')}
            </span>
          ) : null}
        </div>
        <div className="homes-tools">
          {h.can_edit ? (
            <Link href={`/homes/${h.id}/edit`} className="button button-ghost">
              {i18n.t('Edit home')}
            </Link>
          ) : null}
          {h.can_hide ? (
            <button
              type="button"
              className="button button-ghost"
              disabled={hide.isPending}
              onClick={() => hide.mutate({ id: h.id, hidden: h.state !== 'hidden' })}
            >
              {h.state === 'hidden' ? i18n.t('Unhide home') : i18n.t('Hide home')}
            </button>
          ) : null}
        </div>
      </header>
      <HomePhotos photos={h.photos} title={h.title} host={h.host} />
      <div className="home-columns">
        <div className="home-main">
          <section className="card">
            <h2>{i18n.t('Where')}</h2>
            {h.can_see_address ? (
              <p className="home-address" dir="auto">
                {h.address}
              </p>
            ) : (
              <p>
                {place(h)}. <span className="field-hint">{i18n.t('The exact address is shared once the host accepts your stay.')}</span>
              </p>
            )}
          </section>
          {h.description ? (
            <section className="card">
              <h2>{i18n.t('About the home')}</h2>
              <p className="home-text" dir="auto">
                {h.description}
              </p>
            </section>
          ) : null}
          {h.amenities.length ? (
            <section className="card">
              <h2>{i18n.t('Amenities')}</h2>
              <ul className="home-amenities">
                {h.amenities.map((a) => (
                  <li key={a}>{amenityLabel(a)}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {h.house_rules ? (
            <section className="card">
              <h2>{i18n.t('House rules')}</h2>
              <p className="home-text" dir="auto">
                {h.house_rules}
              </p>
            </section>
          ) : null}
        </div>
        <aside className="home-side">
          <section className="card" aria-labelledby="availability-title">
            <h2 id="availability-title">{i18n.t('Availability')}</h2>
            <AvailabilityCalendar
              availability={h.availability}
              booked={h.booked}
              selection={h.can_request ? dates : undefined}
              onPick={h.can_request ? setDates : undefined}
            />
            <h3>{i18n.t('Open dates')}</h3>
            {h.availability.length ? (
              <ul className="home-windows">
                {h.availability.map((w) => (
                  <li key={w.start}>{formatRange(w)}</li>
                ))}
              </ul>
            ) : (
              <p>{i18n.t('No dates open yet.')}</p>
            )}
            {h.booked.length ? (
              <>
                <h3>{i18n.t('Already booked')}</h3>
                <ul className="home-windows home-booked">
                  {h.booked.map((w) => (
                    <li key={w.start}>{formatRange(w)}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
          <YourStays stays={h.my_stays} />
          {h.can_request ? <RequestStayForm home={h} dates={dates} setDates={setDates} /> : null}
        </aside>
      </div>
    </article>
  );
}
