import { createRoot, hydrateRoot } from 'react-dom/client';
import { Root } from './root';
import { installChunkReload } from './shell/chunk-reload';
import './styles/base.css';

// TanStack Query is not here: it comes with the pages that call the API (src/client/trpc-root.tsx).

installChunkReload();

const container = document.getElementById('root')!;
// The public pages, and the members' main pages in their pending state, arrive prerendered
// (src/client/prerender.tsx): React takes over that HTML without painting it again. Every other
// page starts from the empty shell.
if (container.firstElementChild) hydrateRoot(container, <Root />);
else createRoot(container).render(<Root />);
