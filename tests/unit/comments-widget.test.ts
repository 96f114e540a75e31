// The widget's rendering for each kind of viewer, rendered by React itself (react-dom/server)
// from a query cache holding what the server would answer. A visitor never reaches the pages
// that host the widget (both are members-only): its logged-out state is what a member sees when
// her session ends while the widget is open, so it is checked here.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { TRPCProvider } from '../../src/client/lib/trpc';
import { CommentsWidget } from '../../src/client/shared/comments/comments-widget';
import { handAuthTo, type AuthSnapshot } from '../../src/client/shared/use-auth';
import type { AuthStatus } from '../../src/shared/schemas/auth';
import type { CommentView } from '../../src/shared/schemas/comments';
import type { AppRouter } from '../../src/worker/router';

const COMMENTABLE = 'event-42';

function comment(over: Partial<CommentView>): CommentView {
  return {
    id: 1,
    content: 'Hello',
    commentableId: COMMENTABLE,
    user_id: 7,
    username: 'Sofia Rossi',
    user_photo_url: null,
    created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    updated_at: null,
    like_count: 2,
    user_liked: false,
    removed: false,
    can_edit: false,
    can_delete: false,
    parent_id: null,
    replies: [],
    reply_count: 0,
    ...over,
  };
}

const member = (id: number, admin = false): AuthStatus => ({
  authenticated: true,
  user: {
    user_id: id,
    name: `Member ${id}`,
    admin,
    type: 'Standard',
    must_change_password: false,
    two_factor_enabled: admin,
    needs_two_factor_setup: false,
    can: { admin, create_event: admin, change_account_type: admin },
    language: null,
    theme: 'system',
    member_since: '2026-01-01',
    renews_on: '2027-01-01',
    status: 'active',
  },
});
const visitor: AuthStatus = { authenticated: false, user: null };

// The shell reads the session from a store the app hands to its query client; here it is handed
// to the session each render sets, as the server would answer it.
let session: AuthSnapshot = { pending: true, data: undefined };
handAuthTo(() => ({ subscribe: () => () => {}, get: () => session, refreshIfStale: () => {} }));

/** `more`: the first page of a longer list (30 older comments follow). */
function render(auth: AuthStatus | undefined, comments: CommentView[] | undefined, more = false): string {
  session = { pending: auth === undefined, data: auth };
  const queryClient = new QueryClient();
  // Never called: everything the widget reads is already in the cache.
  const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://127.0.0.1:1/trpc' })] });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  if (comments)
    queryClient.setQueryData(trpc.comments.list.infiniteQueryKey({ commentableId: COMMENTABLE }), {
      pages: [{ items: comments, nextCursor: more ? 'older' : null, total: comments.length + (more ? 30 : 0) }],
      pageParams: [null],
    });
  const widget = createElement(CommentsWidget, { commentableId: COMMENTABLE });
  const routed = createElement(Router, { ssrPath: '/events/42', children: widget });
  const withTrpc = createElement(TRPCProvider, { trpcClient, queryClient, children: routed });
  return renderToString(createElement(QueryClientProvider, { client: queryClient, children: withTrpc }));
}

