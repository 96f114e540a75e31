import { TOO_LARGE_MESSAGE, WRONG_TYPE_MESSAGE, type ImageContext } from '../../../shared/images';
import type { ImageDto } from '../../../shared/schemas/images';

export interface UploadFields {
  title: string;
  description: string;
  tags: string;
  associatedEventId: number | null;
  /** 'home' for the home editor's photos, which the Gallery never lists (the server's default is 'gallery'). */
  context?: ImageContext;
}

const FALLBACK: Record<number, string> = {
  401: 'Your session has ended. Please log in again.',
  413: TOO_LARGE_MESSAGE,
  415: WRONG_TYPE_MESSAGE,
  429: 'Too many uploads at once. Please wait a minute and retry.',
};

/** A failed upload request: the message says why; `status` is 0 when the connection was lost. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const CANCELLED = 'The upload was cancelled.';

/**
 * One request with XMLHttpRequest, the one browser API that reports upload progress. Resolves
 * with the JSON answer of a 2xx; rejects with an UploadError whose message says why.
 */
export function xhrSend<T>(opts: {
  method: string;
  url: string;
  body: XMLHttpRequestBodyInit;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  fallback?: Record<number, string>;
}): Promise<T> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new UploadError(CANCELLED, 0));
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method, opts.url);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve(xhr.response as T);
        return;
      }
      const body = xhr.response as { message?: string } | null;
      const serverMessage = xhr.status < 500 ? body?.message : undefined;
      const fallback = { ...FALLBACK, ...opts.fallback };
      reject(new UploadError(serverMessage || fallback[xhr.status] || 'The upload failed. Please retry.', xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('The upload failed: the connection was lost. Please retry.', 0));
    xhr.onabort = () => reject(new UploadError(CANCELLED, 0));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(opts.body);
  });
}

/** The text fields of an upload form (images and videos alike). */
export function appendFields(form: FormData, fields: UploadFields): FormData {
  form.append('title', fields.title);
  form.append('description', fields.description);
  form.append('tags', fields.tags);
  if (fields.associatedEventId) form.append('associated_event_id', String(fields.associatedEventId));
  if (fields.context) form.append('context', fields.context);
  return form;
}

/** POST /upload-image: the image, its display size and thumbnail, and the fields; resolves with the stored image. */
export function sendUpload(
  parts: { image: Blob; display: Blob; thumbnail: Blob; name: string },
  fields: UploadFields,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImageDto> {
  const form = new FormData();
  const ext = parts.image.type.split('/')[1] ?? 'jpg';
  const base = parts.name.replace(/\.[^.]*$/, '') || 'image';
  form.append('image', parts.image, `${base}.${ext === 'jpeg' ? 'jpg' : ext}`);
  form.append('display', parts.display, `${base}-display.webp`);
  form.append('thumbnail', parts.thumbnail, `${base}-thumb.webp`);
  return xhrSend<ImageDto>({ method: 'POST', url: '/upload-image', body: appendFields(form, fields), onProgress, signal });
}
