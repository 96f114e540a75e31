import { TOO_LARGE_MESSAGE, WRONG_TYPE_MESSAGE, type ImageDto } from '../../../shared/schemas/images';

export interface UploadFields {
  title: string;
  description: string;
  tags: string;
  associatedEventId: number | null;
}

const FALLBACK: Record<number, string> = {
  401: 'Your session has ended. Please log in again.',
  413: TOO_LARGE_MESSAGE,
  415: WRONG_TYPE_MESSAGE,
  429: 'Too many uploads at once. Please wait a minute and retry.',
};

/**
 * POST /upload-image with XMLHttpRequest, the one browser API that reports upload progress.
 * Resolves with the stored image; rejects with an Error whose message says why.
 */
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
  form.append('title', fields.title);
  form.append('description', fields.description);
  form.append('tags', fields.tags);
  if (fields.associatedEventId) form.append('associated_event_id', String(fields.associatedEventId));

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/upload-image');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201 || xhr.status === 200) {
        onProgress(1);
        resolve(xhr.response as ImageDto);
        return;
      }
      const body = xhr.response as { message?: string } | null;
      const serverMessage = xhr.status < 500 ? body?.message : undefined;
      reject(new Error(serverMessage || FALLBACK[xhr.status] || 'The upload failed. Please retry.'));
    };
    xhr.onerror = () => reject(new Error('The upload failed: the connection was lost. Please retry.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
