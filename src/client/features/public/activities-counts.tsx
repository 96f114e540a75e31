import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { TrpcRoot } from '../../trpc-root';
import { ActivitiesColumns } from './activities-columns';
import { i18n } from './locales/i18n';

/** The columns with each circle's member count (public: each circle's name and count, nothing more). */
function WithCounts() {
  const trpc = useTRPC();
  const counts = useQuery(trpc.circles.counts.queryOptions()).data;
  return <ActivitiesColumns counts={counts ? new Map(counts.map((c) => [c.name.toLowerCase(), i18n.t('{count, plural, one {# member} other {# members}}', { count: c.member_count })])) : undefined} />;
}

export function ActivitiesWithCounts() {
  return (
    <TrpcRoot>
      <WithCounts />
    </TrpcRoot>
  );
}
