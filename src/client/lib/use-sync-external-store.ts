// What wouter's import of the use-sync-external-store shim resolves to (vite.config.ts): React's own.
export { useSyncExternalStore } from 'react';
