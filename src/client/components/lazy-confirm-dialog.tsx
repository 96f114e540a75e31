import { lazyOnOpen } from './lazy-on-open';

/** ConfirmDialog, fetched the first time it opens (the gallery's Delete Selected). */
export const LazyConfirmDialog = lazyOnOpen(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));
