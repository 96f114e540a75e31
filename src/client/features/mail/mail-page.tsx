import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { RECIPIENT_GROUPS, type RecipientGroup } from '../../../shared/constants';
import { NAME_PLACEHOLDER, type MailMember } from '../../../shared/schemas/mail';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ChoiceFieldset, FormMessage, SelectField, TextAreaField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { useFormErrors } from '../../components/use-form-errors';
import { useTRPC } from '../../lib/trpc';
import { EmailPreview } from '../../shared/email-preview';
import { subjectAndBodyErrors, subjectAndBodySummary } from '../../shared/mail-form-rules';
import { MailPageHead } from './mail-page-head';
import './mail.css';
import { withNodes } from '../../i18n/with-nodes';
import { membersText, recipientGroupLabels } from './mail-labels';
import { i18n } from './locales/i18n';

/** SPEC 8: the server's message when it gives one, else the fixed texts. */
function sendErrorText(error: unknown): string {
  if (error instanceof TRPCClientError && (error.data?.httpStatus ?? 500) < 500) return error.message || i18n.t('Failed to send email.');
  return i18n.t('An error occurred while sending the email.');
}

/**
 * ?group=selected&members=1,2,3 opens the page with those members chosen (Insights' "Write to
 * these", issue 42); anything else starts as before.
 */
