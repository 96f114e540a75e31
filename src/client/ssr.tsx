import { renderToString } from 'react-dom/server';
import { withDateLanguage, withLocalTimeZone } from '../shared/date-format';
import type { Language } from '../shared/preferences';
import type { FirstScreen } from '../shared/first-screen';
import { withServerRenderScope } from './lib/first-screen';
import { seedFirstScreen } from './lib/first-screen-seed';
import { createQueryClient } from './lib/query-client';
import { Root } from './root';
import { preloadPage } from './routes';
import { withLocale } from './i18n/i18n';

/**
 * A member's page rendered in the Worker (issue 27, docs/decisions/0019-first-screen-in-the-html.md): the whole app as her
 * browser's first render will be, from the answers her HTML carries and with her dates in her
 * browser's zone and her language (issue 41), so the largest content paints with the HTML and the browser hydrates it instead
 * of painting it again. The page's chunks are loaded first, so nothing suspends; the render itself
 * is synchronous, so its scope (her answers, its own query client, her zone) is hers alone.
 */
export async function renderMemberPage(url: URL, screen: FirstScreen, timeZone: string, language: Language): Promise<string> {
  await preloadPage(url.pathname, language);
  const queryClient = createQueryClient();
  seedFirstScreen(queryClient, screen);
  try {
    return withServerRenderScope({ screen, queryClient }, () =>
      withLocalTimeZone(timeZone, () =>
        withDateLanguage(language, () =>
          withLocale(language, () => renderToString(<Root ssrPath={url.pathname} ssrSearch={url.search.replace(/^\?/, '')} />)),
        ),
      ),
    );
  } finally {
    queryClient.clear();
  }
}
