import { StrictMode } from 'react';
import { Router } from 'wouter';
import { App } from './app';
import { ToastProvider } from './components/toast';

/**
 * The whole app, as the browser renders it and as the build prerenders the public pages
 * (src/client/prerender.tsx, with `ssrPath`): one tree, so the browser hydrates the prerendered
 * HTML instead of painting it again. Without `ssrPath` the Router is wouter's default.
 */
export function Root({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <ToastProvider>
          <App />
        </ToastProvider>
      </Router>
    </StrictMode>
  );
}
