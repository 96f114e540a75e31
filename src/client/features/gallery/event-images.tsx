import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { ImageBrowser, useEventOptions } from './image-browser';
import { ImageGrid } from './image-grid';
import { UploadDialog } from './upload-dialog';
import { useImageParam } from './use-image-param';
import './gallery.css';

/** The event page's Images tab: Upload Image (linked to this event) and the event's images. */
export function EventImages({ eventId }: { eventId: number }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.images.byEvent.queryOptions({ eventId }));
  const events = useEventOptions();
  const [uploading, setUploading] = useState(false);
  const [, setOpenId] = useImageParam();
  const images = list.data ?? [];

  return (
    <section className="event-images" aria-label="Images">
      <div className="event-images-header">
        <button type="button" className="button" onClick={() => setUploading(true)}>
          Upload Image
        </button>
      </div>
      {list.isPending ? (
        <p className="page-status">Loading images…</p>
      ) : list.isError ? (
        <p className="form-message form-message-error" role="alert">
          {errorMessage(list.error, 'The images could not be loaded.')}
        </p>
      ) : images.length === 0 ? (
        <p className="muted">No images have been tagged with this event yet.</p>
      ) : (
        <ImageGrid images={images} onOpen={(i) => setOpenId(i.id)} />
      )}
      <UploadDialog open={uploading} onClose={() => setUploading(false)} events={events} eventId={eventId} />
      <ImageBrowser images={images} known={images} listPending={list.isPending} events={events} />
    </section>
  );
}
