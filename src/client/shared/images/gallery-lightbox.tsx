// Loaded only when Gallery Mode opens: the lightbox library and its styles stay out of every
// first-load bundle.
import { useEffect, useMemo, useRef, useState } from 'react';
import Lightbox, {
  ACTIVE_SLIDE_COMPLETE,
  createModule,
  IconButton,
  useDocumentContext,
  useEvents,
  type ComponentProps,
  type FullscreenRef,
  type Plugin,
  type Slide,
  type SlideImage,
  type SlideshowRef,
  type ThumbnailsRef,
  type ZoomRef,
} from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Slideshow from 'yet-another-react-lightbox/plugins/slideshow';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import type { ImageDto } from '../../../shared/schemas/images';
import { displaySize, formatUploadDate, imageLabel, isVideo } from './gallery-helpers';
import { LIGHTBOX_DEFAULTS as D } from './lightbox-defaults';
import { i18n } from '../locales/i18n';

/** SPEC 9: zoom moves in steps of 0.25, by the keys and by the toolbar buttons alike. */
function stepZoom(z: ZoomRef, direction: 1 | -1) {
  // A video slide has nothing to zoom (the Zoom plugin is disabled there).
  if (!z.disabled) z.changeZoom(z.zoom + direction * D.zoomIncrement);
}

const zoomGlyph = (plus: boolean) =>
  function ZoomGlyph() {
    return (
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <circle cx="10.5" cy="10.5" r="6.5" />
        <path d={plus ? 'M10.5 7.5v6M7.5 10.5h6' : 'M7.5 10.5h6'} />
        <path d="M15.5 15.5 20 20" />
      </svg>
    );
  };
const ZoomInGlyph = zoomGlyph(true);
const ZoomOutGlyph = zoomGlyph(false);

export interface GalleryLightboxProps {
  images: ImageDto[];
  index: number;
  /** Called with the slide shown when it closed. */
  onClose: (index: number) => void;
}

const isOwnImage = (src: string | undefined) => Boolean(src && /^\/images\/[A-Za-z0-9_-]+\.(jpg|png|webp)$/.test(src));
const isOwnVideo = (src: string) => /^\/images\/[A-Za-z0-9_-]+\.(mp4|webm)$/.test(src);

type Size = { width: number; height: number };

/**
 * SPEC 9: a video's size from its metadata, or 1920x1080 when the metadata has not loaded within
 * 3000 ms (or fails). Only asked for videos whose size the server does not know.
 */
function probeVideoSize(src: string): Promise<Size> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const finish = (size: Size) => {
      window.clearTimeout(timer);
      video.onloadedmetadata = video.onerror = null;
      video.removeAttribute('src');
      video.load();
      resolve(size);
    };
    const timer = window.setTimeout(() => finish(D.videoDefaultSize), D.videoMetadataTimeoutMs);
    video.onloadedmetadata = () =>
      finish(video.videoWidth && video.videoHeight ? { width: video.videoWidth, height: video.videoHeight } : D.videoDefaultSize);
    video.onerror = () => finish(D.videoDefaultSize);
    video.preload = 'metadata';
    video.muted = true;
    video.src = src;
  });
}

/** The sizes of the videos without one in their row, as their metadata (or the time-out) gives them. */
function useProbedSizes(images: ImageDto[]): ReadonlyMap<number, Size> {
  const [sizes, setSizes] = useState<ReadonlyMap<number, Size>>(new Map());
  useEffect(() => {
    let live = true;
    for (const image of images) {
      if (!isVideo(image) || (image.width && image.height) || !isOwnVideo(image.url)) continue;
      void probeVideoSize(image.url).then((size) => {
        if (live) setSizes((m) => new Map(m).set(image.id, size));
      });
    }
    return () => {
      live = false;
    };
  }, [images]);
  return sizes;
}

/**
 * The slideshow waits while a video plays (the Video plugin says so) and moves on when it ends; a
 * video paused half-way counts as done too, so the slideshow does not stall on it.
 */
function VideoPauseModule({ children }: ComponentProps) {
  const { publish } = useEvents();
  const { getOwnerDocument } = useDocumentContext();
  useEffect(() => {
    const doc = getOwnerDocument();
    const onPause = (e: Event) => {
      if (e.target instanceof HTMLVideoElement && e.target.closest('.yarl__root')) publish(ACTIVE_SLIDE_COMPLETE);
    };
    doc.addEventListener('pause', onPause, true);
    return () => doc.removeEventListener('pause', onPause, true);
  }, [publish, getOwnerDocument]);
  return <>{children}</>;
}
const VideoPauseResumesSlideshow: Plugin = ({ addModule }) => addModule(createModule('video-pause', VideoPauseModule));

function InvalidSource() {
  return (
    <div className="lightbox-invalid" role="alert">
      {i18n.t('Invalid source')}
    </div>
  );
}

/** The library's texts (its labels are keyed by their English), in the page's language. */
const lightboxLabels = () => ({
  Close: i18n.t('Close'),
  Previous: i18n.t('Previous'),
  Next: i18n.t('Next'),
  Play: i18n.t('Play'),
  Pause: i18n.t('Pause'),
  'Enter Fullscreen': i18n.t('Enter Fullscreen'),
  'Exit Fullscreen': i18n.t('Exit Fullscreen'),
  'Show thumbnails': i18n.t('Show thumbnails'),
  'Hide thumbnails': i18n.t('Hide thumbnails'),
  'Show captions': i18n.t('Show captions'),
  'Hide captions': i18n.t('Hide captions'),
  Lightbox: i18n.t('Lightbox'),
  Carousel: i18n.t('Carousel'),
  Slide: i18n.t('Slide'),
  Thumbnails: i18n.t('Thumbnails'),
  Caption: i18n.t('Caption'),
  'Photo gallery': i18n.t('Photo gallery'),
  'Zoom in': i18n.t('Zoom in'),
  'Zoom out': i18n.t('Zoom out'),
  // The library puts the numbers in.
  '{index} of {total}': i18n.t('{index} of {total}', { index: '{index}', total: '{total}' }),
});

