import { Fragment } from 'react';
import type { MessageMember } from '../../../shared/schemas/messages';
import { MemberAvatar, type AvatarSize } from '../../shared/members/member-avatar';
import { formatList, intlLocale } from '../../i18n/intl-locale';
import { MemberName } from '../../shared/members/member-name';
import { i18n } from './locales/i18n';

/** How many faces a conversation shows before "+N". */
const FACES = 3;

/** "Amara Okafor", "Amara Okafor and Mei Lin", "Amara Okafor, Mei Lin and Hana Sato" (Intl.ListFormat in the page's language). */
export function namesOf(members: readonly MessageMember[]): string {
  if (members.length === 0) return i18n.t('Nobody else');
  return formatList(members.map((m) => m.name));
}

/**
 * The others' faces, overlapping, at most three (a two-person conversation: hers alone): `size`
 * is one face's, `groupSize` each of a group's.
 */
export function ConversationFaces({
  members,
  size = 'md',
  groupSize = 'sm',
  className = '',
}: {
  members: readonly MessageMember[];
  size?: AvatarSize;
  groupSize?: AvatarSize;
  className?: string;
}) {
  const shown = members.slice(0, FACES);
  return (
    <span className={`conversation-faces conversation-faces-${Math.min(members.length, FACES)} ${className}`.trim()} aria-hidden="true">
      {shown.map((m, i) => (
        <MemberAvatar
          key={m.id ?? `gone-${i}`}
          id={m.id}
          name={m.name}
          photoUrl={m.photo_url}
          size={members.length > 1 ? groupSize : size}
        />
      ))}
    </span>
  );
}

/** The others' names, each linking to her profile (a deleted member as plain text). */
export function ConversationNames({ members }: { members: readonly MessageMember[] }) {
  // The list's words between the names ('and', 'et', '、') are formatList's; each name is a link.
  let next = 0;
  return (
    <>
      {new Intl.ListFormat(intlLocale() === 'en' ? 'en-GB' : intlLocale(), { type: 'conjunction' })
        .formatToParts(members.map((m) => m.name))
        .map((part, i) => {
          if (part.type === 'literal') return <Fragment key={i}>{part.value}</Fragment>;
          const m = members[next++]!;
          return <MemberName key={m.id ?? `gone-${i}`} id={m.id} name={m.name} />;
        })}
    </>
  );
}
