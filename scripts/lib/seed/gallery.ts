// The gallery's demo photos and video, uploaded by members on several days through the images
// services, so the server's metadata walks (safe-image.ts for photos, video-walk.ts for the video)
// check and clean them as they do every upload. Each file is committed under seed/ as the browser
// sends it: a photo's original (JPEG) with its display size and thumbnail (WebP), the video with
// its poster frame's two sizes and what the browser read of it (made once by
// scripts/make-seed-media.ts, the first photos with ImageMagick). The hosts then choose banners
// from their events' photos, and members comment.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commentableId } from '../../../src/shared/commentable';
import { CreateCommentInputSchema } from '../../../src/shared/schemas/comments';
import { UpdateEventInputSchema } from '../../../src/shared/schemas/events';
import {
  CreateVideoUploadSchema,
  UploadImageFieldsSchema,
  VideoFactsSchema,
  type ImageDto,
  type UploadImageFields,
} from '../../../src/shared/schemas/images';
import { createComment, likeComment } from '../../../src/worker/modules/comments/comments';
import { updateEvent } from '../../../src/worker/modules/events/events';
import { listImages, uploadImage } from '../../../src/worker/modules/images/images';
import { completeVideoUpload, createVideoUpload, uploadVideoPart } from '../../../src/worker/modules/images/video-uploads';
import { ROOT } from '../wrangler';
import type { Seed } from './context';
import { eventId } from './events';
import type { DemoEmail } from './members';

export interface DemoPhoto {
  /** seed/images/{file}.jpg, with {file}-display.webp and {file}-thumb.webp beside it. */
  file: string;
  title: string;
  by: DemoEmail;
  /** The event it is tagged with, by title. */
  event: string | null;
  daysAgo: number;
  tags: string[];
  description: string;
}

export const DEMO_PHOTOS: DemoPhoto[] = [
  {
    file: 'dawn-garden',
    title: 'Dawn in the tea garden',
    by: 'eleanor@club.example',
    event: 'Tea Ceremony in the Garden',
    daysAgo: 1,
    tags: ['garden', 'tea', 'morning'],
    description: 'The garden just before the guests arrived.',
  },
  {
    file: 'tea-ceremony',
    title: 'The first bowl',
    by: 'sofia@club.example',
    event: 'Tea Ceremony in the Garden',
    daysAgo: 1,
    tags: ['tea', 'ceremony'],
    description: 'Matcha whisked by our host from Kyoto.',
  },
  {
    file: 'ocean-house',
    title: 'Ocean house, late afternoon',
    by: 'claire@club.example',
    event: 'Maui Retreat Week',
    daysAgo: 4,
    tags: ['travel', 'Maui', 'ocean'],
    description: 'The view from the lanai, where breakfast happens.',
  },
  {
    file: 'watercolour',
    title: 'Loose florals',
    by: 'amara@club.example',
    event: 'Watercolour Morning',
    daysAgo: 9,
    tags: ['art', 'watercolour'],
    description: 'Colour tests from the last workshop.',
  },
  {
    file: 'loire-evening',
    title: 'Evening on the Loire',
    by: 'hana@club.example',
    event: null,
    daysAgo: 9,
    tags: ['travel', 'wine', 'France'],
    description: '',
  },
  {
    file: 'ceramics',
    title: 'Blue glaze bowl',
    by: 'amara@club.example',
    event: 'Members Showcase: Ceramics',
    daysAgo: 28,
    tags: ['ceramics', 'showcase', 'art'],
    description: 'A year of work at the wheel, in one bowl.',
  },
];

/**
 * A video as the upload dialog sends it: the R2 multipart upload, its parts cut as the answer says
 * (each followed by the next part's first bytes), then the poster frame's two sizes.
 */
export async function uploadVideo(
  seed: Seed,
  email: string,
  time: number,
  file: string,
  fields: Partial<UploadImageFields>,
): Promise<ImageDto> {
  const bytes = new Uint8Array(readFileSync(path.join(ROOT, 'seed/video', `${file}.webm`)));
  const facts = VideoFactsSchema.parse(JSON.parse(readFileSync(path.join(ROOT, 'seed/video', `${file}.json`), 'utf8')));
  const me = await seed.member(email);
  const deps = seed.at(time);
  const upload = await createVideoUpload(deps, me, CreateVideoUploadSchema.parse({ name: `${file}.webm`, size: bytes.length, type: 'video/webm' }));
  for (let part = 1; part <= upload.parts; part++) {
    const from = (part - 1) * upload.part_bytes;
    const to = Math.min(bytes.length, part * upload.part_bytes + (part < upload.parts ? upload.lookahead : 0));
    await uploadVideoPart(deps, me, { id: upload.id, part, read: async () => bytes.slice(from, to) });
  }
  const display = seed.file(`video/${file}-display.webp`, 'image/webp');
  const thumbnail = seed.file(`video/${file}-thumb.webp`, 'image/webp');
  return completeVideoUpload(deps, me, {
    id: upload.id,
    contentLength: display.size + thumbnail.size,
    read: async () => ({ fields: UploadImageFieldsSchema.parse(fields), facts, display, thumbnail }),
  });
}

