import { describe, expect, it } from 'vitest';
import { createUser, request } from '../helpers';

// A route's audience is checked before its input (platform/rest-guards.ts), as tRPC's
// memberProcedure and adminProcedure do: a visitor learns nothing about a request she may not make.
describe('REST audience before input', () => {
  it('a visitor gets 401 from members-only routes whatever the query or body', async () => {
    for (const path of [
      '/api/comments',
      '/api/comments?commentableId=1',
      '/api/images?limit=zz',
      '/api/events?cursor=nope',
      '/api/homes/abc',
    ]) {
      const res = await request(path);
      expect(res.status, path).toBe(401);
      expect(await res.json(), path).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    const post = await request('/api/comments', { body: { nonsense: true } });
    expect(post.status).toBe(401);
  });

  it('a member still gets the validation message; an admin route answers her 403 before reading input', async () => {
    const member = await createUser();
    const bad = await request('/api/comments?commentableId=1', { as: member });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
    for (const path of ['/api/users?limit=zz', '/api/applications?cursor=nope', '/api/admin/sent-mail/abc']) {
      expect((await request(path, { as: member })).status, path).toBe(403);
    }
  });

  it('an admin without 2FA gets TWO_FACTOR_REQUIRED before her input is read', async () => {
    const admin = await createUser({ admin: true, twoFactor: false });
    const res = await request('/api/users?limit=zz', { as: admin });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
  });
});
