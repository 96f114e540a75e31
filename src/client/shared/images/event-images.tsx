import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { ImageBrowser, useEventOptions } from './image-browser';
import { ImageGrid, ImageListStatus } from './image-grid';
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
      <ImageListStatus
        query={list}
        empty={images.length === 0}
        emptyText="No images have been tagged with this event yet."
        emptyClassName="muted"
      >
        <ImageGrid images={images} onOpen={(i) => setOpenId(i.id)} />
      </ImageListStatus>
      <UploadDialog open={uploading} onClose={() => setUploading(false)} events={events} eventId={eventId} />
      <ImageBrowser images={images} known={images} listPending={list.isPending} events={events} />
    </section>
  );
}
