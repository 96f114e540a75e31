import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MemberAvatar, type AvatarSize } from './member-avatar';

/** The name of a member whose account is gone (DECISIONS "The member's own data"). */
export const FORMER_MEMBER = 'Former member';

/**
 * A member's name linking to her profile (/members/{id}), with her small avatar beside it where
 * space allows (issue 22: names and faces everywhere). A former member (no id) is plain text.
 * `after` sits inside the link's line, after the name (a "(You)" badge).
 */
export function MemberName({
  id,
  name,
  photoUrl,
  avatar,
  className = '',
  after,
}: {
  id: number | null | undefined;
  name: string | null | undefined;
  photoUrl?: string | null;
  /** Show her avatar, at this size. */
  avatar?: AvatarSize;
  className?: string;
  after?: ReactNode;
}) {
  const label = name ?? FORMER_MEMBER;
  const face = avatar ? <MemberAvatar id={id ?? null} name={label} photoUrl={photoUrl} size={avatar} /> : null;
  if (id === null || id === undefined || name === null || name === undefined) {
    return (
      <span className={`member-name member-name-former ${className}`.trim()}>
        {face}
        <span className="member-name-text">{label}</span>
        {after}
      </span>
    );
  }
  return (
    <span className={`member-name ${className}`.trim()}>
      {face}
      <Link href={`/members/${id}`} className="member-name-link">
        {name}
      </Link>
      {after}
    </span>
  );
}
