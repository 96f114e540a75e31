import type { HomeCard } from '../../../shared/schemas/homes';
import { MemberName } from '../../shared/members/member-name';
import type { AvatarSize } from '../../shared/members/member-avatar';
import { place, plural } from './homes-format';

type HomeFactsOf = Pick<HomeCard, 'city' | 'country' | 'maxGuests' | 'bedrooms'> & {
  host: { id: number; name: string; photo_url?: string | null };
};

/**
 * A home's summary line, the same on the list's cards and the home's page: where (unless the card
 * says it on a line of its own), how many guests and bedrooms, and who hosts it, her name linking
 * to her profile (issue 22: her name links to her profile wherever it appears).
 */
export function HomeFacts({ home, withPlace = true, avatar }: { home: HomeFactsOf; withPlace?: boolean; avatar?: AvatarSize }) {
  return (
    <>
      {withPlace ? `${place(home)} · ` : null}
      {plural(home.maxGuests, 'guest')} · {plural(home.bedrooms, 'bedroom')} · hosted by{' '}
      <MemberName id={home.host.id} name={home.host.name} photoUrl={home.host.photo_url} avatar={avatar} className="home-host" />
    </>
  );
}