function initialRecipients(search: string): { group: RecipientGroup; selected: number[] } {
  const params = new URLSearchParams(search);
  const group = params.get('group');
  const selected = (params.get('members') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return group === 'selected' && selected.length ? { group: 'selected', selected } : { group: 'testing', selected: [] };
}

function MemberPicker({ selected, onChange, error }: { selected: number[]; onChange: (ids: number[]) => void; error?: string }) {
  const trpc = useTRPC();
  const members = useQuery(trpc.mail.members.queryOptions());
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim().toLowerCase());
  const chosen = useMemo(() => new Set(selected), [selected]);
  const shown = useMemo(
    () => (members.data ?? []).filter((m: MailMember) => !term || m.name.toLowerCase().includes(term) || m.email.includes(term)),
    [members.data, term],
  );
  const toggle = (id: number) => onChange(chosen.has(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const addShown = () => onChange([...new Set([...selected, ...shown.map((m) => m.user_id)])]);

  return (
    <ChoiceFieldset className="member-picker" legend={i18n.t('Members ({count} selected)', { count: selected.length })} error={error}>
      {({ invalid }) => (
        <>
          <div className="member-picker-tools">
            <input
              type="search"
              aria-label={i18n.t('Search members')}
              placeholder={i18n.t('Search by name or email')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <button type="button" className="button button-ghost button-small" onClick={addShown} disabled={shown.length === 0}>
              {i18n.t('Select shown')}
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => onChange([])}
              disabled={selected.length === 0}
            >
              {i18n.t('Clear')}
            </button>
          </div>
          {members.isPending ? (
            <p className="muted">{i18n.t('Loading members…')}</p>
          ) : members.isError ? (
            <FormMessage>{i18n.t('Could not load the members.')}</FormMessage>
          ) : shown.length === 0 ? (
            <p className="muted">{i18n.t('No member matches “{search}”.', { search })}</p>
          ) : (
            <ul className="member-picker-list">
              {shown.map((m) => (
                <li key={m.user_id}>
                  <label className="checkbox member-picker-item">
                    <input type="checkbox" aria-invalid={invalid} checked={chosen.has(m.user_id)} onChange={() => toggle(m.user_id)} />
                    <span className="member-picker-name">{m.name}</span>
                    <span className="member-picker-meta">
                      {m.email} · {m.type}
                      {m.admin ? ` · ${i18n.t('Admin')}` : ''}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </ChoiceFieldset>
  );
}

function RecipientCount({ group, selected }: { group: RecipientGroup; selected: number[] }) {
  const trpc = useTRPC();
  const input = { recipientGroup: group, selectedMemberIds: group === 'selected' ? selected : [] };
  const count = useQuery({
    ...trpc.mail.recipientCount.queryOptions(input),
    enabled: group !== 'selected' || selected.length > 0,
    placeholderData: keepPreviousData,
  });
  const none = group === 'selected' && selected.length === 0;
  const optedOut = none ? 0 : (count.data?.optedOut ?? 0);
  const n = none ? 0 : count.data === undefined ? undefined : count.data.count - optedOut;
  return (
    <p className="recipient-count" role="status" aria-live="polite">
      {n === undefined
        ? i18n.t('Counting recipients…')
        : n === 0 && optedOut === 0
          ? i18n.t('No members will receive this email yet.')
          : withNodes((m) => i18n.t('This email will go to {members}.', m), { members: <strong>{membersText(n)}</strong> })}
      {optedOut > 0
        ? ` ${i18n.t(
            '{count, plural, one {# member of this group turned group mail off and will be skipped.} other {# members of this group turned group mail off and will be skipped.}}',
            { count: optedOut },
          )}`
        : null}
    </p>
  );
}

export function MailPage() {
  const urlSearch = useSearch();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [initial] = useState(() => initialRecipients(urlSearch));
  const [group, setGroup] = useState<RecipientGroup>(initial.group);
  const [selected, setSelected] = useState<number[]>(initial.selected);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const [sentNote, setSentNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const form = useFormErrors({
    values: { subject, body, selected },
    validate: (v) => ({
      ...subjectAndBodyErrors(v.subject, v.body),
      selected: group === 'selected' && v.selected.length === 0 ? i18n.t('Choose at least one member.') : undefined,
    }),
  });
  const summary = subjectAndBodySummary(form.errors);
  const preview = useDeferredValue(body);
  const me = useQuery(trpc.auth.status.queryOptions());
  const sampleName = me.data?.user?.name ?? i18n.t('Member');

  const countInput = { recipientGroup: group, selectedMemberIds: group === 'selected' ? selected : [] };
  const count = useQuery({ ...trpc.mail.recipientCount.queryOptions(countInput), enabled: group !== 'selected' || selected.length > 0 });

  const send = useMutation(
    trpc.mail.send.mutationOptions({
      onSuccess: async (result) => {
        toast(i18n.t('Email sent successfully.'), 'success');
        setSentNote(
          i18n.t('Email sent successfully. It is on its way to {recipients}.', { recipients: membersText(result.recipient_count) }) +
            (result.skipped
              ? ` ${i18n.t('{count, plural, one {# member opted out and was skipped.} other {# members opted out and were skipped.}}', { count: result.skipped })}`
              : ''),
        );
        setSubject('');
        setBody('');
        setError('');
        form.clear();
        await queryClient.invalidateQueries(trpc.mail.sent.pathFilter());
      },
      onError: (err) => {
        const text = sendErrorText(err);
        setError(text);
        toast(text, 'error');
      },
      onSettled: () => setConfirming(false),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSentNote('');
    setError('');
    if (form.check()) setConfirming(true);
  }

  const groups = recipientGroupLabels();
  const recipients = group === 'selected' && selected.length === 0 ? 0 : count.data && count.data.count - count.data.optedOut;

  return (
    <section className="page mail-page">
      <MailPageHead
        title={i18n.t('Send Message')}
        intro={i18n.t('Write to a group of members. Each member receives their own copy.')}
        link={{ href: '/admin/sent-mail', label: i18n.t('Sent mail') }}
      />

      <div className="mail-compose">
        <form className="card form-card mail-form" onSubmit={submit} {...form.formProps}>
          <SelectField
            label={i18n.t('Recipients')}
            name="recipientGroup"
            value={group}
            onChange={(e) => setGroup(e.target.value as RecipientGroup)}
          >
            {RECIPIENT_GROUPS.map((g) => (
              <option key={g} value={g}>
                {groups[g]}
              </option>
            ))}
          </SelectField>
          {group === 'selected' ? <MemberPicker selected={selected} onChange={setSelected} error={form.errors.selected} /> : null}
          <RecipientCount group={group} selected={selected} />
          <TextField
            label={i18n.t('Subject')}
            name="subject"
            required
            maxLength={200}
            value={subject}
            onChange={(e) => setSubject(e.target.value.replace(/[\r\n]+/g, ' '))}
            error={form.errors.subject}
          />
          <TextAreaField
            label={i18n.t('Body')}
            name="body"
            required
            rows={25}
            className="mail-body"
            spellCheck
            hint={i18n.t(
              'Plain text keeps its paragraphs and line breaks; HTML allowed (links, lists, tables, simple styling). Write {placeholder} to greet each member by name.',
              { placeholder: NAME_PLACEHOLDER },
            )}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={form.errors.body}
          />
          <FormMessage>{summary || error}</FormMessage>
          <FormMessage tone="success">{sentNote}</FormMessage>
          <div className="form-actions">
            <button type="submit" className="button" disabled={send.isPending}>
              {send.isPending ? i18n.t('Sending…') : i18n.t('Send')}
            </button>
            {sentNote ? <Link href="/admin/sent-mail">{i18n.t('See delivery status')}</Link> : null}
          </div>
        </form>

        <div className="mail-preview-column">
          <h2 className="mail-preview-title">{i18n.t('Preview')}</h2>
          <EmailPreview subject={subject} html={preview.replaceAll(NAME_PLACEHOLDER, sampleName.replace(/[&<>"']/g, ''))} />
          <p className="field-hint">
            {i18n.t(
              '{placeholder} shows your own name here. Unsafe HTML (scripts, forms, embedded frames, event handlers) is removed before sending, exactly as shown here.',
              { placeholder: NAME_PLACEHOLDER },
            )}
          </p>
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        title={i18n.t('Send this email?')}
        message={
          <p>
            {i18n.t('“{subject}” will go to {recipients} ({group}).', {
              subject: subject.trim(),
              recipients: recipients === undefined ? i18n.t('the chosen members') : membersText(recipients),
              group: groups[group],
            })}
          </p>
        }
        confirmLabel={i18n.t('Send now')}
        busy={send.isPending}
        onConfirm={() => send.mutate({ subject, body, recipientGroup: group, selectedMemberIds: group === 'selected' ? selected : [] })}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
