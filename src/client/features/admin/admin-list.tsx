import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/trpc';
import { i18n } from './locales/i18n';

interface LoadedProps {
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** SPEC texts where it has them ('Loading applications...'). */
  loading: string;
  failed: string;
  empty: string;
  isEmpty: boolean;
  children: () => ReactNode;
}

/** An admin list's loading, error and empty states, or the list itself. */
export function Loaded({ query, loading, failed, empty, isEmpty, children }: LoadedProps) {
  if (query.isPending)
    return (
      <p className="page-status" role="status">
        {loading}
      </p>
    );
  if (query.isError)
    return (
      <p className="form-message form-message-error" role="alert">
        {errorMessage(query.error, failed)}
      </p>
    );
  if (isEmpty) return <p className="page-status">{empty}</p>;
  return <>{children()}</>;
}

/** A table that becomes stacked cards on a phone (each cell needs a data-label). */
export function StackTable({ columns, className, children }: { columns: string[]; className?: string; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className={`stack-table ${className ?? ''}`}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The heading block of an admin screen: eyebrow, title, an optional note and an aside. */
export function AdminHeader({ title, note, aside }: { title: ReactNode; note?: ReactNode; aside?: ReactNode }) {
  return (
    <div className="page-head admin-header">
      <div>
        <p className="eyebrow">{i18n.t('Administration')}</p>
        <h1>{title}</h1>
        {note ? <p className="muted">{note}</p> : null}
      </div>
      {aside}
    </div>
  );
}
