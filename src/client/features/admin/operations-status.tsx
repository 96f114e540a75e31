import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** The admin dashboard's line about the running build (issue 44): its commit and date. */
export function BuildVersionNote() {
  const trpc = useTRPC();
  const status = useQuery(trpc.operations.status.queryOptions());
  const v = status.data?.version;
  if (!v) return null;
  return (
    <p className="muted build-version">
      Version <code>{v.commit}</code>
      {v.date ? (
        <>
          , built from the commit of{' '}
          {new Date(v.date).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC
        </>
      ) : null}
    </p>
  );
}
