import { i18n } from './locales/i18n';

/**
 * A page's meta description (what a search result shows under its title), written into its
 * prerendered HTML in each language (src/client/prerender.tsx, which loads this catalog first);
 * a page without its own has index.html's, the club's.
 */
export function pageDescription(path: string): string {
  const descriptions: Record<string, string> = {
    '/home': i18n.t(
      'A private club for women who lead in business, and who would like to meet, rest, create and travel together away from it.',
    ),
    '/about': i18n.t(
      'Why the club exists, what it is (circles, travel to members’ homes, showcases) and what it is not: no networking, no business, no selling.',
    ),
    '/membership': i18n.t(
      'Membership is by invitation: the Flying, Executive and Hosting tiers and what each brings. Apply with an invitation code.',
    ),
    '/activities': i18n.t(
      'Travel to in-network vacation homes, gathering circles around a shared craft, and showcases where members share what they create.',
    ),
    '/login': i18n.t('Members sign in to the club’s events, gallery and homes. Membership is by invitation.'),
  };
  return descriptions[path] ?? i18n.t('Outstanding Women Outside Work: a members-only club for women business leaders.');
}
