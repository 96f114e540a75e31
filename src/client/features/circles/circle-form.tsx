import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { CIRCLE_DESCRIPTION_MAX, CIRCLE_NAME_MAX, type CircleDetail, type CircleJoin } from '../../../shared/circles';
import { FormMessage, SelectField, TextAreaField, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ModalActions } from '../../components/modal-actions';
import { useToast } from '../../components/toast';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { PhotoPicker, type PickedPhoto } from '../../shared/images/photo-picker';
import { i18n } from './locales/i18n';

interface FormState {
  name: string;
  description: string;
  join: CircleJoin;
  archived: boolean;
}

/** The gallery's photos to choose a cover from: its first page, photos only. */
function GalleryCovers({ chosen, onChoose }: { chosen: number | null; onChoose: (photo: PickedPhoto) => void }) {
  const trpc = useTRPC();
  const list = useInfiniteQuery(trpc.images.list.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
  const photos = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((i) => i.media_kind !== 'video');
  if (list.isPending) return <p className="page-status">{i18n.t('Loading the gallery…')}</p>;
  if (!photos.length) return <p className="muted">{i18n.t('The gallery has no photos yet.')}</p>;
  return (
    <ul className="circle-cover-choices" aria-label={i18n.t('Photos of the gallery')}>
      {photos.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            className="circle-cover-choice"
            aria-pressed={chosen === p.id}
            aria-label={p.title || p.name}
            onClick={() => onChoose({ id: p.id, thumbUrl: p.thumb_url })}
          >
            <img src={p.thumb_url} alt="" loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Create a circle (admins) or edit one (its hosts and admins): name, description, how members
 * join, a cover chosen from the gallery or uploaded (through the image pipeline), and archiving.
 */
export function CircleFormDialog({ circle, onClose }: { circle?: CircleDetail; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const formId = useId();
  const [form, setForm] = useState<FormState>({
    name: circle?.name ?? '',
    description: circle?.description ?? '',
    join: circle?.join ?? 'open',
    archived: circle?.archived ?? false,
  });
  const [cover, setCover] = useState<PickedPhoto[]>(
    circle?.cover_image_id && circle.cover_url ? [{ id: circle.cover_image_id, thumbUrl: circle.cover_url }] : [],
  );
  const [fromGallery, setFromGallery] = useState(false);
  const [message, setMessage] = useState('');
  const { errors, ...errorState } = useFormErrors({
    values: form,
    validate: (v) => ({ name: v.name.trim() ? undefined : i18n.t('Name the circle.') }),
  });
  const onError = (error: unknown) => {
    const fe = fieldErrors(error);
    errorState.show(fe);
    setMessage(Object.keys(fe).length ? '' : errorMessage(error, i18n.t('The circle could not be saved.')));
  };
  const onSuccess = async (saved: CircleDetail) => {
    await queryClient.invalidateQueries(trpc.circles.pathFilter());
    toast(circle ? i18n.t('Circle saved.') : i18n.t("Circle '{circle}' created.", { circle: saved.name }), 'success');
    onClose();
    if (!circle) navigate(`/circles/${saved.slug}`);
  };
  const create = useMutation(trpc.circles.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.circles.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setMessage('');
    if (!errorState.check()) return;
    const coverId = cover[0]?.id ?? null;
    if (circle) {
      update.mutate({
        slug: circle.slug,
        name: form.name,
        description: form.description,
        join: form.join,
        archived: form.archived,
        ...(coverId !== circle.cover_image_id ? { cover_image_id: coverId } : {}),
      });
    } else create.mutate({ name: form.name, description: form.description, join: form.join, cover_image_id: coverId ?? undefined });
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={circle ? i18n.t('Edit {circle}', { circle: circle.name }) : i18n.t('New circle')}
      footer={
        <ModalActions
          onCancel={onClose}
          actionLabel={pending ? i18n.t('Saving…') : circle ? i18n.t('Save') : i18n.t('Create circle')}
          form={formId}
          disabled={pending}
        />
      }
    >
      <form id={formId} className="stack" onSubmit={submit} {...errorState.formProps}>
        <TextField
          label={i18n.t('Name')}
          name="name"
          maxLength={CIRCLE_NAME_MAX}
          value={form.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextAreaField
          label={i18n.t('Description')}
          name="description"
          rows={4}
          maxLength={CIRCLE_DESCRIPTION_MAX}
          hint={i18n.t('Plain text: what the circle is about and how it meets.')}
          value={form.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <SelectField
          label={i18n.t('Who may join')}
          name="join"
          value={form.join}
          error={errors.join}
          onChange={(e) => set('join', e.target.value as CircleJoin)}
        >
          <option value="open">{i18n.t('Any member joins at once')}</option>
          <option value="request">{i18n.t('A host accepts each request')}</option>
        </SelectField>
        <PhotoPicker
          photos={cover}
          onChange={(next) => setCover((c) => next(c).slice(-1))}
          max={1}
          context="post"
          hint={i18n.t('The cover of the circle’s card and page.')}
        />
        <div>
          <button type="button" className="text-link" aria-expanded={fromGallery} onClick={() => setFromGallery((v) => !v)}>
            {fromGallery ? i18n.t('Hide the gallery') : i18n.t('Or choose a cover from the gallery')}
          </button>
          {fromGallery ? <GalleryCovers chosen={cover[0]?.id ?? null} onChoose={(p) => setCover([p])} /> : null}
        </div>
        {circle ? (
          <label className="checkbox">
            <input type="checkbox" checked={form.archived} onChange={(e) => set('archived', e.target.checked)} />
            {i18n.t('Archived: it takes no new member and no new post; its members still read it')}
          </label>
        ) : null}
        {message ? <FormMessage>{message}</FormMessage> : null}
      </form>
    </Modal>
  );
}
