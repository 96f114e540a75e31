import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CLUB_ACTIVITIES, INDUSTRIES, type ClubActivity, type Industry, type MemberCard } from '../../../shared/members';
import { SelectField, TextField } from '../../components/field';
import { LoadMore } from '../../components/load-more';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';
import { MemberAvatar } from '../../shared/members/member-avatar';
import { MemberName } from '../../shared/members/member-name';
import { choiceLabel, countryOptions } from '../../shared/members/profile-labels';
import { placeOf, roleOf } from '../../shared/members/profile-lines';
import { i18n } from './locales/i18n';
import './members.css';

/** The directory's search and filters, as the URL keeps them (?q=&country=&industry=&interest=&circle=). */
interface DirectoryQuery {
  q: string;
  country: string;
  industry: string;
  interest: string;
  /** A circle's slug (issue 39). */
  circle: string;
}
const KEYS = ['q', 'country', 'industry', 'interest', 'circle'] as const;

function queryFrom(search: string): DirectoryQuery {
  const p = new URLSearchParams(search);
  const get = (k: (typeof KEYS)[number]) => p.get(k) ?? '';
  return { q: get('q'), country: get('country'), industry: get('industry'), interest: get('interest'), circle: get('circle') };
}

function searchOf(q: DirectoryQuery): string {
  const p = new URLSearchParams();
  for (const k of KEYS) if (q[k].trim()) p.set(k, q[k].trim());
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** How many interests a card shows; the rest are on her page. */
const CARD_INTERESTS = 3;

function DirectoryCard({ member }: { member: MemberCard }) {
  const role = roleOf(member.title, member.company);
  const place = placeOf(member.city, member.country);
  const more = (member.interests?.length ?? 0) - CARD_INTERESTS;
  return (
    <li className="member-card">
      <MemberAvatar id={member.id} name={member.name} photoUrl={member.photo_url} size="md" />
      <div className="member-card-text">
        <h2 className="member-card-name">
          {/* The name is the card's link; the whole card is its target (see .member-card in members.css). */}
          <MemberName id={member.id} name={member.name} className="member-card-link" />
        </h2>
        {role ? <p className="member-card-role">{role}</p> : null}
        {place ? <p className="member-card-place">{place}</p> : null}
        {member.interests?.length ? (
          <ul className="member-card-interests" aria-label={i18n.t('Interests')}>
            {member.interests.slice(0, CARD_INTERESTS).map((i) => (
              <li key={i}>{choiceLabel(i)}</li>
            ))}
            {more > 0 ? <li className="member-card-more">+{more}</li> : null}
          </ul>
        ) : null}
        {member.can_message ? (
          <Link
            href={`/messages/new?to=${member.id}`}
            className="button button-secondary button-small member-card-message"
            aria-label={i18n.t('Message {name}', { name: member.name })}
          >
            {i18n.t('Message')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/**
 * /members (issue 22): the members directory. Cards by name, 30 a page with 'Load more'; a search
 * box and filters that combine, kept in the URL so a search can be shared and Back returns to it.
 * Members see what each member shows them; admins see every member and every field.
 */
export function DirectoryPage() {
  const trpc = useTRPC();
  const search = useSearch();
  const [, navigate] = useLocation();
  const applied = queryFrom(search);
  const [text, setText] = useState(applied.q);
  const typed = useDebounced(text.trim(), 300);

  // Back or Forward (or a shared link) changes the URL: the box follows it.
  useEffect(() => {
    setText(queryFrom(search).q);
  }, [search]);

  const apply = (next: DirectoryQuery) => {
    const s = searchOf(next);
    if (s !== searchOf(applied)) navigate(`/members${s}`);
  };
  // The search asks once typing pauses, as a new history entry (Back returns to the last search).
  useEffect(() => {
    const current = queryFrom(search);
    if (typed !== current.q.trim()) navigate(`/members${searchOf({ ...current, q: typed })}`);
    // Only a settled change of the box asks; the URL's own changes come through `search`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const input = {
    q: applied.q || undefined,
    country: applied.country || undefined,
    industry: (applied.industry || undefined) as Industry | undefined,
    interest: (applied.interest || undefined) as ClubActivity | undefined,
    circle: applied.circle || undefined,
  };
  const circles = useQuery(trpc.circles.list.queryOptions()).data ?? [];
  const list = useInfiniteQuery(
    trpc.members.list.infiniteQueryOptions(input, {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      // While a new search loads, the last cards stay on screen.
      placeholderData: keepPreviousData,
    }),
  );
  const cards = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = KEYS.some((k) => applied[k]);
  const set = (key: keyof DirectoryQuery) => (e: { target: { value: string } }) => apply({ ...applied, [key]: e.target.value });
  const clear = () => {
    setText('');
    navigate('/members');
  };

  return (
    <section className="page directory-page">
      <header className="page-head">
        <div>
          <h1>{i18n.t('Members')}</h1>
          <p className="lead">{i18n.t('Who is in the club: find members by name, work, city or what they love to do.')}</p>
        </div>
      </header>

      <form className="directory-filters card" role="search" aria-label={i18n.t('Find members')} onSubmit={(e) => e.preventDefault()}>
        <div className="directory-search">
          <TextField
            label={i18n.t('Search')}
            type="search"
            placeholder={i18n.t('Name, job title, company or city')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        <SelectField label={i18n.t('Country')} value={applied.country} onChange={set('country')}>
          <option value="">{i18n.t('Any country')}</option>
          {countryOptions().map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField label={i18n.t('Industry')} value={applied.industry} onChange={set('industry')}>
          <option value="">{i18n.t('Any industry')}</option>
          {INDUSTRIES.map((i) => (
            <option key={i} value={i}>
              {choiceLabel(i)}
            </option>
          ))}
        </SelectField>
        <SelectField label={i18n.t('Interest')} value={applied.interest} onChange={set('interest')}>
          <option value="">{i18n.t('Any interest')}</option>
          {CLUB_ACTIVITIES.map((a) => (
            <option key={a} value={a}>
              {choiceLabel(a)}
            </option>
          ))}
        </SelectField>
        <SelectField label={i18n.t('Circle')} value={applied.circle} onChange={set('circle')}>
          <option value="">{i18n.t('Any circle')}</option>
          {circles.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {filtered ? (
          <button type="button" className="button button-ghost directory-clear" onClick={clear}>
            {i18n.t('Clear filters')}
          </button>
        ) : null}
      </form>

      <div aria-live="polite" aria-busy={list.isFetching && !list.isFetchingNextPage}>
        {list.isPending ? (
          <p className="page-status">{i18n.t('Loading members…')}</p>
        ) : list.isError ? (
          <p className="form-message form-message-error" role="alert">
            {errorMessage(list.error, i18n.t('The directory could not be loaded. Please try again.'))}
          </p>
        ) : cards.length === 0 ? (
          <div className="directory-empty">
            <p>{filtered ? i18n.t('No member matches this search.') : i18n.t('No members are listed yet.')}</p>
            {filtered ? (
              <button type="button" className="button" onClick={clear}>
                {i18n.t('Clear the search and filters')}
              </button>
            ) : null}
          </div>
        ) : (
          <ul className={`member-grid ${list.isPlaceholderData ? 'is-stale' : ''}`} aria-label={i18n.t('Members')}>
            {cards.map((m) => (
              <DirectoryCard key={m.id} member={m} />
            ))}
          </ul>
        )}
      </div>
      <LoadMore query={list} label={i18n.t('Load more')} />
    </section>
  );
}
