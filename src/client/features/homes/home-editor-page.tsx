import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import { COUNTRIES } from '../../../shared/countries';
import { HOME_AMENITIES, type AvailabilityWindow, type HomeView } from '../../../shared/schemas/homes';
import { FormMessage, SelectField, TextAreaField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { MAX_HOME_PHOTOS } from '../../../shared/schemas/homes';
import { PhotoPicker, type PickedPhoto } from '../../shared/images/photo-picker';
import { amenityLabel } from './homes-format';
import './homes.css';
import { i18n } from './locales/i18n';

interface FormState {
  title: string;
  description: string;
  city: string;
  region: string;
  country: string;
  address: string;
  bedrooms: string;
  max_guests: string;
  amenities: string[];
  house_rules: string;
  availability: AvailabilityWindow[];
  photos: PickedPhoto[];
}

const blank: FormState = {
  title: '',
  description: '',
  city: '',
  region: '',
  country: '',
  address: '',
  bedrooms: '1',
  max_guests: '2',
  amenities: [],
  house_rules: '',
  availability: [],
  photos: [],
};

const fromHome = (h: HomeView): FormState => ({
  title: h.title,
  description: h.description,
  city: h.city,
  region: h.region,
  country: h.country,
  address: h.address ?? '',
  bedrooms: String(h.bedrooms),
  max_guests: String(h.max_guests),
  amenities: h.amenities,
  house_rules: h.house_rules,
  availability: h.availability,
  photos: h.photos.map((p) => ({ id: p.id, thumbUrl: p.thumb_url })),
});

/** /homes/new and /homes/{id}/edit: the host (or an admin) completes a home; saving lists it. */
export function HomeEditorPage() {
  const params = useParams<{ id?: string }>();
  const id = params.id ? Number(params.id) : null;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const existing = useQuery({ ...trpc.homes.get.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const [form, setForm] = useState<FormState>(blank);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  useEffect(() => {
    if (existing.data && loadedId !== existing.data.id) {
      setForm(fromHome(existing.data));
      setLoadedId(existing.data.id);
    }
  }, [existing.data, loadedId]);

  const done = async (h: HomeView) => {
    toast(id ? i18n.t('Home saved.') : i18n.t('Your home is listed.'), 'success');
    await queryClient.invalidateQueries(trpc.homes.pathFilter());
    navigate(`/homes/${h.id}`);
  };
  // The server checks the home: its messages go under their fields (a window's under its dates).
  const { errors, ...errorState } = useFormErrors({ values: form });
  const failed = (err: unknown) => errorState.show(fieldErrors(err));
  const create = useMutation(trpc.homes.create.mutationOptions({ onSuccess: done, onError: failed }));
  const update = useMutation(trpc.homes.update.mutationOptions({ onSuccess: done, onError: failed }));
  const error = create.error ?? update.error;
  const serverFields = error ? Object.keys(fieldErrors(error)).length : 0;
  const busy = create.isPending || update.isPending;

  const set = (k: keyof FormState) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const setWindow = (i: number, k: keyof AvailabilityWindow, v: string) =>
    setForm((f) => ({ ...f, availability: f.availability.map((w, j) => (j === i ? { ...w, [k]: v } : w)) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { photos, ...rest } = form;
    const fields = {
      ...rest,
      image_ids: photos.map((p) => p.id),
      bedrooms: Number(form.bedrooms),
      max_guests: Number(form.max_guests),
    } as never;
    if (id) update.mutate({ id, ...(fields as object) } as never);
    else create.mutate(fields);
  };

  if (id !== null && existing.isPending) return <p className="page page-status">{i18n.t('Loading the home…')}</p>;
  if (id !== null && existing.isError)
    return <p className="page homes-empty">{errorMessage(existing.error, i18n.t('This home could not be loaded.'))}</p>;
  const draft = existing.data?.state === 'draft';
  return (
    <section className="page home-editor">
      <h1>{id ? (draft ? i18n.t('Complete your home') : i18n.t('Edit your home')) : i18n.t('List a home')}</h1>
      {draft && existing.data?.from_property ? (
        <p className="lead">
          {i18n.t('We started from the property in your application. Add the city, country and open dates, then save to list it.')}
        </p>
      ) : null}
      <form className="card home-form" onSubmit={submit} {...errorState.formProps}>
        <TextField label={i18n.t('Title')} required maxLength={120} value={form.title} onChange={set('title')} error={errors.title} />
        <TextAreaField
          label={i18n.t('Description')}
          rows={5}
          maxLength={5000}
          value={form.description}
          onChange={set('description')}
          error={errors.description}
        />
        <div className="home-form-row">
          <TextField label={i18n.t('City')} required maxLength={100} value={form.city} onChange={set('city')} error={errors.city} />
          <TextField label={i18n.t('Region')} maxLength={100} value={form.region} onChange={set('region')} error={errors.region} />
          <SelectField label={i18n.t('Country')} required value={form.country} onChange={set('country')} error={errors.country}>
            <option value="">{i18n.t('Choose…')}</option>
            {COUNTRIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </SelectField>
        </div>
        <TextField
          label={i18n.t('Exact address')}
          required
          maxLength={300}
          value={form.address}
          onChange={set('address')}
          error={errors.address}
          hint={i18n.t('Private: shown only to you, admins and a guest whose stay you accept.')}
        />
        <div className="home-form-row">
          <TextField
            label={i18n.t('Bedrooms')}
            type="number"
            min={0}
            max={50}
            value={form.bedrooms}
            onChange={set('bedrooms')}
            error={errors.bedrooms}
          />
          <TextField
            label={i18n.t('Guests')}
            type="number"
            min={1}
            max={50}
            value={form.max_guests}
            onChange={set('max_guests')}
            error={errors.max_guests}
          />
        </div>
        <fieldset className="home-amenity-picker">
          <legend>{i18n.t('Amenities')}</legend>
          {HOME_AMENITIES.map((a) => (
            <label key={a} className="checkbox">
              <input
                type="checkbox"
                checked={form.amenities.includes(a)}
                onChange={(e) =>
                  setForm((f) => ({ ...f, amenities: e.target.checked ? [...f.amenities, a] : f.amenities.filter((x) => x !== a) }))
                }
              />{' '}
              {amenityLabel(a)}
            </label>
          ))}
        </fieldset>
        <PhotoPicker
          photos={form.photos}
          onChange={(next) => setForm((f) => ({ ...f, photos: next(f.photos) }))}
          max={MAX_HOME_PHOTOS}
          context="home"
          hint={i18n.t('The first is the card’s photo.')}
        />
        {errors.image_ids ? <p className="field-error">{errors.image_ids}</p> : null}
        <TextAreaField
          label={i18n.t('House rules')}
          rows={3}
          maxLength={3000}
          value={form.house_rules}
          onChange={set('house_rules')}
          error={errors.house_rules}
        />
        <fieldset className="home-window-editor">
          <legend>{i18n.t('Availability')}</legend>
          <p className="field-hint">{i18n.t("The dates you can host: a guest's stay fits within one of them (check-in to check-out).")}</p>
          {form.availability.map((w, i) => (
            <div className="home-window-row" key={i}>
              <TextField
                label={i18n.t('From')}
                type="date"
                value={w.start}
                onChange={(e) => setWindow(i, 'start', e.target.value)}
                error={errors[`availability.${i}.start`]}
              />
              <TextField
                label={i18n.t('To')}
                type="date"
                min={w.start || undefined}
                value={w.end}
                onChange={(e) => setWindow(i, 'end', e.target.value)}
                error={errors[`availability.${i}.end`]}
              />
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={i18n.t('Remove dates {number}', { number: i + 1 })}
                onClick={() => setForm((f) => ({ ...f, availability: f.availability.filter((_, j) => j !== i) }))}
              >
                {i18n.t('Remove')}
              </button>
            </div>
          ))}
          {errors.availability ? <p className="field-error">{errors.availability}</p> : null}
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => setForm((f) => ({ ...f, availability: [...f.availability, { start: '', end: '' }] }))}
          >
            {i18n.t('Add dates')}
          </button>
        </fieldset>
        <FormMessage>{error && !serverFields ? errorMessage(error, i18n.t('The home could not be saved.')) : null}</FormMessage>
        <div className="home-form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? i18n.t('Saving…') : draft ? i18n.t('Save and list') : i18n.t('Save')}
          </button>
        </div>
      </form>
    </section>
  );
}
