import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { formatInstantDate } from '../../../shared/date-format';
import { IMPORT_ROW_STATUSES, ROSTER_MAX_COLUMNS, ROSTER_MAX_ROWS, type ImportPreview } from '../../../shared/schemas/roster-import';
import { FormMessage } from '../../components/field';
import { LoadMore } from '../../components/load-more';
import { useToast } from '../../components/toast';
import { useTRPC } from '../../lib/trpc';
import { AdminHeader, Loaded, StackTable } from './admin-list';
import { ImportRowCells, importRowColumns, ImportStatusBadge, ImportStatusCell } from './roster-import-status';
import { i18n } from './locales/i18n';
import './admin.css';

const IMPORTS_PATH = '/api/admin/imports';

/** The server's answer to a roster upload: its preview (a dry run) or the import made. */
async function sendRoster(file: File, dryRun: boolean): Promise<ImportPreview> {
  const form = new FormData();
  form.set('file', file);
  const res = await fetch(`${IMPORTS_PATH}${dryRun ? '?dry_run=1' : ''}`, { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await res.json().catch(() => null)) as (ImportPreview & { error?: string }) | null;
  if (!res.ok || !body) throw new Error(body?.error ?? i18n.t('Could not read the file. Please try again.'));
  return body;
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <StackTable columns={[...importRowColumns(), i18n.t('Status')]} className="import-table">
      {preview.rows.map((r) => (
        <tr key={r.line} className={r.status === 'new' ? undefined : 'import-row-muted'}>
          <ImportRowCells row={r} />
          <td data-label={i18n.t('Status')}>
            <ImportStatusCell status={r.status} errors={r.errors} warnings={r.warnings} />
          </td>
        </tr>
      ))}
    </StackTable>
  );
}

function Counts({ preview }: { preview: ImportPreview }) {
  return (
    <ul className="import-counts" aria-label={i18n.t('Rows by status')}>
      {IMPORT_ROW_STATUSES.map((s) => (
        <li key={s}>
          <strong>{i18n.number(preview.counts[s])}</strong> <ImportStatusBadge status={s} />
        </li>
      ))}
    </ul>
  );
}

function EarlierImports() {
  const trpc = useTRPC();
  const imports = useInfiniteQuery(trpc.membership.imports.list.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor }));
  const items = imports.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="stack">
      <h2>{i18n.t('Earlier imports')}</h2>
      <Loaded
        query={imports}
        loading={i18n.t('Loading imports…')}
        failed={i18n.t('Could not load the imports.')}
        empty={i18n.t('No roster imported yet.')}
        isEmpty={items.length === 0}
      >
        {() => (
          <ul className="admin-links">
            {items.map((i) => (
              <li key={i.id}>
                <Link href={`/admin/imports/${i.id}`} className="admin-link">
                  <strong>{i.file_name}</strong>
                  <span>
                    {i.created_by_name
                      ? i18n.t('{date} by {name}', { date: formatInstantDate(i.created_at), name: i.created_by_name })
                      : formatInstantDate(i.created_at)}{' '}
                    · {i18n.t('{count} invited', { count: i18n.number(i.counts.new) })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <LoadMore query={imports} label={i18n.t('Load more imports')} />
    </section>
  );
}

/**
 * Admin > Import roster (issue 24): the admin chooses a CSV; the server's dry run shows every row
 * and its status before anything happens; "Invite N new members" then imports it, and the report
 * follows the invitations.
 */
export function RosterImportPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function check(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setError('');
    setPreview(null);
    try {
      setPreview(await sendRoster(file, true));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function invite() {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const done = await sendRoster(file, false);
      toast(
        i18n.t('{count, plural, one {# invitation is on its way.} other {# invitations are on their way.}}', { count: done.counts.new }),
        'success',
      );
      await queryClient.invalidateQueries(trpc.membership.imports.pathFilter());
      navigate(`/admin/imports/${done.id}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const newRows = preview?.counts.new ?? 0;
  return (
    <section className="page stack">
      <AdminHeader
        title={i18n.t('Import roster')}
        note={i18n.t(
          'A CSV with a header row (any case or spacing: Member Since is member_since): email and name, optionally type, member_since, renews_on (2024-03-01 or 1 March 2024), phone, city, country (GB or United Kingdom) and language (en, fr, es, ja or ar: her invitation is written in it and her account starts in it; English when empty). At most {rows} rows, {columns} columns and 2 MB.',
          { rows: i18n.number(ROSTER_MAX_ROWS), columns: i18n.number(ROSTER_MAX_COLUMNS) },
        )}
      />
      <form className="card form-card" onSubmit={check}>
        <div className="field">
          <span className="label" id="roster-file-label">
            {i18n.t('Roster file (CSV)')}
          </span>
          <div className="file-pick">
            {/* The browser's own file button does not match the app's; this label opens the same picker. */}
            <label htmlFor="roster-file" className="button button-ghost button-small">
              {file ? i18n.t('Choose another file') : i18n.t('Choose file')}
            </label>
            <input
              id="roster-file"
              className="visually-hidden"
              type="file"
              accept=".csv,text/csv"
              aria-labelledby="roster-file-label"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setPreview(null);
                setError('');
              }}
            />
            <span className={file ? 'file-pick-name' : 'muted'}>{file ? file.name : i18n.t('No file chosen')}</span>
          </div>
        </div>
        <FormMessage>{error}</FormMessage>
        <button type="submit" className="button button-secondary" disabled={!file || busy}>
          {busy && !preview ? i18n.t('Reading…') : i18n.t('Preview')}
        </button>
      </form>
      {preview ? (
        <section className="stack" aria-label={i18n.t('Preview')}>
          <h2>{i18n.t('Preview')}</h2>
          {/* Above everything else, where they cannot be missed (issue 46): a column the import does not read is lost. */}
          {preview.unknown_columns.length ? (
            <p className="import-ignored" role="note">
              {i18n.t('Columns ignored: {columns}.', { columns: preview.unknown_columns.join(', ') })}
            </p>
          ) : null}
          <Counts preview={preview} />
          <p className="muted">{i18n.t('Nothing has happened yet. Only the new rows are invited; nobody becomes an admin by import.')}</p>
          <button type="button" className="button" onClick={invite} disabled={busy || newRows === 0}>
            {i18n.t('{count, plural, one {Invite # new member} other {Invite # new members}}', { count: newRows })}
          </button>
          <PreviewTable preview={preview} />
        </section>
      ) : null}
      <EarlierImports />
    </section>
  );
}
