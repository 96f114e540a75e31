import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { COUNTRY_OPTIONS } from '../../../shared/country-codes';
import { IMAGE_ACCEPT, IMAGE_TYPES, MAX_IMAGE_BYTES, TOO_LARGE_MESSAGE, WRONG_TYPE_MESSAGE } from '../../../shared/images';
import {
  CLUB_ACTIVITIES,
  INDUSTRIES,
  PROFILE_BIO_MAX,
  PROFILE_FIELD_LABELS,
  PROFILE_LINK_MAX,
  PROFILE_MAX_INTERESTS,
  PROFILE_PHONE_MAX,
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
import { FormMessage, SelectField, TextAreaField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { MemberAvatar } from '../../shared/members/member-avatar';
import { ProfileView } from '../../shared/members/profile-view';
import { xhrSend } from '../../shared/images/upload-request';
import type { CroppedPhoto } from './photo-cropper';
import './profile-settings.css';

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
  phone: p.phone ?? '',
  visibility: p.visibility,
  directory: p.directory,
});

/** The server's field names ('links.website') to the form's ('website'). */
const FORM_FIELD: Record<string, keyof ProfileForm> = { 'links.linkedin': 'linkedin', 'links.website': 'website' };

/** The checks the server makes too, so a mistake shows before the request (the server stays the judge). */
function checkForm(f: ProfileForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of ['linkedin', 'website'] as const) {
    const v = f[key].trim();
    if (v && !/^https:\/\/[^/\s]+\.[^\s]+$/i.test(v)) errors[key] = 'Use a link that starts with https://';
  }
  if (f.bio.length > PROFILE_BIO_MAX) errors.bio = `About me must be at most ${PROFILE_BIO_MAX.toLocaleString('en-US')} characters.`;
  if (f.phone.trim() && !/^\+?[0-9][0-9 ().-]{4,}$/.test(f.phone.trim())) errors.phone = 'Invalid phone number.';
  return errors;
}

type TextKey = 'title' | 'company' | 'industry' | 'city' | 'country' | 'bio' | 'linkedin' | 'website' | 'phone';
const MAX_LENGTH: Record<TextKey, number | undefined> = {
  title: PROFILE_TEXT_MAX,
  company: PROFILE_TEXT_MAX,
  city: PROFILE_TEXT_MAX,
  industry: undefined,
  country: undefined,
  bio: undefined,
  linkedin: PROFILE_LINK_MAX,
  website: PROFILE_LINK_MAX,
  phone: PROFILE_PHONE_MAX,
};
/** The form's fields that have a visibility of their own (the links share one, beside their legend). */
const VISIBILITY_OF = {
  title: 'title',
  company: 'company',
  industry: 'industry',
  city: 'city',
  country: 'country',
  bio: 'bio',
  phone: 'phone',
} as const;

/** Which fields, in form order, an error may name: focus goes to the first. */
const FIELD_ORDER = ['title', 'company', 'industry', 'city', 'country', 'interests', 'bio', 'linkedin', 'website', 'phone'];

