// Demo images for a freshly seeded database: rows in D1 and bytes in the local R2, each image
// with its display size and thumbnail, made once with ImageMagick and committed under seed/images/.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { slugify } from '../../src/shared/slug';
import { d1File, persistDir, ROOT, sqlText, wrangler } from './wrangler';

const DIR = path.join(ROOT, 'seed/images');
const BUCKET = 'owow-club-images';

export const DEMO_IMAGES = [
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
] as const;

const size = (f: string) => statSync(path.join(DIR, f)).size;
export const seedKeys = (file: string) => ({
  original: `seed-${file}-o.jpg`,
  display: `seed-${file}-d.webp`,
  thumb: `seed-${file}-t.webp`,
});

/** Puts the demo images' bytes in the local R2 and their rows in D1 (call on an empty database). */
export function seedDemoImages(): void {
  const state = persistDir();
  const tmp = path.join(ROOT, '.wrangler/tmp');
  mkdirSync(tmp, { recursive: true });
  const jpegs = DEMO_IMAGES.map((i) => ({ key: seedKeys(i.file).original, file: path.join(DIR, `${i.file}.jpg`) }));
  const webps = DEMO_IMAGES.flatMap((i) => [
    { key: seedKeys(i.file).display, file: path.join(DIR, `${i.file}-display.webp`) },
    { key: seedKeys(i.file).thumb, file: path.join(DIR, `${i.file}-thumb.webp`) },
  ]);
  for (const [list, type] of [
    [jpegs, 'image/jpeg'],
    [webps, 'image/webp'],
  ] as const) {
    const manifest = path.join(tmp, `seed-images-${process.pid}-${type.split('/')[1]}.json`);
    writeFileSync(manifest, JSON.stringify(list));
    wrangler(
      [
        'r2',
        'bulk',
        'put',
        BUCKET,
        '--local',
        '--persist-to',
        state,
        '--filename',
        manifest,
        '--content-type',
        type,
        '--cache-control',
        'private, max-age=31536000, immutable',
      ],
      { quiet: true },
    );
    rmSync(manifest, { force: true });
  }
  const now = Date.now();
  const lines = DEMO_IMAGES.map((i, n) => {
    const k = seedKeys(i.file);
    const event = i.event ? `(SELECT id FROM events WHERE slug = ${sqlText(slugify(i.event))})` : 'NULL';
    const at = now - i.daysAgo * 86400_000 - n * 600_000;
    return `INSERT INTO images (r2_key, display_key, thumb_key, content_type, width, height, thumb_width, thumb_height, bytes, title, name, description, tags, associated_event_id, uploaded_by, created_at) VALUES (${sqlText(k.original)}, ${sqlText(k.display)}, ${sqlText(k.thumb)}, 'image/jpeg', 1800, 1200, 400, 267, ${size(`${i.file}.jpg`)}, ${sqlText(i.title)}, ${sqlText(`${i.file}.jpg`)}, ${sqlText(i.description)}, ${sqlText(JSON.stringify(i.tags))}, ${event}, (SELECT id FROM users WHERE email = ${sqlText(i.by)}), ${at});`;
  });
  const file = path.join(tmp, `seed-images-${process.pid}.sql`);
  writeFileSync(file, lines.join('\n'));
  d1File(file);
  rmSync(file, { force: true });
}
