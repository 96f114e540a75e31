import { Fragment } from 'react';
import type { MessageMember } from '../../../shared/schemas/messages';
import { MemberAvatar, type AvatarSize } from '../../shared/members/member-avatar';
import { MemberName } from '../../shared/members/member-name';
import { formatList } from '../../i18n/intl-locale';

/** How many faces a conversation shows before "+N". */
const FACES = 3;

/** "Amara Okafor", "Amara Okafor and Mei Lin", "Amara Okafor, Mei Lin and Hana Sato". */
export function namesOf(members: readonly MessageMember[]): string {
  const names = members.map((m) => m.name);
  if (names.length <= 1) return names[0] ?? 'Nobody else';
  return formatList(names);
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
  return (
    <>
      {members.map((m, i) => (
        <Fragment key={m.id ?? `gone-${i}`}>
          {i === 0 ? null : i === members.length - 1 ? ' and ' : ', '}
          <MemberName id={m.id} name={m.name} />
        </Fragment>
      ))}
    </>
  );
}
