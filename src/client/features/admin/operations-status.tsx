import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useTRPC } from '../../lib/trpc';
import { intlLocale } from '../../i18n/intl-locale';

/** The admin's view of the running club (issue 44): one query for the version and what waits. */
function useOperationsStatus() {
  const trpc = useTRPC();
  return useQuery(trpc.operations.status.queryOptions()).data;
}

/** The running build: its commit and the commit's date. */
export function BuildVersionNote() {
  const v = useOperationsStatus()?.version;
  if (!v) return null;
  return (
    <p className="muted build-version">
      Version <code>{v.commit}</code>
      {v.date ? (
        <> of {new Date(v.date).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC</>
      ) : null}
    </p>
  );
}

/** The dashboard's warning while a failed queue message waits for an admin. */
export function DeadLettersWarning() {
  const waiting = useOperationsStatus()?.dead_letters_waiting ?? 0;
  if (waiting === 0) return null;
  return (
    <p className="form-message form-message-error operations-warning" role="status">
      {waiting === 1
        ? 'A message failed every time it was tried and waits for you: '
        : `${waiting} messages failed every time they were tried and wait for you: `}
      <Link href="/admin/operations">see Operations</Link>.
    </p>
  );
}
