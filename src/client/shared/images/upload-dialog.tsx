import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { IMAGE_TYPES, MAX_IMAGE_DESCRIPTION, MAX_IMAGE_TITLE } from '../../../shared/images';
import type { EventOption } from '../../../shared/schemas/images';
import { TextAreaField, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { useTRPC } from '../../lib/trpc';
import { EventSelect } from './event-select';
import { checkFile, isVideoFile, MEDIA_ACCEPT, prepareUpload } from './image-processing';
import { sendUpload, type UploadFields } from './upload-request';
import { ModalActions } from '../../components/modal-actions';
import { i18n } from '../locales/i18n';

/** The Upload dialog takes images and videos (issue 15). */
const check = (file: File) => checkFile(file, { videos: true });

function uploadedText(items: { file: File }[]): string {
  const videos = items.filter((i) => isVideoFile(i.file)).length;
  const count = items.length;
  if (videos === 0) return i18n.t('{count, plural, one {Image uploaded.} other {# images uploaded.}}', { count });
  if (videos === count) return i18n.t('{count, plural, one {Video uploaded.} other {# videos uploaded.}}', { count });
  return i18n.t('{count, plural, one {File uploaded.} other {# files uploaded.}}', { count });
}

type Status = 'ready' | 'preparing' | 'uploading' | 'done' | 'error';
interface Item {
  key: number;
  file: File;
  preview: string;
  status: Status;
  progress: number;
  error: string;
  /** Cancels the upload in flight. */
  abort?: AbortController;
}

const statusText = (status: Status): string =>
  ({
    ready: i18n.t('Ready'),
    preparing: i18n.t('Preparing…'),
    uploading: i18n.t('Uploading…'),
    done: i18n.t('Uploaded'),
    error: i18n.t('Failed'),
  })[status];

interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  events: EventOption[];
  /** Pre-selects an event (the event page's Images tab). */
  eventId?: number | null;
}

