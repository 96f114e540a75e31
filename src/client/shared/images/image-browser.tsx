import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { EventOption, ImageDto } from '../../../shared/schemas/images';
import { useTRPC } from '../../lib/trpc';
import { useImageParam } from './use-image-param';
import { i18n } from '../i18n';

const GalleryLightbox = lazy(() => import('./gallery-lightbox'));
// The view of one image (its details, editing, comments and their live updates) is fetched the
// first time an image opens: the grid's first screen needs none of it.
const ImageView = lazy(() => import('./image-view').then((m) => ({ default: m.ImageView })));

interface ImageBrowserProps {
  /** The images Gallery Mode pages through (the visible, filtered ones). */
  images: ImageDto[];
  /** Every image loaded, to find the one named by ?image=. */
  known: ImageDto[];
  listPending: boolean;
  events: EventOption[];
}

/**
 * The image view and Gallery Mode over a list of images, driven by ?image={id}: opening sets
 * it, a reload reopens it, closing removes it. Gallery Mode closes the view (a modal dialog
 * would sit above the lightbox); closing Gallery Mode (Escape, its Close button or a tap beside
 * the slide) returns to the gallery, the tile of the slide last shown focused.
 */
export function ImageBrowser({ images, known, listPending, events }: ImageBrowserProps) {
  const trpc = useTRPC();
  const [openId, setOpenId] = useImageParam();
  const [lightbox, setLightbox] = useState<{ slides: ImageDto[]; index: number } | null>(null);
  const fromList = openId === null ? undefined : known.find((i) => i.id === openId);
  // A deep link to an image outside the loaded list (or before it arrives) asks for that one image.
  const single = useQuery({ ...trpc.images.byId.queryOptions({ id: openId ?? 0 }), enabled: openId !== null && !fromList && !listPending });
  const image = fromList ?? single.data;
  const state = openId === null || image ? 'ready' : single.isError ? 'missing' : 'loading';
  // Once opened, the view stays mounted (as before), so closing it is the dialog's own.
  const [viewWanted, setViewWanted] = useState(openId !== null);
  if (openId !== null && !viewWanted) setViewWanted(true);

  function galleryMode(current: ImageDto) {
    const slides = images.some((i) => i.id === current.id) ? images : [current];
    setLightbox({
      slides,
      index: Math.max(
        0,
        slides.findIndex((i) => i.id === current.id),
      ),
    });
    setOpenId(null);
  }

  return (
    <>
      {viewWanted ? (
        <Suspense fallback={null}>
          <ImageView
            image={lightbox ? undefined : image}
            state={lightbox ? 'ready' : state}
            events={events}
            onClose={() => setOpenId(null)}
            onGalleryMode={galleryMode}
          />
        </Suspense>
      ) : null}
      {lightbox ? (
        <Suspense
          fallback={
            <div className="lightbox-loading" role="status">
              {i18n.t('Opening Gallery Mode…')}
            </div>
          }
        >
          <GalleryLightbox
            images={lightbox.slides}
            index={lightbox.index}
            onClose={(i) => {
              // One close (issue 46 point 14): back to the gallery, at the tile of the image she saw last.
              const shown = lightbox.slides[i];
              setLightbox(null);
              if (shown) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-image-id="${shown.id}"]`)?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The events for the associated-event select and the 'Show...' filter. */
export function useEventOptions(): EventOption[] {
  const trpc = useTRPC();
  return useQuery({ ...trpc.images.eventOptions.queryOptions(), staleTime: 60_000 }).data ?? [];
}
