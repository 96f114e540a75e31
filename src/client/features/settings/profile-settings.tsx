import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { IMAGE_ACCEPT, IMAGE_TYPES, MAX_IMAGE_BYTES, TOO_LARGE_MESSAGE, WRONG_TYPE_MESSAGE } from '../../../shared/images';
import {
  CLUB_ACTIVITIES,
  INDUSTRIES,
  PROFILE_BIO_MAX,
  PROFILE_LINK_MAX,
  PROFILE_MAX_INTERESTS,
  PROFILE_TEXT_MAX,
  viewProfile,
  type ClubActivity,
  type Industry,
  type MyProfileDto,
  type ProfileField,
  type ProfilePhotoDto,
  type Visibility,
  type VisibilityMap,
} from '../../../shared/members';
import { UpdateProfileInputSchema, type UpdateProfileInput } from '../../../shared/schemas/members';
import { formatPhone, type CountryCode } from '../../../shared/schemas/phone';
import { ChoiceFieldset, FormMessage, SelectField, TextAreaField, TextField } from '../../components/field';
import { SubmitButton } from '../../components/submit-button';
import { useFormErrors, zodFieldErrors, type FieldErrorMap } from '../../components/use-form-errors';
import { useToast } from '../../components/toast';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { MemberAvatar } from '../../shared/members/member-avatar';
import { ProfileView } from '../../shared/members/profile-view';
import { xhrSend } from '../../shared/images/upload-request';
import { keptPhone, PhoneField } from '../../shared/phone/phone-field';
import type { CroppedPhoto } from './photo-cropper';
import { choiceLabel, countryOptions } from '../../shared/members/profile-labels';
import './profile-settings.css';
import { i18n } from './locales/i18n';

// The cropper (canvas work, a dialog) is fetched the first time she chooses a photo.
const PhotoCropper = lazy(() => import('./photo-cropper').then((m) => ({ default: m.PhotoCropper })));

interface ProfileForm {
  title: string;
  company: string;
  city: string;
  country: string;
  industry: string;
  interests: ClubActivity[];
  bio: string;
  linkedin: string;
  website: string;
  phone: string;
  /** How a number typed without + is read (issue 46; '' her browser's region); the number is sent as it will be kept. */
  phoneCountry: CountryCode | '';
  visibility: VisibilityMap;
  directory: boolean;
}

const formOf = (p: MyProfileDto): ProfileForm => ({
  title: p.title ?? '',
  company: p.company ?? '',
  city: p.city ?? '',
  country: p.country ?? '',
  industry: p.industry ?? '',
  interests: p.interests,
  bio: p.bio ?? '',
  linkedin: p.links.linkedin ?? '',
  website: p.links.website ?? '',
  // Stored in E.164 ('+442079460958'); she reads and edits it as it is written ('+44 20 7946 0958').
  phone: p.phone ? formatPhone(p.phone) : '',
  phoneCountry: '',
  visibility: p.visibility,
  directory: p.directory,
});

/** What the form sends: PUT /api/profile's shape, checked by the same schema as on the server. */
function inputOf(f: ProfileForm): UpdateProfileInput {
  return {
    title: f.title,
    company: f.company,
    city: f.city,
    country: f.country || null,
    industry: (f.industry || null) as Industry | null,
    interests: f.interests,
    bio: f.bio,
    links: { linkedin: f.linkedin, website: f.website },
    phone: keptPhone(f.phone, f.phoneCountry),
    visibility: f.visibility,
    directory: f.directory,
  };
}

/** The schema's and the server's field names ('links.website', 'interests.3') as the form's ('website', 'interests'). */
function byFormField(errors: FieldErrorMap): FieldErrorMap {
  const out: FieldErrorMap = {};
  for (const [name, message] of Object.entries(errors)) {
    const key = name.startsWith('links.') ? name.slice('links.'.length) : name.split('.')[0]!;
    if (FORM_FIELDS.has(key)) out[key] ??= message;
  }
  return out;
}
/** The fields that show a message (her visibility choices and the directory box cannot be wrong in the form). */
const FORM_FIELDS = new Set(['title', 'company', 'industry', 'city', 'country', 'interests', 'bio', 'linkedin', 'website', 'phone']);

/** The form's own check: the shared schema the server judges with (ADR 0018). */
const validate = (f: ProfileForm) => byFormField(zodFieldErrors(UpdateProfileInputSchema.safeParse(inputOf(f)).error));