function VisibilityPicker({ field, value, onChange }: { field: ProfileField; value: Visibility; onChange: (v: Visibility) => void }) {
  return (
    <select
      className={`visibility-select visibility-${value}`}
      aria-label={`Who sees your ${PROFILE_FIELD_LABELS[field].toLowerCase()}`}
      value={value}
      onChange={(e) => onChange(e.target.value as Visibility)}
    >
      <option value="members">All members</option>
      <option value="admins">Admins only</option>
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
        toast('Your photo was removed.', 'success');
        await refresh();
      },
      onError: (err) => toast(errorMessage(err, 'Could not remove the photo.'), 'error'),
    }),
  );

  function choose(f: File | undefined) {
    if (input.current) input.current.value = '';
    if (!f) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(f.type)) return toast(WRONG_TYPE_MESSAGE, 'error');
    if (f.size > MAX_IMAGE_BYTES) return toast(TOO_LARGE_MESSAGE, 'error');
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
      toast('Your photo was saved.', 'success');
    } catch (err) {
      toast(err instanceof Error ? err.message : 'The photo could not be saved.', 'error');
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="profile-photo-row">
      <MemberAvatar id={profile.id} name={profile.name} photoUrl={profile.photo_url} size="lg" />
      <div className="profile-photo-actions">
        <div className="field-label-row">
          <span className="profile-photo-label">Photo</span>
          <VisibilityPicker field="photo" value={visibility} onChange={onVisibility} />
        </div>
        <div className="actions">
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            id="profile-photo-input"
            aria-label={profile.photo_url ? 'Change photo' : 'Add a photo'}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={uploading}
            onClick={() => input.current?.click()}
          >
            {uploading ? 'Saving photo…' : profile.photo_url ? 'Change photo' : 'Add a photo'}
          </button>
          {profile.photo_url ? (
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={remove.isPending || uploading}
              onClick={() => remove.mutate()}
            >
              Remove photo
            </button>
          ) : null}
        </div>
        <p className="field-hint">
          JPEG, PNG or WebP, 15 MB at most. You choose the square; camera and location data never leave your device.
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
  const queryClient = useQueryClient();
  const toast = useToast();
  const mine = useQuery(trpc.profile.mine.queryOptions());
  // Her edits; until she makes one, the form is her saved profile (so a profile already in the
  // cache, as the first screen's HTML gives it, renders the form at once, issue 27).
  const [edited, setForm] = useState<ProfileForm | null>(null);
  const form = useMemo(() => edited ?? (mine.data ? formOf(mine.data) : null), [edited, mine.data]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // The first field in error, to focus once it is rendered with its message.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${focusTarget}"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);
  const focusFirst = (errs: Record<string, string>) => setFocusTarget(FIELD_ORDER.find((f) => errs[f]) ?? null);

  const save = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: async (saved) => {
        setForm(formOf(saved));
        queryClient.setQueryData(trpc.profile.mine.queryKey(), saved);
        await queryClient.invalidateQueries(trpc.members.pathFilter());
        toast('Your profile was saved.', 'success');
      },
      onError: (err) => {
        const byField: Record<string, string> = {};
        for (const [k, v] of Object.entries(fieldErrors(err))) byField[FORM_FIELD[k] ?? k.split('.')[0]!] ??= v;
        setErrors(byField);
        focusFirst(byField);
        toast(errorMessage(err, 'Could not save your profile.'), 'error');
      },
    }),
  );

  const preview = useMemo(() => {
    const p = mine.data;
    if (!p || !form) return null;
    const content = {
      id: p.id,
      name: p.name,
      type: form.directory ? p.type : null,
      member_since: form.directory ? p.member_since : null,
      photo_url: p.photo_url,
      title: form.title.trim() || null,
      company: form.company.trim() || null,
      city: form.city.trim() || null,
      country: form.country || null,
      industry: (form.industry || null) as Industry | null,
      interests: form.interests,
      bio: form.bio.trim() || null,
      links: { linkedin: form.linkedin.trim() || null, website: form.website.trim() || null },
      phone: form.phone.trim() || null,
      email: p.email,
    };
    return viewProfile(content, form.visibility, { viewer: 'member', directory: form.directory });
  }, [mine.data, form]);

  if (mine.isError)
    return (
      <section className="card" id="profile">
        <h2>Profile</h2>
        <FormMessage>{errorMessage(mine.error, 'Could not load your profile.')}</FormMessage>
      </section>
    );
  if (!mine.data || !form || !preview)
    return (
      <section className="card profile-settings" id="profile" aria-busy="true">
        <h2>Profile</h2>
        <p className="page-status" role="status">
          Loading your profile…
        </p>
      </section>
    );
  const profile = mine.data;

  const set =
    <K extends keyof ProfileForm>(key: K) =>
    (value: ProfileForm[K]) => {
      setForm((f) => {
        const base = f ?? form;
        return base ? { ...base, [key]: value } : base;
      });
      if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
    };
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
    if (!form) return;
    const found = checkForm(form);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    save.mutate({
      title: form.title,
      company: form.company,
      city: form.city,
      country: form.country || null,
      industry: (form.industry || null) as Industry | null,
      interests: form.interests,
      bio: form.bio,
      links: { linkedin: form.linkedin, website: form.website },
      phone: form.phone,
      visibility: form.visibility,
      directory: form.directory,
    });
  }

  const full = form.interests.length >= PROFILE_MAX_INTERESTS;
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
          <h2 id="profile-settings-title">Profile</h2>
          <p className="muted">
            What the club’s members know of you. Choose for each field who sees it: all members, or only the club’s admins. Your name is
            always shown.
          </p>
        </div>
        <Link href={`/members/${profile.id}`} className="button button-ghost button-small">
          View your page
        </Link>
      </div>
      <div className="profile-settings-grid">
        <form ref={formRef} className="profile-form" noValidate onSubmit={submit} aria-label="Your profile">
          <PhotoControls
            profile={profile}
            visibility={form.visibility.photo}
            onVisibility={(v) => set('visibility')({ ...form.visibility, photo: v })}
          />

          <fieldset className="profile-group">
            <legend>Work</legend>
            <TextField label="Job title" {...text('title')} autoComplete="organization-title" />
            <TextField label="Company" {...text('company')} autoComplete="organization" />
            <SelectField label="Industry" {...text('industry')}>
              <option value="">Not given</option>
              {INDUSTRIES.map((i) => (
                <option key={i}>{i}</option>
              ))}
            </SelectField>
          </fieldset>

          <fieldset className="profile-group">
            <legend>Where</legend>
            <TextField label="City" {...text('city')} autoComplete="address-level2" />
            <SelectField label="Country" {...text('country')}>
              <option value="">Not given</option>
              {COUNTRY_OPTIONS.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </SelectField>
          </fieldset>

          <fieldset
            className={`profile-group profile-interests ${errors.interests ? 'field-invalid' : ''}`}
            aria-describedby="profile-interests-hint"
          >
            <legend>
              <span>Interests</span>
              {visibility('interests')}
            </legend>
            <p className="field-hint" id="profile-interests-hint">
              The club’s activities you enjoy, {PROFILE_MAX_INTERESTS} at most ({form.interests.length} chosen).
            </p>
            <div className="interest-grid">
              {CLUB_ACTIVITIES.map((a) => {
                const on = form.interests.includes(a);
                return (
                  <label key={a} className={`interest-option ${on ? 'is-on' : ''}`}>
                    <input type="checkbox" name="interests" checked={on} disabled={!on && full} onChange={() => toggleInterest(a)} />
                    <span>{a}</span>
                  </label>
                );
              })}
            </div>
            {errors.interests ? <p className="field-error">{errors.interests}</p> : null}
          </fieldset>

          <TextAreaField
            label="About me"
            {...text('bio')}
            rows={5}
            hint={`${form.bio.length.toLocaleString('en-US')} / ${PROFILE_BIO_MAX.toLocaleString('en-US')} characters. Plain text; line breaks are kept.`}
          />

          <fieldset className="profile-group">
            <legend>
              <span>Links</span>
              {visibility('links')}
            </legend>
            <TextField label="LinkedIn" {...text('linkedin')} type="url" inputMode="url" placeholder="https://www.linkedin.com/in/…" />
            <TextField label="Website" {...text('website')} type="url" inputMode="url" placeholder="https://" autoComplete="url" />
          </fieldset>

          <fieldset className="profile-group">
            <legend>Contact</legend>
            <TextField label="Phone" {...text('phone')} type="tel" autoComplete="tel" />
            <div className="field">
              <div className="field-label-row">
                <span className="profile-photo-label">Email</span>
                {visibility('email')}
              </div>
              <p className="profile-readonly">{profile.email}</p>
            </div>
          </fieldset>

          <label className="checkbox profile-directory">
            <input type="checkbox" checked={form.directory} onChange={(e) => set('directory')(e.target.checked)} />
            <span>
              <strong>List me in the members directory</strong>
              <span className="field-hint">
                Unlisted, you are not in the directory or its search; other members see only your name and photo.
              </span>
            </span>
          </label>

          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save profile'}
          </button>
        </form>

        <aside className="profile-preview" aria-labelledby="profile-preview-title">
          <h3 id="profile-preview-title" className="profile-preview-title">
            As other members see it
          </h3>
          <div className="profile-preview-body">
            <ProfileView profile={preview} headingLevel={3} />
            {!form.directory ? (
              <p className="form-message form-message-info">You are not listed: members see only your name and photo.</p>
            ) : null}
          </div>
        </aside>
      </div>
    </section>
  );
}
