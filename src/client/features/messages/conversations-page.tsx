import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ConversationSummary } from '../../../shared/schemas/messages';
import { LoadMore } from '../../components/load-more';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { withNodes } from '../../i18n/with-nodes';
import { useNow } from '../../shared/comments/use-now';
import { conversationWhen } from '../../shared/messages/message-time';
import { useAuth } from '../../shared/use-auth';
import { ConversationFaces, namesOf } from './conversation-parts';
import './messages.css';
import { i18n } from './locales/i18n';

/** The last message's first line, as the list shows it ("You: " before hers). */
function previewOf(c: ConversationSummary, me: number | undefined): string {
  const last = c.last_message;
  if (!last) return i18n.t('No messages yet');
  const text = last.preview ?? i18n.t('Message deleted');
  return last.author_id !== null && last.author_id === me ? i18n.t('You: {text}', { text }) : text;
}

function ConversationEntry({ conversation: c, me, now }: { conversation: ConversationSummary; me: number | undefined; now: number }) {
  const unread = c.unread_count > 0;
  const names = namesOf(c.members);
  const when = c.last_message?.created_at ?? c.updated_at;
  return (
    <li className={`conversation-entry ${unread ? 'conversation-unread' : ''}`}>
      <ConversationFaces members={c.members} />
      <div className="conversation-entry-text">
        <p className="conversation-entry-names">
          <Link
            href={`/messages/${c.id}`}
            className="conversation-entry-link"
            aria-label={
              unread
                ? i18n.t('{names}, {count, plural, other {# unread}}: {preview}', {
                    names,
                    count: c.unread_count,
                    preview: previewOf(c, me),
                  })
                : i18n.t('{names}: {preview}', { names, preview: previewOf(c, me) })
            }
          >
            {names}
          </Link>
        </p>
        <p className={`conversation-entry-preview ${c.last_message?.preview === null ? 'is-gone' : ''}`}>{previewOf(c, me)}</p>
      </div>
      <div className="conversation-entry-side">
        <time dateTime={when}>{conversationWhen(when, now)}</time>
        {unread ? (
          <span className="count-badge" aria-hidden="true">
            {c.unread_count > 99 ? '99+' : c.unread_count}
          </span>
        ) : null}
      </div>
    </li>
  );
}

/**
 * /messages (issue 38): her conversations, latest activity first, 30 a page (more as she scrolls),
 * each with the others' faces and names, the last message's first line and when; unread in bold.
 * A new message anywhere asks the list again (shell/messages-link.tsx).
 */
export function ConversationsPage() {
  const trpc = useTRPC();
  const { user } = useAuth();
  const now = useNow();
  const list = useInfiniteQuery(
    trpc.messages.conversations.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const conversations = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="page narrow messages-page">
      <header className="page-head">
        <div>
          <h1>{i18n.t('Messages')}</h1>
          <p className="muted">{i18n.t('Private conversations with other members. Only the people in a conversation read it.')}</p>
        </div>
        {/* A lapsed member reads her conversations and starts none (DECISIONS "Membership terms"). */}
        {user?.status === 'lapsed' ? null : (
          <Link href="/messages/new" className="button">
            {i18n.t('New message')}
          </Link>
        )}
      </header>
      {list.isPending ? (
        <p className="page-status">{i18n.t('Loading your conversations…')}</p>
      ) : list.isError ? (
        <p className="form-message form-message-error" role="alert">
          {errorMessage(list.error, i18n.t('Your conversations could not be loaded. Please try again.'))}
        </p>
      ) : conversations.length === 0 ? (
        <div className="card messages-empty">
          <h2>{i18n.t('No conversations yet')}</h2>
          {user?.status === 'lapsed' ? (
            <p className="muted">{i18n.t('While your membership has lapsed you can read your conversations, not start one.')}</p>
          ) : (
            <p className="muted">
              {withNodes(
                (m) => i18n.t('Write to a member from her page in the {directory}, or start a conversation with up to seven members.', m),
                {
                  directory: <Link href="/members">{i18n.t('directory')}</Link>,
                },
              )}
            </p>
          )}
          {user?.status === 'lapsed' ? null : (
            <Link href="/messages/new" className="button">
              {i18n.t('New message')}
            </Link>
          )}
        </div>
      ) : (
        <div className="card conversation-list-card">
          <ul className="conversation-list" aria-label={i18n.t('Conversations')}>
            {conversations.map((c) => (
              <ConversationEntry key={c.id} conversation={c} me={user?.user_id} now={now} />
            ))}
          </ul>
        </div>
      )}
      <LoadMore query={list} label={i18n.t('Older conversations')} auto />
      <p className="muted messages-settings-hint">
        {withNodes((m) => i18n.t('Choose who may write to you, and see whom you blocked, in {privacy}.', m), {
          privacy: <Link href="/settings#privacy">{i18n.t('Settings > Privacy')}</Link>,
        })}
      </p>
    </section>
  );
}
