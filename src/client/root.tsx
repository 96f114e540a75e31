import { StrictMode } from 'react';
import { Router } from 'wouter';
import { App } from './app';
import { ToastProvider } from './components/toast';

/**
 * The whole app, as the browser renders it and as the build prerenders the public pages
 * (src/client/prerender.tsx, with `ssrPath`) and the Worker renders a member's page (src/client/ssr.tsx): one tree, so the browser hydrates the prerendered
 * HTML instead of painting it again. Without `ssrPath` the Router is wouter's default.
 */
export function Root({ ssrPath, ssrSearch }: { ssrPath?: string; ssrSearch?: string }) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <ToastProvider>
          <App />
        </ToastProvider>
      </Router>
    </StrictMode>
  );
}
