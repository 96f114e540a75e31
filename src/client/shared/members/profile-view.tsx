import type { ReactNode } from 'react';
import { formatDate } from '../../../shared/date-format';
import type { MemberLinks, ProfileContent, ProfileField } from '../../../shared/members';
import { MemberAvatar } from './member-avatar';
import { choiceLabel } from './profile-labels';
import { placeOf, roleOf } from './profile-lines';
import { i18n } from '../locales/i18n';
import './profile-view.css';

/** What the profile view shows: a profile's content as the viewer may see it (hidden fields null). */
export interface ProfileViewData extends ProfileContent {
  id: number;
  name: string;
  type: string | null;
  member_since: string | null;
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- a name
const LINKEDIN = 'LinkedIn';
const linkLabel = (url: string) => url.replace(/^https:\/\/(www\.)?/i, '').replace(/\/$/, '');

function Fact({ label, children, marked }: { label: string; children: ReactNode; marked?: boolean }) {
  return (
    <div className="profile-fact">
      <dt>
        {label}
        {marked ? <span className="profile-private">{i18n.t('Admins only')}</span> : null}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function Links({ links }: { links: MemberLinks }) {
  return (
    <ul className="profile-links">
      {links.linkedin ? (
        <li>
          <a href={links.linkedin} rel="noopener noreferrer nofollow" target="_blank">
            {LINKEDIN}
          </a>
        </li>
      ) : null}
      {links.website ? (
        <li>
          <a href={links.website} rel="noopener noreferrer nofollow" target="_blank">
            {linkLabel(links.website)}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * A member's profile as the viewer sees it: her page (/members/{id}) and Settings' preview "as
 * other members see it" render this same view, so the preview cannot promise what the page does
 * not do. `privateFields` marks what she keeps to admins (for herself and admins only).
 */
export function ProfileView({
  profile,
  headingLevel = 1,
  privateFields = [],
  actions,
  children,
}: {
  profile: ProfileViewData;
  headingLevel?: 1 | 2 | 3;
  privateFields?: readonly ProfileField[];
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  const SubHeading = `h${headingLevel + 1}` as 'h2' | 'h3' | 'h4';
  const marked = (f: ProfileField) => privateFields.includes(f);
  const role = roleOf(profile.title, profile.company);
  const place = placeOf(profile.city, profile.country);
  const links = profile.links && (profile.links.linkedin || profile.links.website) ? profile.links : null;
  const facts = [profile.industry, profile.interests?.length, profile.phone, profile.email, links].some(Boolean);
  return (
    <article className="profile-view" aria-labelledby={`profile-name-${profile.id}`}>
      <header className="profile-head">
        <MemberAvatar id={profile.id} name={profile.name || '?'} photoUrl={profile.photo_url} size="lg" className="profile-photo" />
        <div className="profile-head-text">
          <Heading id={`profile-name-${profile.id}`} className="profile-name">
            {profile.name}
          </Heading>
          {role ? <p className="profile-role">{role}</p> : null}
          {place ? <p className="profile-place">{place}</p> : null}
          {profile.type || profile.member_since ? (
            <p className="profile-meta">
              {profile.type ? <span className="badge">{profile.type}</span> : null}
              {profile.member_since ? <span>{i18n.t('Member since {date}', { date: formatDate(profile.member_since) })}</span> : null}
            </p>
          ) : null}
          {actions ? <div className="profile-actions">{actions}</div> : null}
        </div>
      </header>
      {facts ? (
        <dl className="profile-facts">
          {profile.industry ? (
            <Fact label={i18n.t('Industry')} marked={marked('industry')}>
              {choiceLabel(profile.industry)}
            </Fact>
          ) : null}
          {profile.interests?.length ? (
            <Fact label={i18n.t('Interests')} marked={marked('interests')}>
              <ul className="profile-chips">
                {profile.interests.map((i) => (
                  <li key={i}>{choiceLabel(i)}</li>
                ))}
              </ul>
            </Fact>
          ) : null}
          {profile.phone ? (
            <Fact label={i18n.t('Phone')} marked={marked('phone')}>
              <a href={`tel:${profile.phone.replace(/[^\d+]/g, '')}`}>{profile.phone}</a>
            </Fact>
          ) : null}
          {profile.email ? (
            <Fact label={i18n.t('Email')} marked={marked('email')}>
              <a href={`mailto:${profile.email}`}>{profile.email}</a>
            </Fact>
          ) : null}
          {links ? (
            <Fact label={i18n.t('Links')} marked={marked('links')}>
              <Links links={links} />
            </Fact>
          ) : null}
        </dl>
      ) : null}
      {profile.bio ? (
        <section className="profile-bio" aria-label={i18n.t('About')}>
          <SubHeading className="profile-section-title">
            {i18n.t('About')}
            {marked('bio') ? <span className="profile-private">{i18n.t('Admins only')}</span> : null}
          </SubHeading>
          <p>{profile.bio}</p>
        </section>
      ) : null}
      {children}
    </article>
  );
}
