import { lazy, Suspense, useState } from 'react';
import type { HomePhoto } from '../../../shared/schemas/homes';
import type { ImageDto } from '../../../shared/schemas/images';
import { i18n } from './locales/i18n';

// The gallery's lightbox, loaded only when a photo opens (it keeps its library out of this page's bundle).
const GalleryLightbox = lazy(() => import('../../shared/images/gallery-lightbox'));

/** A home photo in the shape the lightbox reads: the host is its author, it belongs to no event. */
function asImage(p: HomePhoto, i: number, homeTitle: string, hostName: string, hostId: number): ImageDto {
  return {
    id: p.id,
    image_id: p.id,
    url: p.url,
    display_url: p.url,
    thumb_url: p.thumb_url,
    content_type: '',
    bytes: 0,
    width: p.width,
    height: p.height,
    thumb_width: null,
    thumb_height: null,
    title: p.title || i18n.t('{home}, photo {number}', { home: homeTitle, number: i + 1 }),
    name: '',
    description: '',
    tags: [],
    associated_event_id: null,
    associated_event_title: null,
    uploaded_by: hostId,
    author_name: hostName,
    author: hostName,
    upload_date: p.uploaded_at,
    comments: 0,
    comment_count: 0,
    can_manage: false,
    media_kind: 'image',
    duration_seconds: null,
  };
}

/** The home's photos as thumbnails; one opens the gallery's lightbox on it. */
export function HomePhotos({ photos, title, host }: { photos: HomePhoto[]; title: string; host: { id: number; name: string } }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!photos.length) return null;
  const images = photos.map((p, i) => asImage(p, i, title, host.name, host.id));
  return (
    <>
      <ul className="home-photos" aria-label={i18n.t('Photos')}>
        {photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              className="home-photo-button"
              onClick={() => setOpen(i)}
              aria-label={i18n.t('Open photo {number} of {count}', { number: i + 1, count: photos.length })}
            >
              <img src={p.thumb_url} alt="" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Suspense
          fallback={
            <div className="lightbox-loading" role="status">
              {i18n.t('Opening the photos…')}
            </div>
          }
        >
          <GalleryLightbox images={images} index={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
