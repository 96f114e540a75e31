import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { BackLink } from '../../components/back-link';
import { FormMessage } from '../../components/field';
import { statusOf } from '../../lib/http-status';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { Composer } from './composer';
import { namesOf } from './conversation-parts';
import { RecipientPicker, type Recipient } from './recipient-picker';
import './messages.css';
import { i18n } from './locales/i18n';

/**
 * ?to={id}: the member "Message" on her profile or card was pressed for (those two links write the
 * path themselves: a shared helper would be a chunk of its own on the directory's first load).
 */
function toOf(search: string): number | null {
  const n = Number(new URLSearchParams(search).get('to'));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * "Message" for one member: her two-person conversation, if she already has one among her latest,
 * opens instead of a new one (the server reuses it anyway when the first message is sent).
 */
function useExistingConversation(to: number | null): { checking: boolean } {
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const list = useInfiniteQuery({
    ...trpc.messages.conversations.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
    enabled: to !== null,
  });
  const found = list.data?.pages.flatMap((p) => p.items).find((c) => c.members.length === 1 && c.members[0]!.id === to);
  useEffect(() => {
    if (found) navigate(`/messages/${found.id}`, { replace: true });
  }, [found, navigate]);
  return { checking: to !== null && (list.isPending || Boolean(found)) };
}

/** The member of ?to=, as her page shows her (her name and face for the "To" line). */
function useRecipientOf(to: number | null, onFound: (r: Recipient) => void) {
  const trpc = useTRPC();
  const member = useQuery({ ...trpc.members.byId.queryOptions({ id: to ?? 0 }), enabled: to !== null });
  const m = member.data;
  useEffect(() => {
    if (m && m.can_message && !m.is_me) onFound({ id: m.id, name: m.name, photo_url: m.photo_small_url ?? m.photo_url });
    // Once per member: she may take her off the line afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [m?.id]);
  if (to === null) return { refused: '' };
  if (member.isError) return { refused: statusOf(member.error) === 404 ? i18n.t('This member is not in the club.') : '' };
  // MESSAGES_REFUSED's text (src/shared/schemas/messages.ts), in the page's language.
  if (m && (m.is_me || !m.can_message))
    return { refused: m.is_me ? i18n.t('This is you.') : i18n.t('She does not accept messages from you.') };
  return { refused: '' };
}

/**
 * /messages/new (issue 38): a new conversation with one to seven members, chosen by name, and its
 * first message. "Message" on a profile or a directory card comes here with ?to={id}: her name on
 * the "To" line, or her existing conversation instead.
 */
export function NewMessagePage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const to = toOf(useSearch());
  const [chosen, setChosen] = useState<Recipient[]>([]);
  const { checking } = useExistingConversation(to);
  const { refused } = useRecipientOf(to, (r) => setChosen((c) => (c.some((x) => x.id === r.id) ? c : [r, ...c])));
  const start = useMutation(trpc.messages.start.mutationOptions());

  if (checking) return <p className="page-status">{i18n.t('Loading…')}</p>;
  return (
    <section className="page narrow messages-page">
      <p className="messages-back">
        <BackLink href="/messages">{i18n.t('Messages')}</BackLink>
      </p>
      <h1>{i18n.t('New message')}</h1>
      {refused ? <FormMessage tone="info">{refused}</FormMessage> : null}
      <div className="card new-message">
        <RecipientPicker me={user?.user_id} chosen={chosen} onChange={setChosen} autoFocus={to === null} />
        <Composer
          key={to ?? 0}
          label={chosen.length ? i18n.t('Write to {names}', { names: namesOf(chosen) }) : i18n.t('Write a message')}
          placeholder={chosen.length ? i18n.t('Write a message…') : i18n.t('Choose whom to write to, then write here…')}
          autoFocus={to !== null}
          stacked
          disabled={chosen.length === 0}
          send={async (body) => {
            const { conversation } = await start.mutateAsync({ member_ids: chosen.map((c) => c.id), body });
            void queryClient.invalidateQueries(trpc.messages.conversations.pathFilter());
            navigate(`/messages/${conversation.id}`, { replace: true });
          }}
        />
      </div>
    </section>
  );
}