/** The text of the HTML, tags removed and entities of the five XML characters decoded. */
function text(html: string): string {
  return html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map((m) => ({ attrs: m[1]!, label: text(m[2]!).trim() }));

describe('CommentsWidget rendering', () => {
  it('shows a visitor (a member whose session ended) a log-in invitation and none of the comments, even those loaded', () => {
    // Comments are members-only (DECISIONS "Privacy and trust"): the list loaded while she was
    // signed in is still in the cache, and is not shown.
    const html = render(visitor, [comment({ id: 1, content: 'Lovely evening' })]);
    expect(text(html)).toContain('Please log in to read and post comments.');
    expect(html).toMatch(/Please <a href="\/login">log in<\/a> to read and post comments\./);
    expect(html).not.toContain('Write a comment...');
    expect(text(html)).not.toContain('Lovely evening');
    expect(text(html)).not.toContain('Comments (1)');
    expect(text(html)).not.toContain('Loading comments...');
    expect(text(html)).not.toContain('Failed to fetch comments');
    expect(buttons(html)).toEqual([]);
  });

  it('shows a member the input and enabled likes, with Edit and Delete only on their own comment', () => {
    const html = render(member(7), [
      comment({ id: 2, user_id: 7, content: 'Mine', can_edit: true, can_delete: true }),
      comment({ id: 1, user_id: 8, username: 'Mei Lin', content: 'Theirs', user_liked: true }),
    ]);
    expect(html).toContain('placeholder="Write a comment..."');
    expect(text(html)).not.toContain('Please log in to read and post comments.');
    // Post appears only once the input has the focus.
    expect(buttons(html).map((b) => b.label)).not.toContain('Post');
    const labels = buttons(html).map((b) => b.label);
    expect(labels.filter((l) => l === 'Edit')).toHaveLength(1);
    expect(labels.filter((l) => l === 'Delete')).toHaveLength(1);
    const likes = buttons(html).filter((b) => b.label.includes('Like'));
    expect(likes).toHaveLength(2);
    for (const like of likes) expect(like.attrs).not.toContain('disabled');
    expect(likes[1]!.attrs).toContain('aria-pressed="true"');
    expect(text(html)).toContain('Comments (2)');
    expect(text(html)).toContain('Newest First');
  });

  it('offers an admin Delete on every comment but Edit only on their own', () => {
    const html = render(member(1, true), [
      comment({ id: 3, user_id: 9, can_delete: true }),
      comment({ id: 4, user_id: 10, can_delete: true }),
    ]);
    const labels = buttons(html).map((b) => b.label);
    expect(labels.filter((l) => l === 'Delete')).toHaveLength(2);
    expect(labels.filter((l) => l === 'Edit')).toHaveLength(0);
  });

  it('offers what the flags say, not what the author id or the admin flag would suggest', () => {
    // The viewer's own comment without flags, and someone else's with both: the flags win.
    const html = render(member(7, true), [
      comment({ id: 5, user_id: 7, content: 'Mine, locked' }),
      comment({ id: 6, user_id: 8, content: 'Theirs, open', can_edit: true, can_delete: true }),
    ]);
    const items = [...html.matchAll(/<li class="comment">(.*?)<\/li>/gs)].map((m) => m[1]!);
    expect(items).toHaveLength(2);
    const labelsOf = (item: string) => buttons(item).map((b) => b.label);
    expect(text(items[0]!)).toContain('Mine, locked');
    expect(labelsOf(items[0]!)).not.toContain('Edit');
    expect(labelsOf(items[0]!)).not.toContain('Delete');
    expect(text(items[1]!)).toContain('Theirs, open');
    expect(labelsOf(items[1]!)).toEqual(expect.arrayContaining(['Edit', 'Delete']));
  });

  it('offers nothing once signed out, even on a list loaded with flags', () => {
    const labels = buttons(render(visitor, [comment({ id: 7, can_edit: true, can_delete: true })])).map((b) => b.label);
    expect(labels).not.toContain('Edit');
    expect(labels).not.toContain('Delete');
  });

  it('renders text that looks like HTML literally, keeps line breaks, and links http(s) URLs safely', () => {
    const html = render(member(5), [
      comment({ content: '<img src=x onerror=alert(1)>\nsecond line https://example.com/a_(b). javascript:alert(1)' }),
    ]);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text(html)).toContain('<img src=x onerror=alert(1)>\nsecond line');
    expect(html).toContain(
      '<a href="https://example.com/a_(b)" target="_blank" rel="noopener noreferrer nofollow">https://example.com/a_(b)</a>.',
    );
    expect(html).not.toMatch(/href="javascript/);
  });

  it('shows the empty state, and the loading text before the list arrives', () => {
    expect(text(render(member(5), []))).toContain('No comments yet. Be the first to comment!');
    expect(text(render(member(5), []))).toContain('Comments (0)');
    expect(text(render(member(5), undefined))).toContain('Loading comments...');
    expect(text(render(visitor, undefined))).not.toContain('Loading comments...');
  });

  it('counts every comment in the header and offers the older ones when a page follows', () => {
    const page = [comment({ id: 9 }), comment({ id: 8 })];
    const longer = render(member(5), page, true);
    expect(text(longer)).toContain('Comments (32)');
    expect(buttons(longer).map((b) => b.label)).toContain('Show older comments');
    const whole = render(member(5), page);
    expect(text(whole)).toContain('Comments (2)');
    expect(buttons(whole).map((b) => b.label)).not.toContain('Show older comments');
    expect(buttons(render(visitor, page, true)).map((b) => b.label)).not.toContain('Show older comments');
  });

  it('names a comment whose author account is gone', () => {
    expect(text(render(member(5), [comment({ user_id: null, username: null })]))).toContain('Former member');
  });
});
