import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { countryName } from '../../../shared/country-codes';
import { formatEventWhen } from '../../../shared/date-format';
import { MEMBER_NOT_FOUND, type MemberProfileDto } from '../../../shared/members';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { statusOf } from '../../lib/http-status';
import { ProfileView } from '../../shared/members/profile-view';
import './members.css';

function Upcoming({ member }: { member: MemberProfileDto }) {
  if (!member.upcoming_events.length) return null;
  return (
    <section className="member-section" aria-labelledby="member-events-title">
      <h2 id="member-events-title">Upcoming events</h2>
      <ul className="member-list">
        {member.upcoming_events.map((e) => (
          <li key={e.id}>
            <Link href={`/events/${e.id}`} className="member-list-link">
              {e.title}
            </Link>
            <span className="muted">
              {formatEventWhen(e.starts_at, e.starts_at, e.time_zone).start}
              {e.hosting ? ' · Hosting' : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Homes({ member }: { member: MemberProfileDto }) {
  if (!member.homes.length) return null;
  return (
    <section className="member-section" aria-labelledby="member-homes-title">
      <h2 id="member-homes-title">Her homes</h2>
      <ul className="member-list">
        {member.homes.map((h) => (
          <li key={h.id}>
            <Link href={`/homes/${h.id}`} className="member-list-link">
              {h.title}
            </Link>
            <span className="muted">{[h.city, countryName(h.country) ?? h.country].filter(Boolean).join(', ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /members/{id} (issue 22): a member's page as the viewer may see it (the server leaves out what
 * she keeps to admins), her upcoming events the viewer may see, a Travel Host's homes, and "Save
 * contact" (a vCard with only what she shows the viewer).
 */
export function MemberPage() {
  const trpc = useTRPC();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const member = useQuery({ ...trpc.members.byId.queryOptions({ id }), enabled: valid });

  const back = (
    <p className="member-back">
      <Link href="/members">← All members</Link>
    </p>
  );
  if (!valid || (member.isError && statusOf(member.error) === 404)) {
    return (
      <section className="page narrow member-missing">
        <h1>{MEMBER_NOT_FOUND}</h1>
        <p>
          <Link href="/members" className="button">
            Back to the directory
          </Link>
        </p>
      </section>
    );
  }
  if (member.isPending) return <p className="page-status">Loading…</p>;
  if (member.isError) {
    return (
      <section className="page narrow">
        {back}
        <p className="form-message form-message-error" role="alert">
          {errorMessage(member.error, 'This page could not be loaded. Please try again.')}
        </p>
      </section>
    );
  }
  const m = member.data;
  const actions = (
    <>
      <a className="button button-secondary button-small" href={`/api/members/${m.id}/vcard`} download>
        Save contact
      </a>
      {m.is_me ? (
        <Link href="/settings#profile" className="button button-ghost button-small">
          Edit profile
        </Link>
      ) : null}
    </>
  );
  return (
    <section className="page member-page">
      {back}
      <div className="card member-card-page">
        <ProfileView profile={m} privateFields={m.private_fields} actions={actions}>
          {m.is_me && m.private_fields.length ? (
            <p className="form-message form-message-info">
              Fields marked “Admins only” are not shown to other members. <Link href="/settings#profile">Choose who sees what</Link>.
            </p>
          ) : null}
          {!m.directory && !m.is_me ? (
            <p className="muted">{m.name} is not listed in the directory.</p>
          ) : m.is_me && !m.directory ? (
            <p className="form-message form-message-info">
              You are not listed in the directory: other members see only your name and photo.
            </p>
          ) : null}
        </ProfileView>
      </div>
      <div className="member-page-lists">
        <Upcoming member={m} />
        <Homes member={m} />
      </div>
    </section>
  );
}
