import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES_FROM, MESSAGES_FROM_LABELS, type MessagesFrom } from '../../../shared/schemas/messages';
import { ChoiceFieldset, FormMessage } from '../../components/field';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberName } from '../../shared/members/member-name';
import { useUnblock } from '../../shared/messages/block-dialog';
import './settings.css';

/** What each choice means in practice, under its label. */
const MESSAGES_FROM_HINTS: Record<MessagesFrom, string> = {
  members: 'Any member of the club may write to you.',
  shared: 'Members who joined an event you joined, in the last 12 months or coming up, and members you already have a conversation with.',
  nobody: 'No member may start a conversation with you or write to you in a two-person one. Group conversations you are in go on.',
};

function BlockedMembers() {
  const trpc = useTRPC();
  const toast = useToast();
  const blocks = useQuery(trpc.messages.blocks.queryOptions());
  const unblock = useUnblock();
  return (
    <div className="blocked-members">
      <h3>Members you blocked</h3>
      {blocks.isPending ? (
        <p className="muted">Loading…</p>
      ) : blocks.isError ? (
        <FormMessage>{errorMessage(blocks.error, 'Could not load the members you blocked.')}</FormMessage>
      ) : blocks.data.length === 0 ? (
        <p className="muted">You have not blocked anyone. Block a member from her profile or a conversation.</p>
      ) : (
        <ul className="device-list">
          {blocks.data.map((b) => (
            <li key={b.id} className="device">
              <MemberName id={b.id} name={b.name} />
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={unblock.isPending && unblock.variables?.member_id === b.id}
                onClick={() => unblock.mutate({ member_id: b.id }, { onSuccess: () => toast(`You unblocked ${b.name}.`, 'success') })}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Settings > Privacy (issue 38): who may write to her, and the members she blocked (a block is
 * never shown to the blocked member). The server holds the same rule for every message.
 */
export function PrivacySettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const privacy = useQuery(trpc.messages.privacy.queryOptions());
  // From her answer at once (a page rendered with it shows her choice), and again when it changes.
  const [choice, setChoice] = useState<MessagesFrom | null>(privacy.data?.messages_from ?? null);
  useEffect(() => {
    if (privacy.data) setChoice(privacy.data.messages_from);
  }, [privacy.data]);
  const save = useMutation(
    trpc.messages.setPrivacy.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.messages.privacy.queryKey(), saved);
        toast('Privacy settings saved.', 'success');
      },
      onError: (error) => toast(errorMessage(error, 'Could not save your privacy settings.'), 'error'),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    if (choice) save.mutate({ messages_from: choice });
  }
  return (
    <section className="card form-card" id="privacy" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">Privacy</h2>
      <form onSubmit={submit} className="stack">
        <ChoiceFieldset legend="Who may write to me" className="privacy-choices">
          {() =>
            MESSAGES_FROM.map((value) => (
              <label key={value} className="privacy-choice">
                <input
                  type="radio"
                  name="messages_from"
                  value={value}
                  checked={choice === value}
                  disabled={!choice}
                  onChange={() => setChoice(value)}
                />
                <span>
                  <span className="privacy-choice-label">{MESSAGES_FROM_LABELS[value]}</span>
                  <span className="privacy-choice-hint">{MESSAGES_FROM_HINTS[value]}</span>
                </span>
              </label>
            ))
          }
        </ChoiceFieldset>
        {privacy.isError ? <FormMessage>{errorMessage(privacy.error, 'Could not load your privacy settings.')}</FormMessage> : null}
        <SubmitButton className="button" disabled={!choice || save.isPending || choice === privacy.data?.messages_from}>
          Save privacy settings
        </SubmitButton>
      </form>
      <BlockedMembers />
    </section>
  );
}
