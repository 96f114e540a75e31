import type { CircleSummary } from '../../../shared/circles';

/** A circle's cover, or its initial on the club's colours while it has none. */
export function CircleCover({ circle, eager = false }: { circle: Pick<CircleSummary, 'name' | 'cover_url'>; eager?: boolean }) {
  return (
    <div className="circle-cover" aria-hidden="true">
      {circle.cover_url ? (
        <img src={circle.cover_url} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" />
      ) : (
        <span className="circle-cover-initial">{circle.name.slice(0, 1)}</span>
      )}
    </div>
  );
}