/**
 * A photo as the upload dialog sends it (POST /upload-image's three parts), by `email` at `time`.
 * `fields` as the form gives them (the schema's defaults apply).
 */
export async function uploadPhoto(
  seed: Seed,
  email: string,
  time: number,
  file: string,
  fields: Partial<UploadImageFields>,
): Promise<ImageDto> {
  const image = seed.file(`images/${file}.jpg`, 'image/jpeg');
  const display = seed.file(`images/${file}-display.webp`, 'image/webp');
  const thumbnail = seed.file(`images/${file}-thumb.webp`, 'image/webp');
  const parsed = UploadImageFieldsSchema.parse(fields);
  return uploadImage(seed.at(time), await seed.member(email), {
    contentLength: image.size + display.size + thumbnail.size,
    read: async () => ({ fields: parsed, image, display, thumbnail }),
  });
}

interface DemoImageComment {
  image: string;
  by: DemoEmail;
  text: string;
  hoursAgo: number;
  likedBy?: DemoEmail[];
}

const DEMO_IMAGE_COMMENTS: DemoImageComment[] = [
  { image: 'Sunrise over Yoyogi Park', by: 'eleanor@club.example', text: 'This is exactly how it felt. Worth the 5 am alarm.', hoursAgo: 11 * 24, likedBy: ['sofia@club.example', 'hana@club.example'] },
  { image: 'Sunrise over Yoyogi Park', by: 'sofia@club.example', text: 'Can we do this again in the spring?', hoursAgo: 10 * 24 },
  { image: 'Blue glaze bowl', by: 'mei@club.example', text: 'The glaze is like the sea at dusk. Is it for sale?', hoursAgo: 27 * 24, likedBy: ['amara@club.example'] },
  { image: 'Dawn in the tea garden', by: 'priya@club.example', text: 'What a place for a ceremony.', hoursAgo: 20 },
];

export async function seedGallery(seed: Seed): Promise<void> {
  for (const [n, p] of DEMO_PHOTOS.entries()) {
    await uploadPhoto(seed, p.by, seed.when(-p.daysAgo, 0, -10 * n), p.file, {
      title: p.title,
      description: p.description,
      tags: p.tags,
      associated_event_id: p.event ? await eventId(seed, p.event) : undefined,
    });
  }
  // Hana filmed the sunrise after the yoga morning in Tokyo.
  await uploadVideo(seed, 'hana@club.example', seed.when(-12, 3), 'sunrise-yoyogi', {
    title: 'Sunrise over Yoyogi Park',
    description: 'The last minutes of the meditation, as the sun came up over the trees.',
    tags: ['yoga', 'Tokyo', 'sunrise', 'video'],
    associated_event_id: await eventId(seed, 'Sunrise Yoga & Meditation'),
  });

  // Each host picks her event's banner from its photos.
  const images = (await listImages(seed.at(seed.now), await seed.member(seed.opts.adminEmail), { limit: 100 })).items;
  const imageId = (title: string) => images.find((i) => i.title === title)!.id;
  for (const [event, host, photo] of [
    ['Tea Ceremony in the Garden', 'eleanor@club.example', 'Dawn in the tea garden'],
    ['Members Showcase: Ceramics', 'amara@club.example', 'Blue glaze bowl'],
  ] as const) {
    const input = UpdateEventInputSchema.parse({ id: await eventId(seed, event), banner_image_id: imageId(photo) });
    await updateEvent(seed.at(seed.when(0, -6)), await seed.member(host), input);
  }

  for (const c of DEMO_IMAGE_COMMENTS) {
    const at = seed.when(0, -c.hoursAgo);
    const input = CreateCommentInputSchema.parse({ content: c.text, commentableId: commentableId('image', imageId(c.image)) });
    const comment = await createComment(seed.at(at), await seed.member(c.by), input);
    for (const fan of c.likedBy ?? []) await likeComment(seed.at(at + 60_000), await seed.member(fan), { id: comment.id });
  }
}
