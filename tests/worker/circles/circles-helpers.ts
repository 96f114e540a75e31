import type { CircleDetail, CirclePostDto } from '../../../src/shared/schemas/circles';
import { createCircle } from '../../../src/worker/modules/circles/circles';
import { joinCircle } from '../../../src/worker/modules/circles/membership';
import { createPost } from '../../../src/worker/modules/circles/posts';
import { actorOf, createUser, deps, unique, type TestUser } from '../helpers';

/** A circle made by an admin (who hosts it), through the service; `join` open unless said. */
export async function makeCircle(admin: TestUser, opts: { join?: 'open' | 'request'; name?: string } = {}): Promise<CircleDetail> {
  return createCircle(deps(), actorOf(admin), {
    name: opts.name ?? `Circle ${unique('c')}`,
    description: 'A circle for the tests.',
    join: opts.join ?? 'open',
  });
}

/** Members who joined an open circle (or asked to join a request circle). */
export async function joined(circle: { slug: string }, ...members: TestUser[]): Promise<void> {
  for (const m of members) await joinCircle(deps(), actorOf(m), { slug: circle.slug });
}

/** A post by a member of the circle. */
export function post(circle: { slug: string }, author: TestUser, title = `Post ${unique('p')}`): Promise<CirclePostDto> {
  return createPost(deps(), actorOf(author), { slug: circle.slug, title, body: 'Hello circle', image_ids: [] });
}

/** An admin, her open circle, and members in it. */
export async function circleWith(n: number, opts: { join?: 'open' | 'request' } = {}) {
  const admin = await createUser({ type: 'Founding', admin: true });
  const circle = await makeCircle(admin, { join: 'open' });
  const members: TestUser[] = [];
  for (let i = 0; i < n; i++) members.push(await createUser());
  await joined(circle, ...members);
  if (opts.join === 'request') {
    const { updateCircle } = await import('../../../src/worker/modules/circles/circles');
    await updateCircle(deps(), actorOf(admin), { slug: circle.slug, join: 'request' });
  }
  return { admin, circle, members };
}
