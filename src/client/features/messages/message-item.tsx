import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../../../shared/date-format';
import { MESSAGE_EDIT_WINDOW_MS, type MessageDto } from '../../../shared/schemas/messages';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberAvatar } from '../../shared/members/member-avatar';
import { MemberName } from '../../shared/members/member-name';
import { MessageText } from '../../shared/messages/message-text';
import { messageTime } from '../../shared/messages/message-time';
import { coarsePointer, MessageTextarea } from './message-textarea';
import { i18n } from './locales/i18n';

interface MessageItemProps {
  message: MessageDto;
  /** The first of a run by one author: her face (and, in a group, her name) goes with it. */
  first: boolean;
  group: boolean;
  now: number;
  /** The server's answer to an edit or a deletion, for the thread to show at once. */
  onChanged: (message: MessageDto) => void;
  onReport: (message: MessageDto) => void;
}

/**
 * One message: hers on the right, the others' on the left with their face. Its actions (Edit
 * within 15 minutes, Delete, Report) are offered as its flags say, behind a small button, so the
 * thread reads as a conversation rather than a row of buttons.
 */
export function MessageItem({ message: m, first, group, now, onChanged, onReport }: MessageItemProps) {
  const trpc = useTRPC();
  const toast = useToast();
  const actionsId = useId();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const actionsRow = useRef<HTMLDivElement>(null);
  const editable = m.can_edit && now - Date.parse(m.created_at) < MESSAGE_EDIT_WINDOW_MS;
  const actions = !m.deleted && (editable || m.can_delete || m.can_report);

  const edit = useMutation(
    // eslint-disable-next-line react-hooks/refs -- the ref is read in onSuccess, after the save, never during render
    trpc.messages.edit.mutationOptions({
      onSuccess: (saved) => {
        onChanged(saved);
        setEditing(false);
        requestAnimationFrame(() => moreButton.current?.focus());
      },
      onError: (error) => toast(errorMessage(error, i18n.t('Your change could not be saved.')), 'error'),
    }),
  );
  const remove = useMutation(
    trpc.messages.delete.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        onChanged({ ...m, body: null, deleted: true, can_edit: false, can_delete: false, can_report: false });
      },
      onError: (error) => {
        setConfirming(false);
        toast(errorMessage(error, i18n.t('The message could not be deleted.')), 'error');
      },
    }),
  );

  useEffect(() => {
    if (!open) return;
    // The last message's actions open below the thread's end: bring them into view.
    actionsRow.current?.scrollIntoView({ block: 'nearest' });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        moreButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const save = () => {
    const body = draft.trim();
    if (!body || edit.isPending) return;
    if (body === m.body) setEditing(false);
    else edit.mutate({ id: m.id, body });
  };
  const author = m.author.name;
  const side = m.is_mine ? 'message-mine' : 'message-theirs';

  return (
    <li className={`message ${side} ${first ? 'message-first' : ''}`} data-message-id={m.id}>
      {m.is_mine ? null : first ? (
        <MemberAvatar id={m.author.id} name={author} photoUrl={m.author.photo_url} size="sm" className="message-face" />
      ) : (
        <span className="message-face" aria-hidden="true" />
      )}
      <div className="message-main">
        {first && group && !m.is_mine ? <MemberName id={m.author.id} name={author} className="message-author" /> : null}
        <div className="message-row">
          {editing ? (
            <form
              className="message-edit"
              onSubmit={(e) => {
                e.preventDefault();
                save();
              }}
            >
              <MessageTextarea
                label={i18n.t('Edit your message')}
                value={draft}
                onChange={setDraft}
                onSubmit={save}
                onEscape={() => setEditing(false)}
                autoFocus
              />
              <div className="message-edit-actions">
                <button type="button" className="button button-ghost button-small" onClick={() => setEditing(false)}>
                  {i18n.t('Cancel')}
                </button>
                <button type="submit" className="button button-small" disabled={!draft.trim() || edit.isPending}>
                  {edit.isPending ? i18n.t('Saving…') : i18n.t('Save')}
                </button>
              </div>
            </form>
          ) : (
            // On a touch screen a tap on the message (not on a link in it) shows its actions.
            <div
              className={`message-bubble ${m.deleted ? 'message-bubble-gone' : ''}`}
              onClick={(e) => {
                if (actions && coarsePointer() && !(e.target as HTMLElement).closest('a')) setOpen((o) => !o);
              }}
            >
              {/* A screen reader hears who wrote it; the eye sees the side and the face. */}
              <span className="visually-hidden">{m.is_mine ? i18n.t('You:') : i18n.t('{name}:', { name: author })} </span>
              <MessageText body={m.body} removed={m.removed} />
              <span className="message-meta">
                <time dateTime={m.created_at} title={formatDateTime(m.created_at)}>
                  {messageTime(m.created_at)}
                </time>
                {m.edited_at && !m.deleted ? <span className="message-edited"> · {i18n.t('edited')}</span> : null}
              </span>
            </div>
          )}
          {actions && !editing ? (
            <button
              ref={moreButton}
              type="button"
              className="message-more"
              aria-label={m.is_mine ? i18n.t('Actions for your message') : i18n.t('Actions for {name}’s message', { name: author })}
              aria-expanded={open}
              aria-controls={actionsId}
              onClick={() => setOpen((o) => !o)}
            >
              <span aria-hidden="true">⋯</span>
            </button>
          ) : null}
        </div>
        {open && actions && !editing ? (
          <div className="message-actions" id={actionsId} ref={actionsRow}>
            {editable ? (
              <button
                type="button"
                className="message-action"
                onClick={() => {
                  setDraft(m.body ?? '');
                  setEditing(true);
                  setOpen(false);
                }}
              >
                {i18n.t('Edit')}
              </button>
            ) : null}
            {m.can_delete ? (
              <button type="button" className="message-action message-action-danger" onClick={() => setConfirming(true)}>
                {i18n.t('Delete')}
              </button>
            ) : null}
            {m.can_report ? (
              <button
                type="button"
                className="message-action"
                onClick={() => {
                  setOpen(false);
                  onReport(m);
                }}
              >
                {i18n.t('Report')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {m.can_delete ? (
        <ConfirmDialog
          open={confirming}
          title={i18n.t('Delete this message?')}
          message={i18n.t('The others will see “{deleted}” in its place. This cannot be undone.', { deleted: i18n.t('Message deleted') })}
          confirmLabel={i18n.t('Delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: m.id })}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
