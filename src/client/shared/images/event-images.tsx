import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LoadMore } from '../../components/load-more';
import { useTRPC } from '../../lib/trpc';
import { ImageBrowser, useEventOptions } from './image-browser';
import { ImageGrid, ImageListStatus } from './image-grid';
import { LazyUploadDialog } from './lazy-upload-dialog';
import { useImageParam } from './use-image-param';
import { i18n } from '../i18n';
import './gallery.css';

/** The event page's Images tab: Upload Image (linked to this event) and the event's images. */
export function EventImages({ eventId }: { eventId: number }) {
  const trpc = useTRPC();
  const list = useInfiniteQuery(
    trpc.images.byEvent.infiniteQueryOptions({ eventId }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const events = useEventOptions();
  const [uploading, setUploading] = useState(false);
  const [, setOpenId] = useImageParam();
  const images = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);

  return (
    <section className="event-images" aria-label={i18n.t('Images')}>
      <div className="event-images-header">
        <button type="button" className="button" onClick={() => setUploading(true)}>
          {i18n.t('Upload Image')}
        </button>
      </div>
      <ImageListStatus
        query={list}
        empty={images.length === 0}
        emptyText={i18n.t('No images have been tagged with this event yet.')}
        emptyClassName="muted"
      >
        <ImageGrid images={images} onOpen={(i) => setOpenId(i.id)} />
        <LoadMore query={list} label={i18n.t('Load more images')} auto />
      </ImageListStatus>
      <LazyUploadDialog open={uploading} onClose={() => setUploading(false)} events={events} eventId={eventId} />
      <ImageBrowser images={images} known={images} listPending={list.isPending} events={events} />
    </section>
  );
}
