// The gallery's demo photos, uploaded by members on several days through the images service, so
// the server's metadata walk (safe-image.ts) checks and cleans them as it does every upload. Each
// photo is committed under seed/images/ as the browser sends it: the original (JPEG) with its
// display size and thumbnail (WebP), made once with ImageMagick.
import { UploadImageFieldsSchema, type UploadImageFields } from '../../../src/shared/schemas/images';
import { uploadImage } from '../../../src/worker/modules/images/images';
import type { ImageDto } from '../../../src/shared/schemas/images';
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

export async function seedGallery(seed: Seed): Promise<void> {
  for (const [n, p] of DEMO_PHOTOS.entries()) {
    await uploadPhoto(seed, p.by, seed.when(-p.daysAgo, 0, -10 * n), p.file, {
      title: p.title,
      description: p.description,
      tags: p.tags,
      associated_event_id: p.event ? await eventId(seed, p.event) : undefined,
    });
  }
}
