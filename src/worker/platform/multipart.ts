import { TOO_LARGE_MESSAGE } from '../../shared/images';
import { AppError } from './app-error';
import { limitedStream } from './body-limit';

/**
 * A multipart/form-data body (an upload: the gallery's, a video's part, a profile photo), counted
 * while it streams: past `maxBytes` the read stops with a 413, with or without a Content-Length.
 */
export async function readForm(
  req: Request,
  maxBytes: number,
  tooLarge = TOO_LARGE_MESSAGE,
  notAForm = 'Send the image as multipart/form-data.',
): Promise<FormData> {
  if (!req.body) throw new AppError('BAD_REQUEST', notAForm);
  const limited = limitedStream(req, req.body, maxBytes);
  const counted = new Request(req.url, { method: req.method, headers: req.headers, body: limited.stream });
  try {
    return await counted.formData();
  } catch {
    if (limited.exceeded()) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
    const late = limited.timedOut();
    if (late) throw late;
    throw new AppError('BAD_REQUEST', notAForm);
  }
}

/** A form's text field (a file in its place counts as missing). */
export function formText(form: FormData, name: string): string | undefined {
  const v = form.get(name);
  return typeof v === 'string' ? v : undefined;
}
