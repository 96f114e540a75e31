import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A link back ("← All events"). The arrow is an icon beside the text, not in it: base.css's
 * `.icon-points` mirrors it right to left (issue 41), and the translators' texts hold no arrow.
 */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href}>
      <span className="icon-points" aria-hidden="true">
        ←
      </span>{' '}
      {children}
    </Link>
  );
}
