import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessage } from '../../components/field';
import { Modal } from '../../components/modal';
import { ModalActions } from '../../components/modal-actions';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { i18n } from '../locales/i18n';

export interface BlockCandidate {
  id: number;
  name: string;
}

/** What a block does, as the dialog says it (issue 38: she is never told). */
const whatItDoes = () =>
  i18n.t(
    'Her messages will no longer reach you, in any conversation, and she will not see your profile page. She is not told: she can still write, and nothing arrives. You can unblock her in Settings > Privacy.',
  );

/** After a block or an unblock: what shows her (her profile, the list in Settings, conversations) is asked again. */
export function useBlocksChanged() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries(trpc.messages.blocks.pathFilter());
    void queryClient.invalidateQueries(trpc.members.byId.pathFilter());
    void queryClient.invalidateQueries(trpc.messages.conversations.pathFilter());
    void queryClient.invalidateQueries(trpc.messages.conversation.pathFilter());
  };
}

/**
 * "Block" from a profile or a conversation: one member to confirm, or (a group conversation) the
 * one to block among the others.
 */
export function BlockDialog({ open, candidates, onClose }: { open: boolean; candidates: BlockCandidate[]; onClose: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const changed = useBlocksChanged();
  const [chosen, setChosen] = useState<number | null>(null);
  const only = candidates.length === 1 ? candidates[0] : undefined;
  const target = only ?? candidates.find((c) => c.id === chosen);
  const block = useMutation(
    trpc.messages.block.mutationOptions({
      onSuccess: () => {
        toast(target ? i18n.t('You blocked {name}.', { name: target.name }) : i18n.t('You blocked her.'), 'success');
        changed();
        onClose();
      },
    }),
  );
  const close = () => {
    block.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={only ? i18n.t('Block {name}?', { name: only.name }) : i18n.t('Block a member')}
      size="small"
      footer={
        <ModalActions
          onCancel={close}
          actionLabel={block.isPending ? i18n.t('Blocking…') : i18n.t('Block')}
          danger
          disabled={!target || block.isPending}
          onAction={() => target && block.mutate({ member_id: target.id })}
        />
      }
    >
      {only ? null : (
        <fieldset className="block-choices">
          <legend>{i18n.t('Whom do you want to block?')}</legend>
          {candidates.map((c) => (
            <label key={c.id} className="checkbox">
              <input type="radio" name="block-member" checked={chosen === c.id} onChange={() => setChosen(c.id)} />
              {c.name}
            </label>
          ))}
        </fieldset>
      )}
      <p className="muted">{whatItDoes()}</p>
      {block.isError ? <FormMessage>{errorMessage(block.error, i18n.t('Could not block her. Please try again.'))}</FormMessage> : null}
    </Modal>
  );
}

/** Unblock (Settings > Privacy, a profile): the views follow; a failure says so. */
export function useUnblock() {
  const trpc = useTRPC();
  const toast = useToast();
  const changed = useBlocksChanged();
  return useMutation(
    trpc.messages.unblock.mutationOptions({
      onSuccess: changed,
      onError: (error) => toast(errorMessage(error, i18n.t('Could not unblock her. Please try again.')), 'error'),
    }),
  );
}
