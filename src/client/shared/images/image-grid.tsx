import type { ReactNode } from 'react';
import type { ImageDto } from '../../../shared/schemas/images';
import { errorMessage } from '../../lib/trpc';
import { formatDuration, imageLabel, isVideo } from './gallery-helpers';
import { fillIn, i18n } from '../i18n';

/** How many thumbnails load eagerly: about the first two rows; the rest wait until scrolled near. */
export const EAGER_THUMBNAILS = 8;

interface ImageGridProps {
  images: ImageDto[];
  onOpen: (image: ImageDto) => void;
  /** Position of the first image in the whole page (for eager vs lazy loading). */
  startIndex?: number;
  selecting?: boolean;
  selected?: ReadonlySet<number>;
  onToggle?: (image: ImageDto) => void;
}

/** Thumbnails only, with their width and height set so nothing shifts while they arrive. */
export function ImageGrid({ images, onOpen, startIndex = 0, selecting = false, selected, onToggle }: ImageGridProps) {
  return (
    <ul className="image-grid">
      {images.map((image, i) => {
        const duration = formatDuration(image.duration_seconds);
        // A video is named as one, with its length, wherever the tile is named.
        const title = imageLabel(image);
        const label = !isVideo(image)
          ? title
          : duration
            ? fillIn((kept) => i18n.t('{title} (video, {duration})', kept), { title, duration })
            : fillIn((kept) => i18n.t('{title} (video)', kept), { title });
        const isSelected = selected?.has(image.id) ?? false;
        const thumb = (
          <img
            src={image.thumb_url}
            alt={label}
            width={image.thumb_width ?? 400}
            height={image.thumb_height ?? 300}
            loading={startIndex + i < EAGER_THUMBNAILS ? 'eager' : 'lazy'}
            decoding="async"
          />
        );
        const badge = isVideo(image) ? <VideoBadge duration={duration} /> : null;
        return (
          <li key={image.id} className={`image-tile${isSelected ? ' is-selected' : ''}`}>
            {selecting ? (
              <label className="image-tile-button">
                <input
                  type="checkbox"
                  className="image-tile-check"
                  checked={isSelected}
                  disabled={!image.can_manage}
                  onChange={() => onToggle?.(image)}
                  aria-label={fillIn((kept) => i18n.t('Select {label}', kept), { label })}
                />
                {thumb}
                {badge}
                {image.can_manage ? null : <span className="image-tile-note">{i18n.t('Not yours')}</span>}
              </label>
            ) : (
              <button
                type="button"
                className="image-tile-button"
                data-image-id={image.id}
                onClick={() => onOpen(image)}
                aria-label={fillIn((kept) => i18n.t('Open {label}', kept), { label })}
              >
                {thumb}
                {badge}
              </button>
            )}
            <div className="image-tile-caption">
              <span className="image-tile-title">{title}</span>
              {image.tags.length ? <span className="image-tile-tags">{image.tags.slice(0, 3).join(' · ')}</span> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A video's tile: a play mark over the poster frame, and its length. */
function VideoBadge({ duration }: { duration: string }) {
  return (
    <>
      <span className="image-tile-play" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor">
          <path d="M8 5.5v13l10.5-6.5z" />
        </svg>
      </span>
      {duration ? (
        <span className="image-tile-duration" aria-hidden="true">
          {duration}
        </span>
      ) : null}
    </>
  );
}

/** Loading, error and empty states of an image list; the list itself otherwise. */
export function ImageListStatus({
  query,
  empty,
  emptyText,
  emptyClassName,
  emptyAction,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  empty: boolean;
  emptyText: string;
  emptyClassName: string;
  /** A way out of an empty answer (the gallery's "Clear search"). */
  emptyAction?: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <p className="page-status">{i18n.t('Loading images…')}</p>;
  if (query.isError) {
    return (
      <p className="form-message form-message-error" role="alert">
        {errorMessage(query.error, i18n.t('The images could not be loaded.'))}
      </p>
    );
  }
  if (empty && emptyAction) {
    return (
      <div className={emptyClassName}>
        <p>{emptyText}</p>
        {emptyAction}
      </div>
    );
  }
  if (empty) return <p className={emptyClassName}>{emptyText}</p>;
  return <>{children}</>;
}
