import { lazyOnOpen } from '../../components/lazy-on-open';

/**
 * The upload dialog, fetched the first time she opens it: a visit that only looks at images needs
 * none of its code (image processing, the upload requests, the form).
 */
export const LazyUploadDialog = lazyOnOpen(() => import('./upload-dialog').then((m) => m.UploadDialog));
