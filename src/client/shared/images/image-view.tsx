import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { commentableId } from '../../../shared/commentable';
import { MAX_IMAGE_DESCRIPTION, MAX_IMAGE_TITLE, parseTags } from '../../../shared/images';
import type { EventOption, ImageDto } from '../../../shared/schemas/images';
import { FormMessage, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { CommentsWidget } from '../comments/comments-widget';
import { MemberName } from '../members/member-name';
import { EventSelect } from './event-select';
import { displaySize, formatUploadDate, imageLabel, isVideo } from './gallery-helpers';
import { i18n } from '../locales/i18n';
import { withNodes } from '../../i18n/with-nodes';

interface ImageViewProps {
  image: ImageDto | undefined;
  /** The id asked for (from ?image=) is still loading, or was not found. */
  state: 'ready' | 'loading' | 'missing';
  events: EventOption[];
  onClose: () => void;
  onGalleryMode: (image: ImageDto) => void;
}

/** 'Detailed Image View': the image, who uploaded it and when, its details, and comments. */
export function ImageView({ image, state, events, onClose, onGalleryMode }: ImageViewProps) {
  return (
    <Modal
      open={state !== 'ready' || Boolean(image)}
      onClose={onClose}
      title={i18n.t('Detailed Image View')}
      size="large"
      className="image-view-modal"
    >
      {image ? (
        <ImageDetails key={image.id} image={image} events={events} onClose={onClose} onGalleryMode={onGalleryMode} />
      ) : (
        <p className="page-status">{state === 'missing' ? i18n.t('This image no longer exists.') : i18n.t('Loading…')}</p>
      )}
    </Modal>
  );
}

function ImageDetails({
  image,
  events,
  onClose,
  onGalleryMode,
}: {
  image: ImageDto;
  events: EventOption[];
  onClose: () => void;
  onGalleryMode: (image: ImageDto) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const editable = image.can_manage;
  const [title, setTitle] = useState(image.title);
  const [tags, setTags] = useState(image.tags.join(', '));
  const [eventId, setEventId] = useState<number | null>(image.associated_event_id);
  const [editingDescription, setEditingDescription] = useState(false);
  const [description, setDescription] = useState(image.description);
  const [error, setError] = useState('');

  useEffect(() => {
    setTitle(image.title);
    setTags(image.tags.join(', '));
    setEventId(image.associated_event_id);
    if (!editingDescription) setDescription(image.description);
    // Only when the server's copy changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [image]);

  const update = useMutation(
    trpc.images.update.mutationOptions({
      onSuccess: async () => {
        setError('');
        await queryClient.invalidateQueries(trpc.images.pathFilter());
      },
      onError: (e) => setError(errorMessage(e, i18n.t('The changes could not be saved.'))),
    }),
  );

  const dirty =
    title !== image.title || parseTags(tags).join('\u0000') !== image.tags.join('\u0000') || eventId !== image.associated_event_id;
  const size = displaySize(image);
  const eventTitle = events.find((e) => e.id === image.associated_event_id)?.title ?? image.associated_event_title;

  function saveDescription() {
    update.mutate(
      { id: image.id, description },
      {
        onSuccess: () => {
          setEditingDescription(false);
          toast(i18n.t('Description saved.'), 'success');
        },
      },
    );
  }

  function saveChanges() {
    update.mutate(
      { id: image.id, title, tags: parseTags(tags), associated_event_id: eventId },
      { onSuccess: () => toast(i18n.t('Changes saved.'), 'success') },
    );
  }

  return (
    <div className="image-view">
      <figure className="image-view-figure">
        {isVideo(image) ? (
          // No autoplay: the member starts it (with sound); the poster frame shows until then.
          <video
            src={image.url}
            poster={image.display_url}
            controls
            playsInline
            preload="metadata"
            width={size.width}
            height={size.height}
            aria-label={imageLabel(image)}
          />
        ) : (
          <img src={image.display_url} alt={imageLabel(image)} width={size.width} height={size.height} />
        )}
      </figure>
      <div className="image-view-details">
        {editable ? (
          <TextField label={i18n.t('Title')} maxLength={MAX_IMAGE_TITLE} value={title} onChange={(e) => setTitle(e.target.value)} />
        ) : (
          <h3 className="image-view-title">{imageLabel(image)}</h3>
        )}
        <p className="image-view-meta">
          {withNodes(
            (m) => (isVideo(image) ? i18n.t('Video uploaded by {name} on {date}', m) : i18n.t('Image uploaded by {name} on {date}', m)),
            {
              name: <MemberName id={image.uploaded_by} name={image.author_name} />,
              date: <time dateTime={image.upload_date}>{formatUploadDate(image.upload_date)}</time>,
            },
          )}
        </p>

        <section className="image-view-description" aria-label={i18n.t('Description')}>
          <h4 className="label">{i18n.t('Description')}</h4>
          {editingDescription ? (
            <div className="description-editor">
              <label className="visually-hidden" htmlFor={`description-${image.id}`}>
                {i18n.t('Description')}
              </label>
              <textarea
                id={`description-${image.id}`}
                rows={4}
                maxLength={MAX_IMAGE_DESCRIPTION}
                value={description}
                autoFocus
                onChange={(e) => setDescription(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') {
                    e.stopPropagation();
                    e.preventDefault();
                    setDescription(image.description);
                    setEditingDescription(false);
                  }
                }}
              />
              <div className="form-actions">
                <button type="button" className="button button-small" onClick={saveDescription} disabled={update.isPending}>
                  {i18n.t('Save')}
                </button>
                <button
                  type="button"
                  className="button button-small button-ghost"
                  onClick={() => {
                    setDescription(image.description);
                    setEditingDescription(false);
                  }}
                >
                  {i18n.t('Cancel')}
                </button>
              </div>
            </div>
          ) : (
            <>
              <p
                className={`description-text${editable ? ' is-editable' : ''}`}
                onDoubleClick={editable ? () => setEditingDescription(true) : undefined}
                title={editable ? i18n.t('Double-click to edit') : undefined}
                data-testid="image-description"
              >
                {image.description || <span className="muted">{i18n.t('No description yet.')}</span>}
              </p>
              {editable ? (
                <button type="button" className="text-link small" onClick={() => setEditingDescription(true)}>
                  {i18n.t('Edit description')}
                </button>
              ) : null}
            </>
          )}
        </section>

        {editable ? (
          <>
            <TextField
              label={i18n.t('Tags')}
              value={tags}
              onChange={(e) => setTags(e.target.value)}
              hint={i18n.t('Separate tags with commas.')}
            />
            <EventSelect events={events} value={eventId} onChange={setEventId} />
          </>
        ) : (
          <>
            <div className="image-view-tags">
              <h4 className="label">{i18n.t('Tags')}</h4>
              {image.tags.length ? (
                <ul className="pill-list">
                  {image.tags.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              ) : (
                <p className="muted">{i18n.t('No tags')}</p>
              )}
            </div>
            <p className="image-view-event">
              <span className="label">{i18n.t('Associated event:')} </span>
              {image.associated_event_id && eventTitle ? (
                <Link href={`/events/${image.associated_event_id}`}>{eventTitle}</Link>
              ) : (
                i18n.t('No event associated')
              )}
            </p>
          </>
        )}
        <FormMessage>{error}</FormMessage>
        <div className="image-view-actions">
          {editable ? (
            <button type="button" className="button" onClick={saveChanges} disabled={!dirty || update.isPending}>
              {i18n.t('Save Changes')}
            </button>
          ) : null}
          <button type="button" className="button button-secondary" onClick={() => onGalleryMode(image)}>
            {i18n.t('Gallery Mode')}
          </button>
          <button type="button" className="button button-ghost" onClick={onClose}>
            {i18n.t('Close')}
          </button>
        </div>
        <div className="image-view-comments">
          <CommentsWidget commentableId={commentableId('image', image.id)} />
        </div>
      </div>
    </div>
  );
}
