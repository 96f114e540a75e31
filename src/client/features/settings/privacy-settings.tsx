import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES_FROM, type MessagesFrom } from '../../../shared/schemas/messages';
import { ChoiceFieldset, FormMessage } from '../../components/field';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { MemberName } from '../../shared/members/member-name';
import { useUnblock } from '../../shared/messages/block-dialog';
import './settings.css';
import { i18n } from './locales/i18n';

/** Each choice (src/shared/schemas/messages.ts MESSAGES_FROM_LABELS, in the page's language). */
const messagesFromLabels = (): Record<MessagesFrom, string> => ({
  members: i18n.t('Any member'),
  shared: i18n.t('Members I share an event or a conversation with'),
  nobody: i18n.t('Nobody'),
});

/** What each choice means in practice, under its label. */
const messagesFromHints = (): Record<MessagesFrom, string> => ({
  members: i18n.t('Any member of the club may write to you.'),
  shared: i18n.t(
    'Members who joined an event you joined, in the last 12 months or coming up, and members you already have a conversation with.',
  ),
  nobody: i18n.t('No member may start a conversation with you or write to you in a two-person one. Group conversations you are in go on.'),
});

function BlockedMembers() {
  const trpc = useTRPC();
  const toast = useToast();
  const blocks = useQuery(trpc.messages.blocks.queryOptions());
  const unblock = useUnblock();
  return (
    <div className="blocked-members">
      <h3>{i18n.t('Members you blocked')}</h3>
      {blocks.isPending ? (
        <p className="muted">{i18n.t('Loading…')}</p>
      ) : blocks.isError ? (
        <FormMessage>{errorMessage(blocks.error, i18n.t('Could not load the members you blocked.'))}</FormMessage>
      ) : blocks.data.length === 0 ? (
        <p className="muted">{i18n.t('You have not blocked anyone. Block a member from her profile or a conversation.')}</p>
      ) : (
        <ul className="device-list">
          {blocks.data.map((b) => (
            <li key={b.id} className="device">
              <MemberName id={b.id} name={b.name} />
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={unblock.isPending && unblock.variables?.member_id === b.id}
                onClick={() =>
                  unblock.mutate(
                    { member_id: b.id },
                    { onSuccess: () => toast(i18n.t('You unblocked {name}.', { name: b.name }), 'success') },
                  )
                }
              >
                {i18n.t('Unblock')}
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
        toast(i18n.t('Privacy settings saved.'), 'success');
      },
      onError: (error) => toast(errorMessage(error, i18n.t('Could not save your privacy settings.')), 'error'),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    if (choice) save.mutate({ messages_from: choice });
  }
  return (
    <section className="card form-card" id="privacy" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">{i18n.t('Privacy')}</h2>
      <form onSubmit={submit} className="stack">
        <ChoiceFieldset legend={i18n.t('Who may write to me')} className="privacy-choices">
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
                  <span className="privacy-choice-label">{messagesFromLabels()[value]}</span>
                  <span className="privacy-choice-hint">{messagesFromHints()[value]}</span>
                </span>
              </label>
            ))
          }
        </ChoiceFieldset>
        {privacy.isError ? <FormMessage>{errorMessage(privacy.error, i18n.t('Could not load your privacy settings.'))}</FormMessage> : null}
        <SubmitButton className="button" disabled={!choice || save.isPending || choice === privacy.data?.messages_from}>
          {i18n.t('Save privacy settings')}
        </SubmitButton>
      </form>
      <BlockedMembers />
    </section>
  );
}
