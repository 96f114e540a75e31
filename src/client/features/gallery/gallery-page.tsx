import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import type { ImageDto } from '../../../shared/schemas/images';
import { LazyConfirmDialog } from '../../components/lazy-confirm-dialog';
import { LoadMore } from '../../components/load-more';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';
import { groupByUploadDate } from '../../shared/images/gallery-helpers';
import { ImageBrowser, useEventOptions } from '../../shared/images/image-browser';
import { ImageGrid, ImageListStatus } from '../../shared/images/image-grid';
import { LazyUploadDialog } from '../../shared/images/lazy-upload-dialog';
import { useImageParam } from '../../shared/images/use-image-param';
import '../../shared/images/gallery.css';
import { i18n } from './locales/i18n';

/** /gallery 'Image Gallery': search by tag, filter by event, grouped by upload date, manage mode. */
export function GalleryPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const ids = useId();
  const [search, setSearch] = useState('');
  const [eventFilter, setEventFilter] = useState('');
  // The server filters and pages (issue 13): a tag search is asked once typing pauses.
  const tag = useDebounced(search.trim());
  const list = useInfiniteQuery(
    trpc.images.list.infiniteQueryOptions(
      { tag: tag || undefined, eventId: eventFilter ? Number(eventFilter) : undefined },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
  const events = useEventOptions();
  const [uploading, setUploading] = useState(false);
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [, setOpenId] = useImageParam();

  const all = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  // Grouped over every page loaded, so a day cut by a page boundary stays one group.
  const groups = useMemo(() => groupByUploadDate(all), [all]);
  const ordered = useMemo(() => groups.flatMap((g) => g.images), [groups]);
  // Each group's first index in `ordered`, so a grid's positions match the lightbox's sequence.
  const starts = useMemo(() => {
    const out: number[] = [];
    let n = 0;
    for (const g of groups) {
      out.push(n);
      n += g.images.length;
    }
    return out;
  }, [groups]);

  const remove = useMutation(
    trpc.images.delete.mutationOptions({
      onSuccess: async (res) => {
        toast(i18n.t('{count, plural, one {Image deleted.} other {# images deleted.}}', { count: res.deleted.length }), 'success');
        stopManaging();
        setConfirming(false);
        await queryClient.invalidateQueries(trpc.images.pathFilter());
      },
      onError: (e) => {
        setConfirming(false);
        toast(errorMessage(e, i18n.t('The images could not be deleted.')), 'error');
      },
    }),
  );

  // A search or a filter that finds nothing offers the way back to every image.
  const filtered = search.trim() !== '' || eventFilter !== '';
  const searchBox = useRef<HTMLInputElement>(null);
  function clearSearch() {
    setSearch('');
    setEventFilter('');
    searchBox.current?.focus();
  }

  function stopManaging() {
    setManaging(false);
    setSelected(new Set());
  }
  function toggle(image: ImageDto) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(image.id)) next.delete(image.id);
      else next.add(image.id);
      return next;
    });
  }

  return (
    <section className="page gallery-page">
      <header className="gallery-header">
        <h1>{i18n.t('Image Gallery')}</h1>
        <div className="gallery-actions">
          {managing ? (
            <>
              <span className="muted" aria-live="polite">
                {i18n.t('{count, plural, one {# selected} other {# selected}}', { count: selected.size })}
              </span>
              <button type="button" className="button button-danger" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
                {i18n.t('Delete Selected')}
              </button>
              <button type="button" className="button button-ghost" onClick={stopManaging}>
                {i18n.t('Cancel')}
              </button>
            </>
          ) : (
            <>
              <button type="button" className="button" onClick={() => setUploading(true)}>
                {i18n.t('Upload Image')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setManaging(true)}
                disabled={!all.some((i) => i.can_manage)}
              >
                {i18n.t('Manage Images')}
              </button>
            </>
          )}
        </div>
      </header>

      <div className="gallery-toolbar" role="search">
        <div className="field">
          <label htmlFor={`${ids}-search`}>{i18n.t('Search by tags')}</label>
          <input
            ref={searchBox}
            id={`${ids}-search`}
            type="search"
            placeholder={i18n.t('Search by tags...')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="field">
          {/* SPEC 2's 'Show...' select filters by event: its label says so (issue 31). */}
          <label htmlFor={`${ids}-filter`}>{i18n.t('Filter by event')}</label>
          <select id={`${ids}-filter`} value={eventFilter} onChange={(e) => setEventFilter(e.target.value)}>
            <option value="" disabled hidden>
              {i18n.t('Show...')}
            </option>
            <option value="">{i18n.t('All Topics')}</option>
            {events.map((ev) => (
              <option key={ev.id} value={String(ev.id)}>
                {ev.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      {managing ? (
        <p className="form-message form-message-info">{i18n.t('Select the images to delete. You can delete the images you uploaded.')}</p>
      ) : null}

      <ImageListStatus
        query={list}
        empty={groups.length === 0}
        emptyText={i18n.t('No images to display')}
        emptyClassName="gallery-empty"
        emptyAction={
          filtered ? (
            <button type="button" className="button button-secondary" onClick={clearSearch}>
              {i18n.t('Clear search')}
            </button>
          ) : null
        }
      >
        {groups.map((g, gi) => {
          return (
            <section key={g.key} className="gallery-group" aria-labelledby={`${ids}-${g.key}`}>
              <h2 id={`${ids}-${g.key}`} className="gallery-date">
                {g.label}
              </h2>
              <ImageGrid
                images={g.images}
                startIndex={starts[gi]}
                onOpen={(i) => setOpenId(i.id)}
                selecting={managing}
                selected={selected}
                onToggle={toggle}
              />
            </section>
          );
        })}
        <LoadMore query={list} label={i18n.t('Load more images')} auto />
      </ImageListStatus>

      <LazyUploadDialog open={uploading} onClose={() => setUploading(false)} events={events} />
      <ImageBrowser images={ordered} known={all} listPending={list.isPending} events={events} />
      <LazyConfirmDialog
        open={confirming}
        title={i18n.t('Delete Selected')}
        message={i18n.t(
          '{count, plural, one {Delete this image and their comments? This action cannot be undone.} other {Delete these # images and their comments? This action cannot be undone.}}',
          { count: selected.size },
        )}
        confirmLabel={i18n.t('Delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ images: [...selected] })}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
