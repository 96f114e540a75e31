import { useId, useState } from 'react';
import { IMAGE_ACCEPT, type ImageContext } from '../../../shared/images';
import { checkFile, prepareUpload } from './image-processing';
import { sendUpload } from './upload-request';
import { i18n } from '../locales/i18n';
import './photo-picker.css';

export interface PickedPhoto {
  id: number;
  thumbUrl: string;
}

interface Pending {
  key: number;
  name: string;
  progress: number;
  error: string;
}

/**
 * A form's photos (a home's in its editor, a circle's post): uploads go through the gallery's
 * pipeline (re-encoded in the browser without location metadata, display size and thumbnail,
 * members-only bytes) in their own context (never in the Gallery) and the stored image ids join
 * the form; saving it links them. Photos nothing takes are deleted a day later (the housekeeping
 * of modules/images/untaken-uploads.ts).
 */
export function PhotoPicker({
  photos,
  onChange,
  max,
  context,
  hint,
}: {
  photos: PickedPhoto[];
  onChange: (next: (p: PickedPhoto[]) => PickedPhoto[]) => void;
  max: number;
  context: ImageContext;
  /** What the first photo is for, after "Up to {max}." */
  hint?: string;
}) {
  const inputId = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  const room = max - photos.length - pending.filter((p) => !p.error).length;
  const patch = (key: number, p: Partial<Pending>) => setPending((all) => all.map((x) => (x.key === key ? { ...x, ...p } : x)));

  async function add(files: File[]) {
    for (const [i, file] of files.slice(0, Math.max(0, room)).entries()) {
      const key = Date.now() + i;
      const invalid = checkFile(file);
      setPending((all) => [...all, { key, name: file.name, progress: 0, error: invalid ?? '' }]);
      if (invalid) continue;
      try {
        const parts = await prepareUpload(file);
        const image = await sendUpload(
          { ...parts, name: file.name },
          { title: '', description: '', tags: '', associatedEventId: null, context },
          (progress) => patch(key, { progress }),
        );
        setPending((all) => all.filter((x) => x.key !== key));
        onChange((p) => [...p, { id: image.id, thumbUrl: image.thumb_url }]);
      } catch (error) {
        patch(key, { error: error instanceof Error ? error.message : i18n.t('The upload failed. Please retry.') });
      }
    }
  }

  const move = (i: number, by: -1 | 1) =>
    onChange((p) => {
      const next = [...p];
      const [it] = next.splice(i, 1);
      next.splice(i + by, 0, it!);
      return next;
    });

  return (
    <fieldset className="photo-picker">
      <legend>{i18n.t('Photos')}</legend>
      <p className="field-hint">
        {i18n.t('Up to {max}.', { max })}
        {hint ? ` ${hint}` : ''} {i18n.t('Only members see them; location and camera details are removed before upload.')}
      </p>
      {photos.length || pending.length ? (
        <ul className="photo-picker-list">
          {photos.map((p, i) => (
            <li key={p.id}>
              <img src={p.thumbUrl} alt={i18n.t('Photo {number}', { number: i + 1 })} />
              <div className="photo-picker-actions">
                {i > 0 ? (
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={i18n.t('Move photo {number} earlier', { number: i + 1 })}
                    onClick={() => move(i, -1)}
                  >
                    <span className="icon-points">←</span>
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={i18n.t('Remove photo {number}', { number: i + 1 })}
                  onClick={() => onChange((all) => all.filter((x) => x.id !== p.id))}
                >
                  {i18n.t('Remove')}
                </button>
              </div>
            </li>
          ))}
          {pending.map((p) => (
            <li key={p.key} className="photo-picker-pending">
              <span className="photo-picker-name">{p.name}</span>
              {p.error ? (
                <>
                  <span className="field-error" role="alert">
                    {p.error}
                  </span>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    onClick={() => setPending((all) => all.filter((x) => x.key !== p.key))}
                  >
                    {i18n.t('Dismiss')}
                  </button>
                </>
              ) : (
                <progress
                  max={100}
                  value={Math.round(p.progress * 100)}
                  aria-label={i18n.t('Upload progress of {name}', { name: p.name })}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <>
          <label htmlFor={inputId} className="button button-ghost button-small">
            {i18n.t('Add photos')}
          </label>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              void add(files);
            }}
          />
        </>
      ) : null}
    </fieldset>
  );
}