type TextKey = 'title' | 'company' | 'industry' | 'city' | 'country' | 'bio' | 'linkedin' | 'website';
const MAX_LENGTH: Record<TextKey, number | undefined> = {
  title: PROFILE_TEXT_MAX,
  company: PROFILE_TEXT_MAX,
  city: PROFILE_TEXT_MAX,
  industry: undefined,
  country: undefined,
  bio: undefined,
  linkedin: PROFILE_LINK_MAX,
  website: PROFILE_LINK_MAX,
};
/** The form's fields that have a visibility of their own (the links share one, beside their legend). */
const VISIBILITY_OF = {
  title: 'title',
  company: 'company',
  industry: 'industry',
  city: 'city',
  country: 'country',
  bio: 'bio',
} as const;

function VisibilityPicker({ field, value, onChange }: { field: ProfileField; value: Visibility; onChange: (v: Visibility) => void }) {
  return (
    <select
      className={`visibility-select visibility-${value}`}
      aria-label={i18n.t(
        '{field, select, photo {Who sees your photo} title {Who sees your job title} company {Who sees your company} city {Who sees your city} country {Who sees your country} industry {Who sees your industry} interests {Who sees your interests} bio {Who sees your about me} links {Who sees your links} phone {Who sees your phone} email {Who sees your email} other {Who sees this}}',
        { field },
      )}
      value={value}
      onChange={(e) => onChange(e.target.value as Visibility)}
    >
      <option value="members">{i18n.t('All members')}</option>
      <option value="admins">{i18n.t('Admins only')}</option>
    </select>
  );
}