/** Upload Image: choose or drop images, describe them once, and watch each file's progress. */
export function UploadDialog({ open, onClose, events, eventId = null }: UploadDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const inputId = useId();
  const nextKey = useRef(1);
  const [items, setItems] = useState<Item[]>([]);
  const [fields, setFields] = useState<UploadFields>({ title: '', description: '', tags: '', associatedEventId: eventId });
  const [dragging, setDragging] = useState(false);
  const busy = items.some((i) => i.status === 'preparing' || i.status === 'uploading');

  useEffect(() => {
    if (open) setFields((f) => ({ ...f, associatedEventId: eventId }));
  }, [open, eventId]);

  // Revoke the previews' object URLs when items go away.
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const patch = (key: number, p: Partial<Item>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...p } : i)));

  function addFiles(files: FileList | File[]) {
    const added = Array.from(files).map((file): Item => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      const error = check(file);
      return { key: nextKey.current++, file, preview, status: error ? 'error' : 'ready', progress: 0, error: error ?? '' };
    });
    setItems((all) => [...all, ...added]);
  }

  function remove(item: Item) {
    URL.revokeObjectURL(item.preview);
    previews.current.delete(item.preview);
    setItems((all) => all.filter((i) => i.key !== item.key));
  }

  async function uploadOne(item: Item, single: boolean): Promise<boolean> {
    const invalid = check(item.file);
    if (invalid) {
      patch(item.key, { status: 'error', error: invalid });
      return false;
    }
    const abort = new AbortController();
    try {
      patch(item.key, { status: 'preparing', progress: 0, error: '', abort });
      // One title for several files would repeat; each then keeps its own file name.
      const own = single ? fields : { ...fields, title: fields.title ? `${fields.title} (${item.file.name.replace(/\.[^.]*$/, '')})` : '' };
      const onProgress = (p: number) => patch(item.key, { progress: p });
      if (isVideoFile(item.file)) {
        const { prepareVideo, sendVideoUpload } = await import('./video-upload');
        const prepared = await prepareVideo(item.file);
        patch(item.key, { status: 'uploading' });
        await sendVideoUpload(item.file, prepared, own, onProgress, abort.signal);
      } else {
        const parts = await prepareUpload(item.file);
        patch(item.key, { status: 'uploading' });
        await sendUpload({ ...parts, name: item.file.name }, own, onProgress, abort.signal);
      }
      patch(item.key, { status: 'done', progress: 1, abort: undefined });
      return true;
    } catch (error) {
      patch(item.key, {
        status: 'error',
        abort: undefined,
        error: error instanceof Error ? error.message : i18n.t('The upload failed. Please retry.'),
      });
      return false;
    }
  }

  async function run(targets: Item[]) {
    const uploaded: Item[] = [];
    for (const item of targets) if (await uploadOne(item, items.length === 1)) uploaded.push(item);
    if (uploaded.length) {
      await queryClient.invalidateQueries(trpc.images.pathFilter());
      toast(uploadedText(uploaded), 'success');
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(items.filter((i) => i.status === 'ready'));
  }

  function close() {
    if (busy) return;
    items.forEach((i) => URL.revokeObjectURL(i.preview));
    previews.current.clear();
    setItems([]);
    setFields({ title: '', description: '', tags: '', associatedEventId: eventId });
    onClose();
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) addFiles(e.dataTransfer.files);
  }

  const ready = items.filter((i) => i.status === 'ready').length;
  const readyFiles = items.some((i) => i.status === 'ready' && isVideoFile(i.file));
  const allDone = items.length > 0 && items.every((i) => i.status === 'done');

  return (
    <Modal
      open={open}
      onClose={close}
      title={i18n.t('Upload Image')}
      size="large"
      footer={
        <ModalActions
          cancelLabel={allDone ? i18n.t('Done') : i18n.t('Cancel')}
          onCancel={close}
          cancelDisabled={busy}
          actionLabel={
            busy
              ? i18n.t('Uploading…')
              : ready <= 1
                ? i18n.t('Upload')
                : readyFiles
                  ? i18n.t('{count, plural, one {Upload # file} other {Upload # files}}', { count: ready })
                  : i18n.t('{count, plural, one {Upload # image} other {Upload # images}}', { count: ready })
          }
          form={`${inputId}-form`}
          disabled={busy || ready === 0}
        />
      }
    >
      <form id={`${inputId}-form`} className="upload-form" onSubmit={submit} noValidate>
        <div
          className={`drop-zone${dragging ? ' is-dragging' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p>{i18n.t('Drop images or videos here, or')}</p>
          <label htmlFor={inputId} className="button button-secondary button-small">
            {i18n.t('Choose files')}
          </label>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={MEDIA_ACCEPT}
            multiple
            onChange={(e) => {
              if (e.target.files?.length) addFiles(e.target.files);
              e.target.value = '';
            }}
          />
          <p className="muted small">
            {i18n.t('JPEG, PNG or WebP images up to 15 MB; MP4 or WebM videos up to 500 MB. Location and camera details are removed.')}
          </p>
        </div>

        {items.length ? (
          <ul className="upload-list" aria-label={i18n.t('Files to upload')}>
            {items.map((item) => (
              <li key={item.key} className={`upload-item is-${item.status}`}>
                {(IMAGE_TYPES as readonly string[]).includes(item.file.type) ? (
                  <img src={item.preview} alt="" className="upload-preview" width={56} height={56} />
                ) : isVideoFile(item.file) ? (
                  <video src={item.preview} className="upload-preview" width={56} height={56} muted preload="metadata" aria-hidden="true" />
                ) : (
                  <span className="upload-preview" aria-hidden="true" />
                )}
                <div className="upload-item-body">
                  <div className="upload-item-top">
                    <span className="upload-name">{item.file.name}</span>
                    <span className="upload-status">{statusText(item.status)}</span>
                  </div>
                  <progress
                    className="upload-progress"
                    max={100}
                    value={Math.round(item.progress * 100)}
                    aria-label={i18n.t('Upload progress of {name}', { name: item.file.name })}
                  />
                  {item.error ? (
                    <p className="upload-error" role="alert">
                      {item.error}
                    </p>
                  ) : null}
                </div>
                <div className="upload-item-actions">
                  {item.status === 'uploading' && item.abort ? (
                    <button
                      type="button"
                      className="button button-small button-ghost"
                      onClick={() => item.abort?.abort()}
                      aria-label={i18n.t('Cancel the upload of {name}', { name: item.file.name })}
                    >
                      {i18n.t('Cancel')}
                    </button>
                  ) : null}
                  {item.status === 'error' && !check(item.file) ? (
                    <button type="button" className="button button-small button-secondary" onClick={() => void run([item])} disabled={busy}>
                      {i18n.t('Retry')}
                    </button>
                  ) : null}
                  {item.status === 'ready' || item.status === 'error' ? (
                    <button
                      type="button"
                      className="button button-small button-ghost"
                      onClick={() => remove(item)}
                      aria-label={i18n.t('Remove {name}', { name: item.file.name })}
                    >
                      {i18n.t('Remove')}
                    </button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="upload-fields">
          <TextField
            label={i18n.t('Title')}
            maxLength={MAX_IMAGE_TITLE}
            value={fields.title}
            onChange={(e) => setFields({ ...fields, title: e.target.value })}
            hint={i18n.t('Leave empty to use the file name.')}
          />
          <TextField
            label={i18n.t('Tags')}
            value={fields.tags}
            onChange={(e) => setFields({ ...fields, tags: e.target.value })}
            hint={i18n.t('Separate tags with commas, e.g. garden, tea.')}
          />
          <TextAreaField
            label={i18n.t('Description')}
            rows={3}
            maxLength={MAX_IMAGE_DESCRIPTION}
            value={fields.description}
            onChange={(e) => setFields({ ...fields, description: e.target.value })}
          />
          <EventSelect
            events={events}
            value={fields.associatedEventId}
            onChange={(id) => setFields({ ...fields, associatedEventId: id })}
          />
        </div>
      </form>
    </Modal>
  );
}
