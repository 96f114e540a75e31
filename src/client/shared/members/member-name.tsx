import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MemberAvatar, type AvatarSize } from './member-avatar';
// The shell's i18n and catalog (lingui.config.ts): the header (the entry) shows her name.
import { i18n } from '../../i18n/i18n';

/** A member's name, or 'Former member' for one whose account is gone (DECISIONS "The member's own data"). */
export const nameOrFormer = (name: string | null | undefined): string => name ?? i18n.t('Former member');

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
  const former = id == null || name == null;
  const label = nameOrFormer(name);
  return (
    <span className={`member-name ${former ? 'member-name-former ' : ''}${className}`.trim()}>
      {avatar ? <MemberAvatar id={id ?? null} name={label} photoUrl={photoUrl} size={avatar} /> : null}
      {former ? (
        <span className="member-name-text">{label}</span>
      ) : (
        <Link href={`/members/${id}`} className="member-name-link">
          {name}
        </Link>
      )}
      {after}
    </span>
  );
}
