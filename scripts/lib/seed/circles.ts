// The demo's circles (issue 39), through the circles services. Every new club starts with SPEC's
// seven Gatherings hosted by the first admin (bootstrap.ts); here they come alive: Tea culture
// with six members, its Tea Ceremony, a pinned welcome and a post with photos and comments;
// Writing becomes a `request` circle hosted by Amara, with Sofia's request waiting; the hosts
// remove a post and a comment that sell (audited); Priya's Wine tasting was accepted and Grace's
// Golf declined; Claire's proposal of a sailing circle waits for the admin.
import { eq } from 'drizzle-orm';
import { commentableId } from '../../../src/shared/commentable';
import { STARTER_CIRCLES } from '../../../src/shared/schemas/circles';
import { CreateCommentInputSchema } from '../../../src/shared/schemas/comments';
import { UpdateEventInputSchema } from '../../../src/shared/schemas/events';
import { slugify } from '../../../src/shared/slug';
import { images } from '../../../src/worker/db/schema/images';
import { addHost, createCircle, deleteCircle, getCircle, removeHost, updateCircle } from '../../../src/worker/modules/circles/circles';
import { joinCircle, leaveCircle } from '../../../src/worker/modules/circles/membership';
import { createPost, deletePost, likePost, pinPost } from '../../../src/worker/modules/circles/posts';
import { decideProposal, proposeCircle } from '../../../src/worker/modules/circles/proposals';
import { createComment, deleteComment, likeComment } from '../../../src/worker/modules/comments/comments';
import { updateEvent } from '../../../src/worker/modules/events/events';
import type { Seed } from './context';
import { eventId } from './events';
import { uploadPhoto } from './gallery';
import type { DemoEmail } from './members';

const TEA = slugify('Tea culture' satisfies (typeof STARTER_CIRCLES)[number]);
const WRITING = slugify('Writing' satisfies (typeof STARTER_CIRCLES)[number]);

/** Tea culture's members besides its host (the admin): six in all. */
const TEA_MEMBERS: [DemoEmail, number][] = [
  ['eleanor@club.example', 60],
  ['hana@club.example', 55],
  ['sofia@club.example', 40],
  ['mei@club.example', 32],
  ['priya@club.example', 20],
];

/** Who else joined which open circle, `days` ago. */
const OTHER_MEMBERS: [string, DemoEmail, number][] = [
  ['Art', 'amara@club.example', 90],
  ['Art', 'claire@club.example', 70],
  ['Meditation', 'hana@club.example', 50],
  ['Gardening', 'grace@club.example', 12],
];

