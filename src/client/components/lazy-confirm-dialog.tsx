import { lazy, Suspense, useState, type ComponentProps } from 'react';

const Dialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * ConfirmDialog, fetched the first time it opens: for a page's first load that rarely asks (the
 * gallery's Delete Selected), so the dialog and its modal stay out of that load. Once opened it
 * stays mounted, so it closes as the eager one does.
 */
export function LazyConfirmDialog(props: ComponentProps<typeof Dialog>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