function PhotoControls({
  profile,
  visibility,
  onVisibility,
}: {
  profile: MyProfileDto;
  visibility: Visibility;
  onVisibility: (v: Visibility) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries(trpc.profile.pathFilter()), queryClient.invalidateQueries(trpc.members.pathFilter())]);
  const remove = useMutation(
    trpc.profile.deletePhoto.mutationOptions({
      onSuccess: async () => {
        toast(i18n.t('Your photo was removed.'), 'success');
        await refresh();
      },
      onError: (err) => toast(errorMessage(err, i18n.t('Could not remove the photo.')), 'error'),
    }),
  );

  function choose(f: File | undefined) {
    if (input.current) input.current.value = '';
    if (!f) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(f.type)) return toast(i18n._(WRONG_TYPE_MESSAGE), 'error');
    if (f.size > MAX_IMAGE_BYTES) return toast(i18n._(TOO_LARGE_MESSAGE), 'error');
    setFile(f);
  }

  async function upload(photo: CroppedPhoto) {
    setFile(null);
    setUploading(true);
    try {
      const form = new FormData();
      form.append('photo', photo.large, 'photo.webp');
      form.append('photo_small', photo.small, 'photo-small.webp');
      await xhrSend<ProfilePhotoDto>({ method: 'POST', url: '/api/profile/photo', body: form });
      await refresh();
      toast(i18n.t('Your photo was saved.'), 'success');
    } catch (err) {
      toast(err instanceof Error ? err.message : i18n.t('The photo could not be saved.'), 'error');
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="profile-photo-row">
      <MemberAvatar id={profile.id} name={profile.name} photoUrl={profile.photo_url} size="lg" />
      <div className="profile-photo-actions">
        <div className="field-label-row">
          <span className="profile-photo-label">{i18n.t('Photo')}</span>
          <VisibilityPicker field="photo" value={visibility} onChange={onVisibility} />
        </div>
        <div className="actions">
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            id="profile-photo-input"
            aria-label={profile.photo_url ? i18n.t('Change photo') : i18n.t('Add a photo')}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={uploading}
            onClick={() => input.current?.click()}
          >
            {uploading ? i18n.t('Saving photo…') : profile.photo_url ? i18n.t('Change photo') : i18n.t('Add a photo')}
          </button>
          {profile.photo_url ? (
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={remove.isPending || uploading}
              onClick={() => remove.mutate()}
            >
              {i18n.t('Remove photo')}
            </button>
          ) : null}
        </div>
        <p className="field-hint">
          {i18n.t('JPEG, PNG or WebP, 15 MB at most. You choose the square; camera and location data never leave your device.')}
        </p>
      </div>
      {file ? (
        <Suspense fallback={null}>
          <PhotoCropper file={file} onCancel={() => setFile(null)} onCropped={upload} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Settings > Profile (issue 22): her profile, field by field who sees it (all members or admins
 * only), whether she is listed in the directory, and beside it the preview "as other members see
 * it", drawn by the same view and rule as her page.
 */
export function ProfileSettings() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.profile.mine.queryOptions());
  if (mine.isError)
    return (
      <section className="card" id="profile">
        <h2>{i18n.t('Profile')}</h2>
        <FormMessage>{errorMessage(mine.error, i18n.t('Could not load your profile.'))}</FormMessage>
      </section>
    );
  if (!mine.data)
    return (
      <section className="card profile-settings" id="profile" aria-busy="true">
        <h2>{i18n.t('Profile')}</h2>
        <p className="page-status" role="status">
          {i18n.t('Loading your profile…')}
        </p>
      </section>
    );
  return <ProfileEditor profile={mine.data} />;
}

function ProfileEditor({ profile }: { profile: MyProfileDto }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  // Her edits; until she makes one, the form is her saved profile (so a profile already in the
  // cache, as the first screen's HTML gives it, renders the form at once, issue 27).
  const [edited, setForm] = useState<ProfileForm | null>(null);
  const form = useMemo(() => edited ?? formOf(profile), [edited, profile]);
  const checks = useFormErrors({ values: form, validate });
  const errors = checks.errors;

  const save = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: async (saved) => {
        setForm(formOf(saved));
        checks.clear();
        queryClient.setQueryData(trpc.profile.mine.queryKey(), saved);
        await queryClient.invalidateQueries(trpc.members.pathFilter());
        toast(i18n.t('Your profile was saved.'), 'success');
      },
      onError: (err) => checks.show(byFormField(fieldErrors(err))),
    }),
  );
  // A refusal that names none of the form's fields (the network, a rate limit) is said above the button.
  const unplaced = save.error && !Object.keys(byFormField(fieldErrors(save.error))).length;

  const preview = useMemo(() => {
    const phone = keptPhone(form.phone, form.phoneCountry);
    const content = {
      id: profile.id,
      name: profile.name,
      type: form.directory ? profile.type : null,
      member_since: form.directory ? profile.member_since : null,
      photo_url: profile.photo_url,
      title: form.title.trim() || null,
      company: form.company.trim() || null,
      city: form.city.trim() || null,
      country: form.country || null,
      industry: (form.industry || null) as Industry | null,
      interests: form.interests,
      bio: form.bio.trim() || null,
      links: { linkedin: form.linkedin.trim() || null, website: form.website.trim() || null },
      phone: phone ? formatPhone(phone) : null,
      email: profile.email,
    };
    return viewProfile(content, form.visibility, { viewer: 'member', directory: form.directory });
  }, [profile, form]);

  const set =
    <K extends keyof ProfileForm>(key: K) =>
    (value: ProfileForm[K]) =>
      setForm((f) => ({ ...(f ?? form), [key]: value }));
  const visibility = (field: ProfileField) => (
    <VisibilityPicker
      field={field}
      value={form.visibility[field]}
      onChange={(v) => set('visibility')({ ...form.visibility, [field]: v })}
    />
  );
  /** A field's props: its name, value and error, its length limit, and who sees it (when it has its own). */
  const text = (key: TextKey) => ({
    name: key,
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(key)(e.target.value),
    error: errors[key],
    maxLength: MAX_LENGTH[key],
    aside: key in VISIBILITY_OF ? visibility(VISIBILITY_OF[key as keyof typeof VISIBILITY_OF]) : undefined,
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (checks.check()) save.mutate(inputOf(form));
  }

  const full = form.interests.length >= PROFILE_MAX_INTERESTS;
  const countries = countryOptions();
  const toggleInterest = (a: ClubActivity) =>
    set('interests')(
      form.interests.includes(a)
        ? form.interests.filter((x) => x !== a)
        : CLUB_ACTIVITIES.filter((x) => x === a || form.interests.includes(x)),
    );

  return (
    <section className="card profile-settings" id="profile" aria-labelledby="profile-settings-title">
      <div className="profile-settings-head">
        <div>
          <h2 id="profile-settings-title">{i18n.t('Profile')}</h2>
          <p className="muted">
            {i18n.t(
              'What the club’s members know of you. Choose for each field who sees it: all members, or only the club’s admins. Your name is always shown.',
            )}
          </p>
        </div>
        <Link href={`/members/${profile.id}`} className="button button-ghost button-small">
          {i18n.t('View your page')}
        </Link>
      </div>
      <div className="profile-settings-grid">
        <form className="profile-form" onSubmit={submit} aria-label={i18n.t('Your profile')} {...checks.formProps}>
          <PhotoControls
            profile={profile}
            visibility={form.visibility.photo}
            onVisibility={(v) => set('visibility')({ ...form.visibility, photo: v })}
          />

          <fieldset className="profile-group">
            <legend>{i18n.t('Work')}</legend>
            <TextField label={i18n.t('Job title')} {...text('title')} autoComplete="organization-title" />
            <TextField label={i18n.t('Company')} {...text('company')} autoComplete="organization" />
            <SelectField label={i18n.t('Industry')} {...text('industry')}>
              <option value="">{i18n.t('Not given')}</option>
              {INDUSTRIES.map((i) => (
                <option key={i} value={i}>
                  {choiceLabel(i)}
                </option>
              ))}
            </SelectField>
          </fieldset>

          <fieldset className="profile-group">
            <legend>{i18n.t('Where')}</legend>
            <TextField label={i18n.t('City')} {...text('city')} autoComplete="address-level2" />
            <SelectField label={i18n.t('Country')} {...text('country')}>
              <option value="">{i18n.t('Not given')}</option>
              {countries.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </SelectField>
          </fieldset>

          <ChoiceFieldset
            className="profile-group profile-interests"
            legend={
              <>
                <span>{i18n.t('Interests')}</span>
                {visibility('interests')}
              </>
            }
            hint={i18n.t('The club’s activities you enjoy, {max} at most ({count} chosen).', {
              max: PROFILE_MAX_INTERESTS,
              count: form.interests.length,
            })}
            error={errors.interests}
          >
            {({ invalid }) => (
              <div className="interest-grid">
                {CLUB_ACTIVITIES.map((a) => {
                  const on = form.interests.includes(a);
                  return (
                    <label key={a} className={`interest-option ${on ? 'is-on' : ''}`}>
                      <input
                        type="checkbox"
                        name="interests"
                        checked={on}
                        disabled={!on && full}
                        aria-invalid={invalid}
                        onChange={() => toggleInterest(a)}
                      />
                      <span>{choiceLabel(a)}</span>
                    </label>
                  );
                })}
              </div>
            )}
          </ChoiceFieldset>

          <TextAreaField
            label={i18n.t('About me')}
            {...text('bio')}
            rows={5}
            hint={i18n.t('{count, number} / {max, number} characters. Plain text; line breaks are kept.', {
              count: form.bio.length,
              max: PROFILE_BIO_MAX,
            })}
          />

          <fieldset className="profile-group">
            <legend>
              <span>{i18n.t('Links')}</span>
              {visibility('links')}
            </legend>
            <TextField
              label={i18n.t('LinkedIn')}
              {...text('linkedin')}
              type="url"
              inputMode="url"
              placeholder="https://www.linkedin.com/in/…"
            />
            <TextField
              label={i18n.t('Website')}
              {...text('website')}
              type="url"
              inputMode="url"
              placeholder="https://"
              autoComplete="url"
            />
          </fieldset>

          <fieldset className="profile-group">
            <legend>{i18n.t('Contact')}</legend>
            <PhoneField
              label={i18n.t('Phone')}
              name="phone"
              value={form.phone}
              onChange={set('phone')}
              country={form.phoneCountry}
              onCountry={set('phoneCountry')}
              error={errors.phone}
              aside={visibility('phone')}
            />
            <div className="field">
              <div className="field-label-row">
                <span className="profile-photo-label">{i18n.t('Email')}</span>
                {visibility('email')}
              </div>
              <p className="profile-readonly">{profile.email}</p>
            </div>
          </fieldset>

          <label className="checkbox profile-directory">
            <input type="checkbox" checked={form.directory} onChange={(e) => set('directory')(e.target.checked)} />
            <span>
              <strong>{i18n.t('List me in the members directory')}</strong>
              <span className="field-hint">
                {i18n.t('Unlisted, you are not in the directory or its search; other members see only your name and photo.')}
              </span>
            </span>
          </label>

          <FormMessage>{unplaced ? errorMessage(save.error, i18n.t('Could not save your profile.')) : null}</FormMessage>
          <SubmitButton className="button" disabled={save.isPending}>
            {save.isPending ? i18n.t('Saving…') : i18n.t('Save profile')}
          </SubmitButton>
        </form>

        <aside className="profile-preview" aria-labelledby="profile-preview-title">
          <h3 id="profile-preview-title" className="profile-preview-title">
            {i18n.t('As other members see it')}
          </h3>
          <div className="profile-preview-body">
            <ProfileView profile={preview} headingLevel={3} />
            {!form.directory ? (
              <p className="form-message form-message-info">{i18n.t('You are not listed: members see only your name and photo.')}</p>
            ) : null}
          </div>
        </aside>
      </div>
    </section>
  );
}