export async function seedCircles(seed: Seed): Promise<void> {
  const admin = async () => seed.member(seed.opts.adminEmail);

  // Tea culture comes alive.
  for (const [email, days] of TEA_MEMBERS) await joinCircle(seed.at(seed.when(-days)), await seed.member(email), { slug: TEA });
  for (const [name, email, days] of OTHER_MEMBERS) await joinCircle(seed.at(seed.when(-days)), await seed.member(email), { slug: slugify(name) });
  const teaId = (await getCircle(seed.at(seed.now), await admin(), { slug: TEA })).id;
  // Its host chose a cover from the gallery.
  const [cover] = await seed.at(seed.now).db.select({ id: images.id }).from(images).where(eq(images.title, 'The first bowl')).limit(1);
  await updateCircle(seed.at(seed.when(-1)), await admin(), { slug: TEA, cover_image_id: cover!.id });
  // Eleanor puts her Tea Ceremony in the circle.
  const ceremony = await eventId(seed, 'Tea Ceremony in the Garden');
  await updateEvent(seed.at(seed.when(-20)), await seed.member('eleanor@club.example'), UpdateEventInputSchema.parse({ id: ceremony, circle_id: teaId }));

  // The host's welcome, pinned.
  const welcome = await createPost(seed.at(seed.when(-58)), await admin(), {
    slug: TEA,
    title: 'Welcome to Tea culture',
    body: 'This is our corner of the club for everything tea: tastings, ceremonies, kettles and the best tea rooms when you travel.\n\nIntroduce yourself below, and tell us which tea you drink every morning.',
    image_ids: [],
  });
  await pinPost(seed.at(seed.when(-58, 1)), await admin(), { id: welcome.id, pinned: true });
  await createComment(
    seed.at(seed.when(-57)),
    await seed.member('eleanor@club.example'),
    CreateCommentInputSchema.parse({ commentableId: commentableId('post', welcome.id), content: 'Sencha every morning, gyokuro on Sundays.' }),
  );

  // Hana's photos from Kyoto, with comments and likes.
  const photos = [];
  for (const [i, file] of (['tea-ceremony', 'kyoto-machiya-garden', 'dawn-garden'] as const).entries()) {
    photos.push(await uploadPhoto(seed, 'hana@club.example', seed.when(-3, 0, i), file, { context: 'post', title: '' }));
  }
  const kyoto = await createPost(seed.at(seed.when(-3, 0, 5)), await seed.member('hana@club.example'), {
    slug: TEA,
    title: 'A morning of matcha in Kyoto',
    body: 'Back from a week in Kyoto: a tea master let us whisk our own bowls in a machiya garden. I brought back a bamboo whisk for anyone who wants to try before the ceremony in Carmel.\n\nThe shop: https://example.com/ippodo',
    image_ids: photos.map((p) => p.id),
  });
  for (const [email, text, hoursAgo] of [
    ['eleanor@club.example', 'Beautiful. Bring the whisk to the garden on Saturday, we will use it for the second bowl.', 60],
    ['mei@club.example', 'The light in that garden! Which tea house was it?', 40],
    ['hana@club.example', 'Ippodo, on Teramachi. They open at nine and the matcha sells out by noon.', 38],
  ] as const) {
    const comment = await createComment(
      seed.at(seed.when(0, -hoursAgo)),
      await seed.member(email),
      CreateCommentInputSchema.parse({ commentableId: commentableId('post', kyoto.id), content: text }),
    );
    if (email === 'mei@club.example') await likeComment(seed.at(seed.when(0, -hoursAgo + 1)), await seed.member('hana@club.example'), { id: comment.id });
  }
  for (const email of ['eleanor@club.example', 'sofia@club.example', 'priya@club.example'] as const) {
    await likePost(seed.at(seed.when(-2)), await seed.member(email), { id: kyoto.id, liked: true });
  }

  // Writing: by request, hosted by Amara; Sofia's request waits for her.
  const amara = await seed.member('amara@club.example');
  await addHost(seed.at(seed.when(-100)), await admin(), { slug: WRITING, member_id: amara.id });
  await removeHost(seed.at(seed.when(-100, 1)), await admin(), { slug: WRITING, member_id: (await admin()).id });
  await leaveCircle(seed.at(seed.when(-100, 2)), await admin(), { slug: WRITING });
  await updateCircle(seed.at(seed.when(-99)), amara, {
    slug: WRITING,
    join: 'request',
    description:
      'Fiction, essays, letters and journals: a quiet circle for members who write. We read each other’s pages once a month, kindly. Ask to join and say what you are working on.',
  });
  await joinCircle(seed.at(seed.when(0, -5)), await seed.member('sofia@club.example'), { slug: WRITING });

  // The hosts keep the club's rule (no selling): a post and a comment removed, still shown to their authors.
  const sale = await createPost(seed.at(seed.when(-15)), await seed.member('priya@club.example'), {
    slug: TEA,
    title: 'Selling my grandmother’s tea set',
    body: 'Twelve cups and a teapot, fine porcelain. Make me an offer.',
    image_ids: [],
  });
  await deletePost(seed.at(seed.when(-14)), await admin(), { id: sale.id });
  const ad = await createComment(
    seed.at(seed.when(-20)),
    await seed.member('mei@club.example'),
    CreateCommentInputSchema.parse({ commentableId: commentableId('post', welcome.id), content: 'I import matcha at cost: write to me for prices.' }),
  );
  await deleteComment(seed.at(seed.when(-19)), await admin(), { id: ad.id });

  // The circles the club tried: the admin opened one and closed it again; two proposals decided.
  const old = await createCircle(seed.at(seed.when(-200)), await admin(), { name: 'Book swaps', description: 'Bring one, take one.', join: 'open' });
  await deleteCircle(seed.at(seed.when(-150)), await admin(), { slug: old.slug });
  const wine = await proposeCircle(seed.at(seed.when(-35)), await seed.member('priya@club.example'), {
    name: 'Wine tasting',
    description: 'Small tastings at members’ homes, one region at a time.',
    reason: 'The tea/wine tasting showcases always fill up.',
  });
  await decideProposal(seed.at(seed.when(-33)), await admin(), { id: wine.id, accept: true });
  const golf = await proposeCircle(seed.at(seed.when(-25)), await seed.member('grace@club.example'), {
    name: 'Golf',
    description: 'Nine holes on Sunday mornings.',
    reason: 'A few of us play already.',
  });
  await decideProposal(seed.at(seed.when(-24)), await admin(), { id: golf.id, accept: false });

  // A proposed circle waits for the admin.
  await proposeCircle(seed.at(seed.when(-1)), await seed.member('claire@club.example'), {
    name: 'Sailing',
    description: 'Day sails and regattas, for members who crew and members who would like to learn.',
    reason: 'Several of us sail already, and the Harbour Sunset Sail filled in a day.',
  });
}
