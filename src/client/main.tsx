import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ToastProvider } from './components/toast';
import { installChunkReload } from './shell/chunk-reload';
import './styles/base.css';

// TanStack Query is not here: it comes with the pages that call the API (src/client/trpc-root.tsx).
function Root() {
  return (
    <ToastProvider>
      <App />
    </ToastProvider>
  );
}

installChunkReload();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