/** True after `ms` without pointer, touch or key activity (the controls then fade out). */
function useIdle(ms: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = window.setTimeout(() => setIdle(true), ms);
    const wake = () => {
      setIdle(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setIdle(true), ms);
    };
    const events = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
    events.forEach((e) => window.addEventListener(e, wake, { passive: true }));
    return () => {
      window.clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, wake));
    };
  }, [ms]);
  return idle;
}

/**
 * SPEC 2 and 9 lightbox: previous/next, slide counter, thumbnails, zoom in 0.25 steps,
 * slideshow, fullscreen and close. Keys: Escape, arrows, t, plus, minus, F11 and Space.
 */
export default function GalleryLightbox({ images, index, onClose }: GalleryLightboxProps) {
  const [current, setCurrent] = useState(index);
  const thumbnails = useRef<ThumbnailsRef>(null);
  const slideshow = useRef<SlideshowRef>(null);
  const fullscreen = useRef<FullscreenRef>(null);
  const zoom = useRef<ZoomRef>(null);
  const idle = useIdle(D.uiFadeOutMs);
  const probed = useProbedSizes(images);

  const slides = useMemo(
    () =>
      images.map((image): Slide & { description?: string } => {
        const size = displaySize(image);
        const when = i18n.t('Uploaded {date} by {name}', { date: formatUploadDate(image.upload_date), name: image.author_name });
        const caption = { title: imageLabel(image), description: image.description ? `${when}\n${image.description}` : when };
        if (isVideo(image)) {
          // Not one of ours: an image slide without a source, which shows 'Invalid source'.
          if (!isOwnVideo(image.url)) return { src: '', ...caption };
          const known = image.width && image.height ? { width: image.width, height: image.height } : probed.get(image.id);
          return {
            type: 'video',
            sources: [{ src: image.url, type: image.content_type }],
            poster: image.display_url,
            ...(known ?? D.videoDefaultSize),
            ...caption,
          };
        }
        return {
          src: image.display_url,
          alt: imageLabel(image),
          width: size.width,
          height: size.height,
          srcSet: [
            ...(image.thumb_width && image.thumb_height && image.thumb_url !== image.display_url
              ? [{ src: image.thumb_url, width: image.thumb_width, height: image.thumb_height }]
              : []),
            { src: image.display_url, width: size.width, height: size.height },
          ],
          ...caption,
        };
      }),
    [images, probed],
  );

  // The keys the library does not bind itself: t, F11 and Space; plus and minus step by 0.25.
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea, select')) return;
      const stop = () => {
        e.preventDefault();
        e.stopPropagation();
      };
      if (e.key === 't' || e.key === 'T') {
        stop();
        if (thumbnails.current?.visible) thumbnails.current.hide();
        else thumbnails.current?.show();
      } else if (e.key === 'F11') {
        stop();
        if (fullscreen.current?.fullscreen) fullscreen.current.exit();
        else fullscreen.current?.enter();
      } else if (e.key === ' ' || e.code === 'Space') {
        stop();
        if (slideshow.current?.playing) slideshow.current.pause();
        else slideshow.current?.play();
      } else if ((e.key === '+' || e.key === '=') && zoom.current) {
        stop();
        stepZoom(zoom.current, 1);
      } else if ((e.key === '-' || e.key === '_') && zoom.current) {
        stop();
        stepZoom(zoom.current, -1);
      }
    }
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  return (
    <Lightbox
      open
      className={`gallery-lightbox${idle ? ' is-idle' : ''}`}
      close={() => onClose(current)}
      index={index}
      slides={slides}
      plugins={[Captions, Counter, Fullscreen, Slideshow, Thumbnails, Video, Zoom, VideoPauseResumesSlideshow]}
      on={{ view: ({ index: i }) => setCurrent(i) }}
      animation={{ zoom: D.zoomTransitionMs }}
      carousel={{ spacing: `${D.slideDistance * 100}%`, finite: false, preload: 2 }}
      slideshow={{ ref: slideshow, delay: D.slideshowMs }}
      // Controls, no autoplay (a video starts with sound only when the member starts it).
      video={{ controls: true, autoPlay: false, playsInline: true, preload: 'metadata' }}
      thumbnails={{ ref: thumbnails, showToggle: true, vignette: true }}
      fullscreen={{ ref: fullscreen }}
      zoom={{ ref: zoom, minZoom: D.minPinchZoom, maxZoomPixelRatio: 2, scrollToZoom: false }}
      captions={{ showToggle: true, descriptionMaxLines: 4 }}
      controller={{ closeOnBackdropClick: true }}
      render={{
        slide: ({ slide }) => (isOwnImage((slide as SlideImage).src) ? undefined : <InvalidSource />),
        iconError: () => <InvalidSource />,
        buttonZoom: (z) => (
          <>
            <IconButton
              key="zoom-in"
              label="Zoom in"
              icon={ZoomInGlyph}
              disabled={z.disabled || z.zoom >= z.maxZoom}
              onClick={() => stepZoom(z, 1)}
            />
            <IconButton
              key="zoom-out"
              label="Zoom out"
              icon={ZoomOutGlyph}
              disabled={z.disabled || z.zoom <= z.minZoom}
              onClick={() => stepZoom(z, -1)}
            />
          </>
        ),
      }}
      labels={lightboxLabels()}
    />
  );
}
