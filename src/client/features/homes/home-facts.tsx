import type { HomeCard } from '../../../shared/schemas/homes';
import type { AvatarSize } from '../../shared/members/member-avatar';
import { MemberName } from '../../shared/members/member-name';
import { withNodes } from '../../i18n/with-nodes';
import { place } from './homes-format';
import { i18n } from './locales/i18n';

type HomeFactsOf = Pick<HomeCard, 'city' | 'country' | 'max_guests' | 'bedrooms'> & {
  host: { id: number; name: string; photo_url?: string | null };
};

/**
 * A home's summary, the same on the list's cards and the home's page: where (unless the card says
 * it on a line of its own), how many guests and bedrooms, and who hosts it, her name linking to
 * her profile (issue 22: her name links to her profile wherever it appears). With `hostAvatar`
 * (the home's page) the host has a line of her own with her face.
 */
export function HomeFacts({ home, withPlace = true, hostAvatar }: { home: HomeFactsOf; withPlace?: boolean; hostAvatar?: AvatarSize }) {
  const counts = [
    i18n.t('{count, plural, one {# guest} other {# guests}}', { count: home.max_guests }),
    i18n.t('{count, plural, one {# bedroom} other {# bedrooms}}', { count: home.bedrooms }),
  ].join(' · ');
  // The place keeps its own direction inside a right-to-left line (a Latin name before a number).
  const facts =
    withPlace && place(home) ? (
      <>
        <bdi>{place(home)}</bdi> · {counts}
      </>
    ) : (
      counts
    );
  const host = (
    <MemberName id={home.host.id} name={home.host.name} photoUrl={home.host.photo_url} avatar={hostAvatar} className="home-host" />
  );
  if (!hostAvatar) {
    return <>{withNodes((m) => i18n.t('{facts} · hosted by {host}', m), { facts, host })}</>;
  }
  return (
    <>
      <span className="home-facts">{facts}</span>
      <span className="home-host-line">{withNodes((m) => i18n.t('Hosted by {host}', m), { host })}</span>
    </>
  );
}
