import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'wouter';
import { formatEventWhen } from '../../../shared/date-format';
import type { MemberProfileDto } from '../../../shared/members';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { statusOf } from '../../lib/http-status';
import { placeOf } from '../../shared/members/profile-lines';
import { ProfileView } from '../../shared/members/profile-view';
import { BlockDialog, useUnblock } from '../../shared/messages/block-dialog';
import { BackLink } from '../../components/back-link';
import { useToast } from '../../components/toast';
import { withNodes } from '../../i18n/with-nodes';
import { i18n } from './locales/i18n';
import './members.css';

/** One list of her page (her events, her homes): links with a line under each. */
function LinkSection({ title, items }: { title: string; items: { key: number; href: string; label: string; meta: string }[] }) {
  const id = useId();
  if (!items.length) return null;
  return (
    <section className="member-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="member-list">
        {items.map((i) => (
          <li key={i.key}>
            <Link href={i.href} className="member-list-link">
              {i.label}
            </Link>
            {i.meta ? <span className="muted">{i.meta}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

const eventItems = (m: MemberProfileDto) =>
  m.upcoming_events.map((e) => ({
    key: e.id,
    href: `/events/${e.id}`,
    label: e.title,
    meta: e.hosting
      ? i18n.t('{when} · Hosting', { when: formatEventWhen(e.starts_at, e.starts_at, e.time_zone).start })
      : formatEventWhen(e.starts_at, e.starts_at, e.time_zone).start,
  }));

/** Her circles (issue 39: never secret within the club). */
const circleItems = (m: MemberProfileDto) => m.circles.map((c) => ({ key: c.id, href: `/circles/${c.slug}`, label: c.name, meta: '' }));

const homeItems = (m: MemberProfileDto) =>
  m.homes.map((h) => ({ key: h.id, href: `/homes/${h.id}`, label: h.title, meta: placeOf(h.city, h.country) }));

/**
 * Her phone as it is read ('+44 20 7946 0958'; stored in E.164). The numbering plans (30 KB of
 * gzip) load only when a page shows a phone, which most members keep to admins; until then the
 * E.164 form, already a valid number.
 */
function usePhoneText(stored: string | null): string | null {
  const [formatted, setFormatted] = useState<{ stored: string; text: string } | null>(null);
  useEffect(() => {
    if (!stored) return;
    let live = true;
    void import('../../../shared/schemas/phone').then(({ formatPhone }) => live && setFormatted({ stored, text: formatPhone(stored) }));
    return () => {
      live = false;
    };
  }, [stored]);
  return formatted?.stored === stored ? formatted.text : stored;
}

/** Block or Unblock (issue 38): she is never told either way. */
function BlockButton({ member }: { member: MemberProfileDto }) {
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const unblock = useUnblock();
  if (member.blocked)
    return (
      <button
        type="button"
        className="button button-ghost button-small"
        disabled={unblock.isPending}
        onClick={() =>
          unblock.mutate(
            { member_id: member.id },
            { onSuccess: () => toast(i18n.t('You unblocked {name}.', { name: member.name }), 'success') },
          )
        }
      >
        {i18n.t('Unblock')}
      </button>
    );
  return (
    <>
      <button type="button" className="button button-ghost button-small" onClick={() => setAsking(true)}>
        {i18n.t('Block')}
      </button>
      <BlockDialog open={asking} candidates={[member]} onClose={() => setAsking(false)} />
    </>
  );
}

/**
 * /members/{id} (issue 22): a member's page as the viewer may see it (the server leaves out what
 * she keeps to admins), her upcoming events the viewer may see, a Travel Host's homes, "Save
 * contact" (a vCard with only what she shows the viewer), and "Message", Block or Unblock (issue 38).
 */
export function MemberPage() {
  const trpc = useTRPC();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const member = useQuery({ ...trpc.members.byId.queryOptions({ id }), enabled: valid });
  const phone = usePhoneText(member.data?.phone ?? null);

  const back = (
    <p className="member-back">
      <BackLink href="/members">{i18n.t('All members')}</BackLink>
    </p>
  );
  if (!valid || (member.isError && statusOf(member.error) === 404)) {
    return (
      <section className="page narrow member-missing">
        <h1>{i18n.t('Member not found.')}</h1>
        <p>
          <Link href="/members" className="button">
            {i18n.t('Back to the directory')}
          </Link>
        </p>
      </section>
    );
  }
  if (member.isPending) return <p className="page-status">{i18n.t('Loading…')}</p>;
  if (member.isError) {
    return (
      <section className="page narrow">
        {back}
        <p className="form-message form-message-error" role="alert">
          {errorMessage(member.error, i18n.t('This page could not be loaded. Please try again.'))}
        </p>
      </section>
    );
  }
  const m = member.data;
  const actions = (
    <>
      {m.can_message ? (
        <Link href={`/messages/new?to=${m.id}`} className="button button-small">
          {i18n.t('Message')}
        </Link>
      ) : null}
      <a className="button button-secondary button-small" href={`/api/members/${m.id}/vcard`} download>
        {i18n.t('Save contact')}
      </a>
      {m.is_me ? (
        <Link href="/settings#profile" className="button button-ghost button-small">
          {i18n.t('Edit profile')}
        </Link>
      ) : (
        <BlockButton member={m} />
      )}
    </>
  );
  return (
    <section className="page member-page">
      {back}
      <div className="card member-card-page">
        <ProfileView profile={{ ...m, phone }} privateFields={m.private_fields} actions={actions}>
          {m.is_me && m.private_fields.length ? (
            <p className="form-message form-message-info">
              {withNodes((m) => i18n.t('Fields marked “Admins only” are not shown to other members. {choose}.', m), {
                choose: <Link href="/settings#profile">{i18n.t('Choose who sees what')}</Link>,
              })}
            </p>
          ) : null}
          {!m.directory && !m.is_me ? (
            <p className="muted">{i18n.t('{name} is not listed in the directory.', { name: m.name })}</p>
          ) : m.is_me && !m.directory ? (
            <p className="form-message form-message-info">
              {i18n.t('You are not listed in the directory: other members see only your name and photo.')}
            </p>
          ) : null}
        </ProfileView>
      </div>
      <div className="member-page-lists">
        <LinkSection title={i18n.t('Upcoming events')} items={eventItems(m)} />
        <LinkSection title={i18n.t('Homes')} items={homeItems(m)} />
        <LinkSection title={i18n.t('Circles')} items={circleItems(m)} />
      </div>
    </section>
  );
}
