import { createRoot, hydrateRoot } from 'react-dom/client';
import { Root } from './root';
import { firstScreen } from './lib/first-screen';
import { preloadPage } from './routes';
import { installChunkReload } from './shell/chunk-reload';
import './styles/base.css';

// TanStack Query is not here: it comes with the pages that call the API (src/client/trpc-root.tsx).

installChunkReload();

const container = document.getElementById('root')!;
if (firstScreen()) {
  // A member's page with her first screen's answers in its HTML (issue 27): its chunks
  // (already preloaded by the HTML) are awaited, then it renders from those answers at once. Its
  // HTML holds the menu only, so there is nothing to hydrate.
  void preloadPage(window.location.pathname).finally(() => createRoot(container).render(<Root />));
} else if (container.firstElementChild) {
  // The public pages, and the members' main pages in their pending state, arrive prerendered
  // (src/client/prerender.tsx): React takes over that HTML without painting it again.
  hydrateRoot(container, <Root />);
} else createRoot(container).render(<Root />);
