import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { MAX_CONVERSATION_OTHERS } from '../../../shared/schemas/messages';
import { useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';
import { MemberAvatar } from '../../shared/members/member-avatar';
import { i18n } from './locales/i18n';

export interface Recipient {
  id: number;
  name: string;
  photo_url: string | null;
}

/** How many of the directory's answers the list offers at once (she types more to narrow it). */
const SHOWN = 8;

/**
 * "To": up to seven members chosen by name, from the directory's own search (members.list with
 * q), so she finds exactly whom the directory shows her. A member whose choice refuses her is
 * shown, not offered. Arrow keys move through the answers, Enter adds one, Backspace in the empty
 * box takes the last one off.
 */
export function RecipientPicker({
  me,
  chosen,
  onChange,
  autoFocus,
}: {
  me: number | undefined;
  chosen: Recipient[];
  onChange: (next: Recipient[]) => void;
  autoFocus?: boolean;
}) {
  const trpc = useTRPC();
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const q = useDebounced(text.trim(), 250);
  const full = chosen.length >= MAX_CONVERSATION_OTHERS;
  const search = useQuery({
    ...trpc.members.list.queryOptions({ q, limit: 20 }),
    enabled: q.length > 0 && !full,
    placeholderData: keepPreviousData,
  });
  const answers = q ? (search.data?.items ?? []).filter((m) => m.id !== me && !chosen.some((c) => c.id === m.id)).slice(0, SHOWN) : [];
  const showList = open && text.trim().length > 0 && !full;

  const add = (m: Recipient) => {
    onChange([...chosen, m]);
    setText('');
    setActive(0);
    input.current?.focus();
  };
  const remove = (rid: number) => {
    onChange(chosen.filter((c) => c.id !== rid));
    input.current?.focus();
  };
  const pick = (i: number) => {
    const m = answers[i];
    if (m && m.can_message) add({ id: m.id, name: m.name, photo_url: m.photo_url });
  };

  return (
    <div className="recipients">
      <label htmlFor={`${id}-input`} className="recipients-label">
        {i18n.t('To')}
      </label>
      <div className="recipients-field">
        <div className="recipients-box" onClick={() => input.current?.focus()}>
          <ul className="recipients-chosen" aria-label={i18n.t('Chosen members')}>
            {chosen.map((c) => (
              <li key={c.id} className="recipient-chip">
                <MemberAvatar id={c.id} name={c.name} photoUrl={c.photo_url} size="xs" />
                <span>{c.name}</span>
                <button
                  type="button"
                  className="recipient-remove"
                  aria-label={i18n.t('Remove {name}', { name: c.name })}
                  onClick={() => remove(c.id)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <input
            ref={input}
            id={`${id}-input`}
            type="text"
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && answers[active] ? `${id}-option-${answers[active].id}` : undefined}
            aria-describedby={hintId}
            autoComplete="off"
            autoFocus={autoFocus}
            disabled={full}
            placeholder={full ? '' : chosen.length ? i18n.t('Add another member') : i18n.t('Type a name')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' && answers.length) {
                e.preventDefault();
                setOpen(true);
                setActive((a) => (a + 1) % answers.length);
              } else if (e.key === 'ArrowUp' && answers.length) {
                e.preventDefault();
                setActive((a) => (a - 1 + answers.length) % answers.length);
              } else if (e.key === 'Enter') {
                e.preventDefault();
                if (showList) pick(active);
              } else if (e.key === 'Escape') {
                setOpen(false);
              } else if (e.key === 'Backspace' && !text && chosen.length) {
                remove(chosen[chosen.length - 1]!.id);
              }
            }}
          />
        </div>
        {showList ? (
          <ul className="recipients-list" id={listId} role="listbox" aria-label={i18n.t('Members')}>
            {search.isPending || (search.isFetching && !answers.length) ? (
              <li className="recipients-status" role="presentation">
                {i18n.t('Searching…')}
              </li>
            ) : answers.length === 0 ? (
              <li className="recipients-status" role="presentation">
                {text.trim() === q ? i18n.t('No member by that name.') : i18n.t('Searching…')}
              </li>
            ) : (
              answers.map((m, i) => (
                <li
                  key={m.id}
                  id={`${id}-option-${m.id}`}
                  role="option"
                  aria-selected={i === active}
                  aria-disabled={!m.can_message || undefined}
                  className={`recipient-option ${i === active ? 'is-active' : ''}`}
                  // Chosen before the box loses focus (a click would blur it first).
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(i);
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  <MemberAvatar id={m.id} name={m.name} photoUrl={m.photo_url} size="sm" />
                  <span className="recipient-option-text">
                    <span className="recipient-option-name">{m.name}</span>
                    {m.can_message ? null : <span className="recipient-option-note">{i18n.t('Does not accept messages from you')}</span>}
                  </span>
                </li>
              ))
            )}
          </ul>
        ) : null}
      </div>
      <p className="field-hint" id={hintId}>
        {full
          ? i18n.t('A conversation has at most {count} others besides you.', { count: MAX_CONVERSATION_OTHERS })
          : i18n.t('Up to {count} members.', { count: MAX_CONVERSATION_OTHERS })}
      </p>
    </div>
  );
}
