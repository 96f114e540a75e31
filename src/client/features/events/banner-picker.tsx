import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatInstantDate } from '../../../shared/date-format';
import type { EventDto } from '../../../shared/schemas/events';
import { LoadMore } from '../../components/load-more';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { ModalActions } from '../../components/modal-actions';
import { i18n } from './locales/i18n';

/**
 * The banner choice (issue 14): the event's own photos as thumbnails, plus "No banner" (the
 * event's colour). Native radio buttons, so the group is one tab stop and the arrow keys move the
 * choice; the server accepts only an image of this event (the events service decides).
 */
export function BannerPicker({
  eventId,
  color,
  value,
  onChange,
  error,
  hideLegend = false,
}: {
  eventId: number;
  color: string;
  value: number | null;
  onChange: (imageId: number | null) => void;
  error?: string;
  /** In the Change banner dialog, whose title says it already (the group keeps its name). */
  hideLegend?: boolean;
}) {
  const trpc = useTRPC();
  const name = useId();
  const list = useInfiniteQuery(
    trpc.images.byEvent.infiniteQueryOptions({ eventId }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  // Videos have a poster, not a photo: the banner is a photo.
  const photos = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((i) => i.media_kind === 'image');
  const errorId = error ? `${name}-error` : undefined;

  return (
    <fieldset className={`banner-picker${error ? ' field-invalid' : ''}`} aria-describedby={errorId}>
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{i18n.t('Banner')}</legend>
      <p className="field-hint">{i18n.t('Choose one of this event’s images, or none for the event’s colour.')}</p>
      <div className="banner-options">
        <label className="banner-option banner-option-none" style={{ '--event-color': color } as React.CSSProperties}>
          <input type="radio" name={name} className="visually-hidden" checked={value === null} onChange={() => onChange(null)} />
          <span className="banner-option-label">{i18n.t('No banner')}</span>
        </label>
        {photos.map((p) => (
          <label key={p.id} className="banner-option">
            <input type="radio" name={name} className="visually-hidden" checked={value === p.id} onChange={() => onChange(p.id)} />
            <img
              src={p.thumb_url}
              alt={
                p.title || i18n.t('Image uploaded {date} by {author}', { date: formatInstantDate(p.upload_date), author: p.author_name })
              }
              width={p.thumb_width ?? 400}
              height={p.thumb_height ?? 300}
              decoding="async"
            />
          </label>
        ))}
      </div>
      {list.isPending ? <p className="muted">{i18n.t('Loading the event’s images…')}</p> : null}
      {list.isError ? <p className="field-error">{i18n.t('The event’s images could not be loaded.')}</p> : null}
      {list.isSuccess && photos.length === 0 ? (
        <p className="muted">{i18n.t('This event has no images yet. Upload some on its Images tab, then choose one here.')}</p>
      ) : null}
      <LoadMore query={list} label={i18n.t('Load more images')} />
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The event page's "Change banner": the picker in a dialog, saved at once. */
export function BannerDialog({ event, onClose }: { event: EventDto; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [banner, setBanner] = useState(event.banner_image_id);
  const [error, setError] = useState('');
  const save = useMutation(
    trpc.events.update.mutationOptions({
      onSuccess: async (saved) => {
        await queryClient.invalidateQueries(trpc.events.pathFilter());
        toast(saved.banner_image_id ? i18n.t('Banner updated.') : i18n.t('Banner removed.'), 'success');
        onClose();
      },
      onError: (err) => setError(fieldErrors(err).banner_image_id ?? errorMessage(err, i18n.t('The banner could not be saved.'))),
    }),
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={i18n.t('Change banner')}
      size="large"
      footer={
        <ModalActions
          onCancel={onClose}
          actionLabel={save.isPending ? i18n.t('Saving…') : i18n.t('Save banner')}
          onAction={() => save.mutate({ id: event.id, banner_image_id: banner })}
          disabled={save.isPending || banner === event.banner_image_id}
        />
      }
    >
      <BannerPicker eventId={event.id} color={event.color} value={banner} onChange={setBanner} error={error || undefined} hideLegend />
    </Modal>
  );
}
