import { useEffect, useRef } from 'react';
import { i18n } from '../i18n/i18n';

/** What LoadMore needs of a TanStack infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

interface LoadMoreProps {
  query: PagedQuery;
  /** The button's text, e.g. 'Load more images'. */
  label?: string;
  /** Load the next page as the end of the list scrolls near (the button stays, for keyboards and as a fallback). */
  auto?: boolean;
}

/**
 * The end of a paged list (issue 13): while there is a next page, a visible button that loads it
 * and, with `auto`, a sentinel that loads it as the member scrolls near. After a failure the
 * sentinel waits for the button, so a broken connection is not asked again and again.
 */
export function LoadMore({ query, label = i18n.t('Load more'), auto = false }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const watching = auto && hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  useEffect(() => {
    const node = sentinel.current;
    if (!watching || !node || typeof IntersectionObserver === 'undefined') return;
    // A new observer after every page: it reports at once if the end is still in view (a tall screen).
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          fetchNextPage();
        }
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [watching, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div className="load-more">
      {auto ? <div ref={sentinel} className="load-more-sentinel" aria-hidden="true" /> : null}
      {isFetchNextPageError ? (
        <p className="form-message form-message-error" role="alert">
          {i18n.t('The next page could not be loaded.')}
        </p>
      ) : null}
      <button type="button" className="button button-ghost" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? i18n.t('Loading…') : isFetchNextPageError ? i18n.t('Try again') : label}
      </button>
    </div>
  );
}
