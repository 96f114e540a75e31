// Issue 40: signing out on a device (logout, ending this device, deleting the account) tells the
// browser to forget what the club kept there (Clear-Site-Data: the service worker and its caches,
// where her offline schedule lives, and the HTTP cache); any other answer does not.
import { describe, expect, it } from 'vitest';
import { createUser, request, TEST_PASSWORD, trpc } from '../helpers';

const CLEARED = '"cache", "storage"';

describe('Clear-Site-Data', () => {
  it('comes with every answer that signs her out on this device', async () => {
    expect((await request('/logout', { method: 'POST', as: await createUser() })).headers.get('Clear-Site-Data')).toBe(CLEARED);
    expect((await trpc('auth.logout', {}, { as: await createUser() })).headers.get('Clear-Site-Data')).toBe(CLEARED);

    const u = await createUser();
    const { sessions } = await (await request('/api/account/sessions', { as: u })).json<{ sessions: { id: string }[] }>();
    const end = await request(`/api/account/sessions/${sessions[0]!.id}`, { method: 'DELETE', as: u });
    expect(end.status).toBe(200);
    expect(end.headers.get('Clear-Site-Data')).toBe(CLEARED);

    const leaving = await createUser();
    const gone = await request('/api/account', { method: 'DELETE', as: leaving, body: { password: TEST_PASSWORD } });
    expect(gone.status).toBe(200);
    expect(gone.headers.get('Clear-Site-Data')).toBe(CLEARED);
  });

  it('not with anything else: a page of hers, a visitor', async () => {
    const u = await createUser();
    expect((await request('/api/notifications', { as: u })).headers.get('Clear-Site-Data')).toBeNull();
    expect((await request('/auth-status')).headers.get('Clear-Site-Data')).toBeNull();
  });
});
