import { createRoot, hydrateRoot } from 'react-dom/client';
import { localTimeZone } from '../shared/date-format';
import { TIME_ZONE_COOKIE } from '../shared/first-screen';
import { Root } from './root';
import { firstScreen } from './lib/first-screen';
import { preloadPage } from './routes';
import { installChunkReload } from './shell/chunk-reload';
import './styles/base.css';

// TanStack Query is not here: it comes with the pages that call the API (src/client/trpc-root.tsx).

installChunkReload();

// The Worker renders a member's page with her dates in her zone (issue 27): it learns it here.
const zone = localTimeZone();
document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;

const container = document.getElementById('root')!;
const screen = firstScreen();
if (screen) {
  // A member's page with her first screen's answers in its HTML (issue 27): its chunks (already
  // preloaded by the HTML) are awaited, so nothing suspends. The Worker rendered the page from
  // those answers in her zone: React hydrates it. If her browser's zone is not the one it was
  // rendered in (or the Worker sent the data alone), the page renders afresh from the data.
  void preloadPage(window.location.pathname).finally(() => {
    if (screen.rendered?.timeZone === zone) hydrateRoot(container, <Root />);
    else {
      container.replaceChildren();
      createRoot(container).render(<Root />);
    }
  });
} else if (container.firstElementChild) {
  // The public pages, and the members' main pages in their pending state, arrive prerendered
  // (src/client/prerender.tsx): React takes over that HTML without painting it again.
  hydrateRoot(container, <Root />);
} else createRoot(container).render(<Root />);
