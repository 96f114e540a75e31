import { lazy, Suspense, useState, type ComponentProps } from 'react';

const Dialog = lazy(() => import('./upload-dialog').then((m) => ({ default: m.UploadDialog })));

/**
 * The upload dialog, fetched the first time she opens it: a visit that only looks at images needs
 * none of its code (image processing, the upload requests, the form). Once opened it stays mounted,
 * so closing it keeps the uploads under way and their list, as before.
 */
export function LazyUploadDialog(props: ComponentProps<typeof Dialog>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
