import './member-avatar.css';

/** Avatar sizes, in CSS px: a line of text (participants, comments), a card, a profile's head. */
export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
const PX: Record<AvatarSize, number> = { xs: 24, sm: 32, md: 56, lg: 96, xl: 160 };

/** Her initials: the first letter of her first and last names ("Eleanor Vance" -> "EV"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = Array.from(words[0] ?? '?')[0] ?? '?';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** One of eight colours, the same for a member everywhere (her id spread by a multiplicative hash). */
export function avatarColourOf(id: number): number {
  return Math.imul(id, 2654435761) >>> 29;
}

/**
 * A member's face: her photo when she shows it to the viewer (the DTO's URL is null otherwise),
 * else her initials on a colour derived from her id. Decorative beside her name (alt ""), so a
 * screen reader reads the name once.
 */
export function MemberAvatar({
  id,
  name,
  photoUrl,
  size = 'sm',
  className = '',
}: {
  id: number | null;
  name: string;
  photoUrl?: string | null;
  size?: AvatarSize;
  className?: string;
}) {
  const cls = `member-avatar member-avatar-${size} ${className}`.trim();
  if (photoUrl) {
    const px = PX[size];
    return <img className={cls} src={photoUrl} alt="" width={px} height={px} loading="lazy" decoding="async" />;
  }
  return (
    <span className={`${cls} member-avatar-c${id === null ? 'x' : avatarColourOf(id)}`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
