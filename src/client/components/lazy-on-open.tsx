import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code is fetched the first time it opens: a page's first load that only sometimes
 * needs it (the gallery's upload and Delete Selected) carries none of it. Once opened it stays
 * mounted, so closing it keeps what it holds (the uploads under way and their list).
 */
export function lazyOnOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyOnOpen(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
