import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React takes over prerendered HTML (src/client/prerender.tsx) and in the prerender
 * itself; true once the page runs in the browser (at once when it was not prerendered). A form
 * keeps its submit button disabled until then: a native submit before hydration would send the
 * fields in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
