import { TOO_LARGE_MESSAGE, WRONG_TYPE_MESSAGE, type ImageContext } from '../../../shared/images';
import type { ImageDto } from '../../../shared/schemas/images';
import { i18n } from '../i18n';

export interface UploadFields {
  title: string;
  description: string;
  tags: string;
  associatedEventId: number | null;
  /** 'home' for the home editor's photos, which the Gallery never lists (the server's default is 'gallery'). */
  context?: ImageContext;
}

/** Why a request was refused, when the server did not say (in the page's language). */
const fallback = (status: number, own?: Record<number, string>): string | undefined =>
  own?.[status] ??
  {
    401: i18n.t('Your session has ended. Please log in again.'),
    413: i18n._(TOO_LARGE_MESSAGE),
    415: i18n._(WRONG_TYPE_MESSAGE),
    429: i18n.t('Too many uploads at once. Please wait a minute and retry.'),
  }[status];

/** A failed upload request: the message says why, in the page's language; `status` is 0 when the connection was lost. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A cancelled upload's error. */
export const cancelled = () => new UploadError(i18n.t('The upload was cancelled.'), 0);

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
  /** Messages for statuses the server may answer without one, in the page's language. */
  fallback?: Record<number, string>;
}): Promise<T> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(cancelled());
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
      reject(
        new UploadError(serverMessage || fallback(xhr.status, opts.fallback) || i18n.t('The upload failed. Please retry.'), xhr.status),
      );
    };
    xhr.onerror = () => reject(new UploadError(i18n.t('The upload failed: the connection was lost. Please retry.'), 0));
    xhr.onabort = () => reject(cancelled());
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
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the files' names
  form.append('display', parts.display, `${base}-display.webp`);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the files' names
  form.append('thumbnail', parts.thumbnail, `${base}-thumb.webp`);
  return xhrSend<ImageDto>({ method: 'POST', url: '/upload-image', body: appendFields(form, fields), onProgress, signal });
}
