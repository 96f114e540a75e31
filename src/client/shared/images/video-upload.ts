// Loaded only when a video is uploaded (issue 15): its poster frame and its upload in parts stay
// out of the gallery's own chunk.
import { VIDEO_TOO_LARGE_MESSAGE, WRONG_VIDEO_TYPE_MESSAGE } from '../../../shared/images';
import type { ImageDto, VideoUploadDto } from '../../../shared/schemas/images';
import { derivatives, VIDEO_FILE_TYPES } from './image-processing';
import { appendFields, cancelled, UploadError, xhrSend, type UploadFields } from './upload-request';
import { i18n } from '../i18n';

export interface PreparedVideo {
  /** The poster frame (about one second in) at the display size and as a thumbnail, WebP. */
  display: Blob;
  thumbnail: Blob;
  width: number;
  height: number;
  /** Seconds; null when the browser cannot tell. */
  duration: number | null;
}

const unreadable = () => new Error(i18n.t('This video could not be read by your browser. MP4 (H.264/AAC) and WebM play everywhere.'));
/** How long the browser may take to open a local file and find its frame before we give up. */
const READ_TIMEOUT_MS = 20_000;

/** Resolves on the media element's event; rejects on its error or after READ_TIMEOUT_MS. */
function when(video: HTMLVideoElement, event: 'loadedmetadata' | 'seeked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (ok: boolean) => {
      window.clearTimeout(timer);
      video.removeEventListener(event, onEvent);
      video.removeEventListener('error', onError);
      if (ok) resolve();
      else reject(unreadable());
    };
    const onEvent = () => done(true);
    const onError = () => done(false);
    const timer = window.setTimeout(() => done(false), READ_TIMEOUT_MS);
    video.addEventListener(event, onEvent);
    video.addEventListener('error', onError);
  });
}

/**
 * Reads the video in the browser: its size, its length and a frame about one second in (or half
 * way, for a shorter one), encoded like an image's display size and thumbnail.
 */
export async function prepareVideo(file: File): Promise<PreparedVideo> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    video.src = url;
    await when(video, 'loadedmetadata');
    if (!Number.isFinite(video.duration)) {
      // A live recording (a MediaRecorder WebM) has no length in its header; a seek past the end finds it.
      video.currentTime = Number.MAX_SAFE_INTEGER;
      await when(video, 'seeked');
    }
    const duration = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null;
    video.currentTime = duration === null ? 0 : Math.min(1, duration / 2);
    await when(video, 'seeked');
    const { videoWidth: width, videoHeight: height } = video;
    if (!width || !height) throw unreadable();
    return { ...(await derivatives(video, width, height)), width, height, duration };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

const videoFallback = () => ({ 413: i18n._(VIDEO_TOO_LARGE_MESSAGE), 415: i18n._(WRONG_VIDEO_TYPE_MESSAGE) });
/** Waits before each new try of a part: a dropped connection or a busy server often recovers. */
const RETRY_DELAYS_MS = [1000, 3000, 8000];

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        reject(cancelled());
      },
      { once: true },
    );
  });
}

/** A part again after a lost connection, a 5xx or a 429; never after a refusal (4xx) or a cancel. */
async function withRetry<T>(send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const retriable =
        error instanceof UploadError && !signal?.aborted && (error.status === 0 || error.status === 429 || error.status >= 500);
      if (!retriable || attempt >= RETRY_DELAYS_MS.length) throw error;
      await pause(RETRY_DELAYS_MS[attempt]!, signal);
    }
  }
}

async function createUpload(file: File): Promise<VideoUploadDto> {
  const res = await fetch('/api/videos/uploads', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: file.name, size: file.size, type: VIDEO_FILE_TYPES[file.type] ?? file.type }),
  });
  const body = (await res.json().catch(() => null)) as (VideoUploadDto & { message?: string }) | null;
  if (!res.ok || !body) throw new UploadError(body?.message ?? i18n.t('The upload could not start. Please retry.'), res.status);
  return body;
}

/**
 * The video in parts through the Worker (ADR 0011): start, each part with the next part's first
 * bytes (the lookahead) and its own retries, then complete with the poster frame and the fields.
 * On any failure or a cancel the upload is aborted, so its stored parts go at once.
 */
export async function sendVideoUpload(
  file: File,
  prepared: PreparedVideo,
  fields: UploadFields,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImageDto> {
  const up = await createUpload(file);
  const base = `/api/videos/uploads/${up.id}`;
  try {
    for (let n = 1; n <= up.parts; n++) {
      const start = (n - 1) * up.part_bytes;
      const end = Math.min(file.size, n * up.part_bytes);
      const body = file.slice(start, Math.min(file.size, end + up.lookahead));
      await withRetry(
        () =>
          xhrSend({
            method: 'PUT',
            url: `${base}/parts/${n}`,
            body,
            signal,
            fallback: videoFallback(),
            // The poster and the fields go last; the parts are nearly all of it.
            onProgress: (f) => onProgress((0.98 * (start + f * (end - start))) / file.size),
          }),
        signal,
      );
    }
    const form = appendFields(new FormData(), fields);
    form.append('display', prepared.display, 'poster.webp');
    form.append('thumbnail', prepared.thumbnail, 'poster-thumb.webp');
    form.append('width', String(prepared.width));
    form.append('height', String(prepared.height));
    if (prepared.duration !== null) form.append('duration', String(prepared.duration));
    return await withRetry(
      () => xhrSend<ImageDto>({ method: 'POST', url: `${base}/complete`, body: form, signal, fallback: videoFallback() }),
      signal,
    );
  } catch (error) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP method
    void fetch(base, { method: 'DELETE', credentials: 'same-origin' }).catch(() => {});
    throw error;
  }
}
