import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { EVENT_TYPES, EXCLUSIVITY } from '../../../shared/constants';
import { COUNTRIES, UNITED_STATES } from '../../../shared/countries';
import { formatTime12, localTimeZone } from '../../../shared/date-format';
import { EVENT_CREATE_DEFAULTS } from '../../../shared/event-defaults';
import type { EventDto } from '../../../shared/schemas/events';
import { US_STATES } from '../../../shared/us-states';
import { FormMessage, SelectField, TextAreaField, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { useFormErrors } from '../../components/use-form-errors';
import { useToast } from '../../components/toast';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { BannerPicker } from './banner-picker';
import { ColorPicker } from './color-picker';
import { formatList } from '../../i18n/intl-locale';
import { typeLabel } from './event-types';
import { i18n } from './locales/i18n';

const STEPS = [() => i18n.t('Overview'), () => i18n.t('Date & Location')] as const;
const STEP_FIELDS: Record<number, string[]> = {
  0: ['title', 'type', 'exclusivity', 'capacity', 'circle_id', 'description', 'note', 'color', 'banner_image_id'],
  1: [
    'event_date',
    'end_date',
    'start_time',
    'end_time',
    'time_zone',
    'is_physical',
    'location',
    'zip_code',
    'city',
    'state',
    'country',
    'virtual_link',
  ],
};

interface FormState {
  title: string;
  type: string;
  exclusivity: string;
  description: string;
  note: string;
  color: string;
  event_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  time_zone: string;
  is_physical: boolean;
  location: string;
  zip_code: string;
  city: string;
  state: string;
  country: string;
  virtual_link: string;
  /** Digits, or empty for no limit. */
  capacity: string;
  /** The id of one of her circles (issue 39), or empty for none. */
  circle_id: string;
}

function timeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const all = intl.supportedValuesOf?.('timeZone') ?? [];
  return [...new Set(['UTC', ...all, current])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

function initialState(event?: EventDto): FormState {
  if (!event) {
    return {
      title: '',
      type: 'none',
      exclusivity: 'open',
      description: '',
      note: '',
      color: '#d3d3d3',
      event_date: '',
      end_date: '',
      start_time: '',
      end_time: '',
      time_zone: localTimeZone(),
      is_physical: true,
      location: '',
      zip_code: '',
      city: '',
      state: '',
      country: '',
      virtual_link: '',
      capacity: '',
      circle_id: '',
    };
  }
  return {
    title: event.title,
    type: event.type,
    exclusivity: event.exclusivity,
    description: event.description,
    note: event.note ?? '',
    color: event.color,
    // The date as yyyy-mm-dd, as the date input expects.
    event_date: event.event_date.slice(0, 10),
    end_date: event.end_date?.slice(0, 10) ?? '',
    start_time: event.start_time,
    end_time: event.end_time,
    time_zone: event.time_zone,
    is_physical: event.is_physical,
    location: event.location && event.location !== 'Unset' ? event.location : '',
    zip_code: event.zip_code ?? '',
    city: event.city ?? '',
    state: event.state ?? '',
    country: event.country ?? '',
    virtual_link: event.virtual_link ?? '',
    capacity: event.capacity === null ? '' : String(event.capacity),
    circle_id: event.circle ? String(event.circle.id) : '',
  };
}

/** The event's circle (issue 39): one of the circles she belongs to, or none. */
function CircleField({
  value,
  current,
  error,
  onChange,
}: {
  value: string;
  current: EventDto['circle'];
  error?: string;
  onChange: (v: string) => void;
}) {
  const trpc = useTRPC();
  const mine = useQuery(trpc.circles.mine.queryOptions()).data ?? [];
  // An admin may edit an event in a circle she is not in: its circle stays offered.
  const options = current && !mine.some((c) => c.id === current.id) ? [...mine, current] : mine;
  if (!options.length) return null;
  return (
    <SelectField
      label={i18n.t('Circle (optional)')}
      name="circle_id"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{i18n.t('No circle')}</option>
      {options.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * What SPEC 5's defaults will fill in of a new event's empty fields, in words ("title 'New Event'",
 * "start 4:00 PM"): the texts the server stores are quoted as they will be stored (English).
 */
function defaultsFor(form: FormState): string[] {
  const d = EVENT_CREATE_DEFAULTS;
  return [
    !form.title.trim() && i18n.t('title ‘{value}’', { value: d.title }),
    form.type === 'none' && i18n.t('type {value}', { value: typeLabel(d.type) }),
    !form.description.trim() && i18n.t('description ‘{value}’', { value: d.description }),
    !form.event_date && i18n.t('date today'),
    !form.start_time && i18n.t('start {time}', { time: formatTime12(d.start_time) }),
    !form.end_time && i18n.t('end {time}', { time: formatTime12(d.end_time) }),
    form.is_physical && !form.location.trim() && i18n.t('address ‘{value}’', { value: d.location }),
  ].filter((x): x is string => Boolean(x));
}

/**
 * Create and edit share this modal (SPEC 2): Overview, then Date & Location. Empty fields take
 * the server's SPEC 5 defaults on create and keep the old date and times on edit. A new event is
 * created from the last step only (issue 46): step 1's primary button is Next, and the last step
 * names the defaults that will fill what she left empty; editing saves from either step.
 */
export function EventModal({
  open,
  onClose,
  event,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  event?: EventDto;
  onSaved?: (e: EventDto) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<FormState>(() => initialState(event));
  // Edit only (a new event has no images yet), and only sent when changed.
  const [banner, setBanner] = useState<number | null>(event?.banner_image_id ?? null);
  const [message, setMessage] = useState('');
  // The server checks the event (empty fields mean its defaults): its messages go under the fields.
  const { errors, ...errorState } = useFormErrors({ values: form });
  const zones = useMemo(() => timeZones(form.time_zone), [form.time_zone]);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onError = (error: unknown) => {
    const fe = fieldErrors(error);
    // The first step with a message is shown, so focus goes to its first field in error.
    const firstStep = [0, 1].find((s) => STEP_FIELDS[s]!.some((f) => fe[f]));
    if (firstStep !== undefined) setStep(firstStep);
    errorState.show(fe);
    setMessage(
      firstStep !== undefined
        ? ''
        : errorMessage(error, event ? i18n.t('Failed to save the event.') : i18n.t('Failed to create the event.')),
    );
  };
  const onSuccess = async (saved: EventDto) => {
    await queryClient.invalidateQueries(trpc.events.pathFilter());
    toast(event ? i18n.t('Event updated.') : i18n.t("Event ''{title}'' created.", { title: saved.title }), 'success');
    onSaved?.(saved);
    onClose();
  };
  const create = useMutation(trpc.events.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.events.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    // Enter on the first step of a new event goes on to the next, never creates half an event.
    if (!event && step < STEPS.length - 1) return setStep(step + 1);
    errorState.clear();
    setMessage('');
    const { circle_id: circle, ...fields } = form;
    const values = { ...fields, type: form.type as never, exclusivity: form.exclusivity as never };
    const circleId = circle ? Number(circle) : null;
    if (event) {
      update.mutate({
        ...values,
        id: event.id,
        ...(banner !== event.banner_image_id ? { banner_image_id: banner } : {}),
        ...(circleId !== (event.circle?.id ?? null) ? { circle_id: circleId } : {}),
      });
    } else create.mutate({ ...values, circle_id: circleId });
  }

  const stepHasError = (s: number) => STEP_FIELDS[s]!.some((f) => errors[f]);
  const lastStep = step === STEPS.length - 1;
  const defaults = event ? [] : defaultsFor(form);
  const isUs = form.country === UNITED_STATES;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={event ? i18n.t('Edit Event') : i18n.t('Create Event')}
      size="large"
      className="event-modal"
      footer={
        event ? (
          <>
            <button type="button" className="button button-secondary" disabled={step === 0} onClick={() => setStep(0)}>
              {i18n.t('Back')}
            </button>
            <button type="button" className="button button-secondary step-next" disabled={lastStep} onClick={() => setStep(1)}>
              {i18n.t('Next')}
            </button>
            <button type="button" className="button button-ghost" onClick={onClose}>
              {i18n.t('Cancel')}
            </button>
            <button type="submit" form="event-form" className="button" disabled={pending}>
              {pending ? i18n.t('Saving…') : i18n.t('Save Changes')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button-secondary step-next" disabled={step === 0} onClick={() => setStep(0)}>
              {i18n.t('Back')}
            </button>
            <button type="button" className="button button-ghost" onClick={onClose}>
              {i18n.t('Cancel')}
            </button>
            {/* A new event is created from the last step only; before it the primary button is Next. Their
                keys keep them two elements: the one clicked is not turned into a submit button while its click runs. */}
            {lastStep ? (
              <button key="create" type="submit" form="event-form" className="button" disabled={pending}>
                {pending ? i18n.t('Saving…') : i18n.t('Create Event')}
              </button>
            ) : (
              <button key="next" type="button" className="button" onClick={() => setStep(step + 1)}>
                {i18n.t('Next')}
              </button>
            )}
          </>
        )
      }
    >
      <div className="step-tabs" role="tablist" aria-label={i18n.t('Steps')}>
        {STEPS.map((label, i) => (
          <button
            key={i}
            type="button"
            role="tab"
            id={`event-step-${i}`}
            aria-selected={step === i}
            aria-controls={`event-step-panel-${i}`}
            className={`step-tab ${stepHasError(i) ? 'has-error' : ''}`}
            onClick={() => setStep(i)}
          >
            <span className="step-num" aria-hidden="true">
              {i + 1}
            </span>
            {label()}
          </button>
        ))}
      </div>
      <form id="event-form" onSubmit={submit} {...errorState.formProps}>
        <div role="tabpanel" id="event-step-panel-0" aria-labelledby="event-step-0" hidden={step !== 0}>
          <TextField
            label={i18n.t('Title')}
            name="title"
            maxLength={120}
            placeholder={EVENT_CREATE_DEFAULTS.title}
            value={form.title}
            error={errors.title}
            onChange={(e) => set('title', e.target.value)}
          />
          <div className="form-grid">
            <SelectField
              label={i18n.t('Event type')}
              name="type"
              value={form.type}
              error={errors.type}
              onChange={(e) => set('type', e.target.value)}
            >
              <option value="none">{i18n.t('Select a type')}</option>
              {EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={i18n.t('Exclusivity')}
              name="exclusivity"
              value={form.exclusivity}
              error={errors.exclusivity}
              onChange={(e) => set('exclusivity', e.target.value)}
            >
              {EXCLUSIVITY.map((x) => (
                <option key={x} value={x}>
                  {x === 'open' ? i18n.t('Open to all members') : i18n.t('Invite-only')}
                </option>
              ))}
            </SelectField>
            <TextField
              label={i18n.t('Capacity (optional)')}
              name="capacity"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder={i18n.t('No limit')}
              hint={i18n.t('Empty: no limit. When full, members can join the waitlist.')}
              value={form.capacity}
              error={errors.capacity}
              onChange={(e) => set('capacity', e.target.value)}
            />
            <CircleField
              value={form.circle_id}
              current={event?.circle ?? null}
              error={errors.circle_id}
              onChange={(v) => set('circle_id', v)}
            />
          </div>
          <TextAreaField
            label={i18n.t('Description')}
            name="description"
            rows={4}
            maxLength={5000}
            placeholder={EVENT_CREATE_DEFAULTS.description}
            value={form.description}
            error={errors.description}
            onChange={(e) => set('description', e.target.value)}
          />
          <TextAreaField
            label={i18n.t('Note')}
            name="note"
            rows={2}
            maxLength={5000}
            hint={i18n.t('Optional: what to bring, dress code, parking…')}
            value={form.note}
            error={errors.note}
            onChange={(e) => set('note', e.target.value)}
          />
          <ColorPicker value={form.color} onChange={(c) => set('color', c)} error={errors.color} />
          {event?.viewer.can_change_banner ? (
            <BannerPicker eventId={event.id} color={form.color} value={banner} onChange={setBanner} error={errors.banner_image_id} />
          ) : null}
        </div>

        <div role="tabpanel" id="event-step-panel-1" aria-labelledby="event-step-1" hidden={step !== 1}>
          <div className="form-grid">
            <TextField
              label={i18n.t('Date')}
              type="date"
              name="event_date"
              value={form.event_date}
              error={errors.event_date}
              hint={event ? undefined : i18n.t('Empty: today')}
              onChange={(e) => set('event_date', e.target.value)}
            />
            <TextField
              label={i18n.t('End date (optional)')}
              type="date"
              name="end_date"
              value={form.end_date}
              min={form.event_date || undefined}
              error={errors.end_date}
              onChange={(e) => set('end_date', e.target.value)}
            />
            <TextField
              label={i18n.t('Start time')}
              type="time"
              name="start_time"
              value={form.start_time}
              error={errors.start_time}
              hint={event ? undefined : i18n.t('Empty: {time}', { time: formatTime12(EVENT_CREATE_DEFAULTS.start_time) })}
              onChange={(e) => set('start_time', e.target.value)}
            />
            <TextField
              label={i18n.t('End time')}
              type="time"
              name="end_time"
              value={form.end_time}
              error={errors.end_time}
              hint={event ? undefined : i18n.t('Empty: {time}', { time: formatTime12(EVENT_CREATE_DEFAULTS.end_time) })}
              onChange={(e) => set('end_time', e.target.value)}
            />
            <div className="span-2">
              <SelectField
                label={i18n.t('Time zone')}
                name="time_zone"
                value={form.time_zone}
                error={errors.time_zone}
                onChange={(e) => set('time_zone', e.target.value)}
              >
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replace(/_/g, ' ')}
                  </option>
                ))}
              </SelectField>
            </div>
          </div>
          <fieldset>
            <legend>{i18n.t('Location type')}</legend>
            <div className="segmented">
              <label>
                <input type="radio" name="is_physical" checked={form.is_physical} onChange={() => set('is_physical', true)} />
                {i18n.t('In-Person')}
              </label>
              <label>
                <input type="radio" name="is_physical" checked={!form.is_physical} onChange={() => set('is_physical', false)} />
                {i18n.t('Virtual')}
              </label>
            </div>
            {form.is_physical ? (
              <div className="form-grid">
                <div className="span-2">
                  <TextField
                    label={i18n.t('Address')}
                    name="location"
                    maxLength={200}
                    placeholder={EVENT_CREATE_DEFAULTS.location}
                    value={form.location}
                    error={errors.location}
                    onChange={(e) => set('location', e.target.value)}
                  />
                </div>
                <TextField
                  label={i18n.t('City')}
                  name="city"
                  maxLength={100}
                  value={form.city}
                  error={errors.city}
                  onChange={(e) => set('city', e.target.value)}
                />
                <TextField
                  label={i18n.t('Zip code')}
                  name="zip_code"
                  maxLength={20}
                  value={form.zip_code}
                  error={errors.zip_code}
                  onChange={(e) => set('zip_code', e.target.value)}
                />
                <SelectField
                  label={i18n.t('Country')}
                  name="country"
                  value={form.country}
                  error={errors.country}
                  onChange={(e) => {
                    const country = e.target.value;
                    setForm((f) => ({
                      ...f,
                      country,
                      state: country === UNITED_STATES && !(US_STATES as readonly string[]).includes(f.state) ? '' : f.state,
                    }));
                  }}
                >
                  <option value="">{i18n.t('Select a country')}</option>
                  {COUNTRIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </SelectField>
                {isUs ? (
                  <SelectField
                    label={i18n.t('State')}
                    name="state"
                    value={form.state}
                    error={errors.state}
                    onChange={(e) => set('state', e.target.value)}
                  >
                    <option value="">{i18n.t('Select a state')}</option>
                    {US_STATES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </SelectField>
                ) : (
                  <TextField
                    label={i18n.t('State / region')}
                    name="state"
                    maxLength={100}
                    value={form.state}
                    error={errors.state}
                    onChange={(e) => set('state', e.target.value)}
                  />
                )}
              </div>
            ) : (
              <TextField
                label={i18n.t('Virtual link')}
                type="url"
                name="virtual_link"
                maxLength={2048}
                placeholder="https://"
                value={form.virtual_link}
                error={errors.virtual_link}
                onChange={(e) => set('virtual_link', e.target.value)}
              />
            )}
          </fieldset>
          {defaults.length ? (
            <p className="event-defaults" role="note">
              {i18n.t('Left empty, these take the club’s defaults: {list}.', { list: formatList(defaults, 'unit') })}
            </p>
          ) : null}
        </div>
        <FormMessage>{message}</FormMessage>
      </form>
    </Modal>
  );
}
