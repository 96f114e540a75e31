import { describe, expect, it } from 'vitest';
import { commentableId } from '../../../src/shared/commentable';
import { createEventAs } from '../events/events-helpers';
import { createUser, request } from '../helpers';

// An admin who has not turned 2FA on holds the role (the Admin section sends her to Settings)
// but none of its powers: in member routes she is treated as the member she is.
describe('admin powers need two-factor sign-in', () => {
  it('an admin without 2FA cannot edit or delete another member’s event or comment; with 2FA she can', async () => {
    const host = await createUser({ type: 'Founding' });
    const bare = await createUser({ admin: true, twoFactor: false, type: 'Standard' });
    const armed = await createUser({ admin: true });
    const event = await createEventAs(host);
    const posted = await request('/api/comments', {
      as: host,
      body: { content: 'Hello', commentableId: commentableId('event', event.id) },
    });
    expect(posted.status).toBe(201);
    const comment = (await posted.json()) as { id: number };

    const status = (await (await request('/auth-status', { as: bare })).json()) as { user: unknown };
    expect(status.user).toMatchObject({
      admin: true,
      needs_two_factor_setup: true,
      can: { admin: true, create_event: false, change_account_type: false },
    });

    const page = (await (await request(`/api/events/${event.id}`, { as: bare })).json()) as { viewer: unknown };
    expect(page.viewer).toMatchObject({ can_edit: false, can_delete: false });
    expect((await request(`/api/events/${event.id}`, { method: 'PUT', as: bare, body: { title: 'Taken over' } })).status).toBe(403);
    expect((await request(`/api/events/${event.id}`, { method: 'DELETE', as: bare })).status).toBe(403);
    expect((await request(`/api/comments/${comment.id}`, { method: 'DELETE', as: bare })).status).toBe(403);
    expect((await request('/api/users', { as: bare })).status).toBe(403);

    const armedPage = (await (await request(`/api/events/${event.id}`, { as: armed })).json()) as { viewer: unknown };
    expect(armedPage.viewer).toMatchObject({ can_edit: true, can_delete: true });
    expect((await request(`/api/comments/${comment.id}`, { method: 'DELETE', as: armed })).status).toBe(200);
    expect((await request(`/api/events/${event.id}`, { method: 'DELETE', as: armed })).status).toBe(200);
  });
});
