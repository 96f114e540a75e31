import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useTRPC } from '../../lib/trpc';
import { withNodes } from '../../i18n/with-nodes';
import { i18n } from './locales/i18n';

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
      {withNodes(
        (m) =>
          v.date
            ? i18n.t('Version {commit} of {date} UTC', {
                ...m,
                date: i18n.date(v.date, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
              })
            : i18n.t('Version {commit}', m),
        { commit: <code>{v.commit}</code> },
      )}
    </p>
  );
}

/** The dashboard's warning while a failed queue message waits for an admin. */
export function DeadLettersWarning() {
  const waiting = useOperationsStatus()?.dead_letters_waiting ?? 0;
  if (waiting === 0) return null;
  return (
    <p className="form-message form-message-error operations-warning" role="status">
      {withNodes(
        (m) =>
          i18n.t(
            '{count, plural, one {A message failed every time it was tried and waits for you: {link}.} other {# messages failed every time they were tried and wait for you: {link}.}}',
            { count: waiting, ...m },
          ),
        { link: <Link href="/admin/operations">{i18n.t('see Operations')}</Link> },
      )}
    </p>
  );
}
