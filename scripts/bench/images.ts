// Bench section: the gallery. Thumbnail bytes of the seeded demo images (as served), and the
// first page of GET /api/images with 5,000 images: one D1 round trip (Server-Timing), at most
// 64 KB, and a p50 within 2x of the static asset's, measured interleaved with it.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext, BenchRow } from './context';
import { firstPageRows, percentile } from './context';
import { ROOT } from '../lib/wrangler';

const IMAGES = 5000;
const THUMB_BUDGET_BYTES = 30 * 1024;

interface ListedImage {
  thumb_url: string;
}

/** 5,000 rows in one statement (their keys name no object: only the list is measured). */
function seedImages(ctx: BenchContext) {
  const now = Date.now();
  ctx.sql(`INSERT OR IGNORE INTO images (r2_key, display_key, thumb_key, content_type, width, height, thumb_width, thumb_height, bytes, title, name, description, tags, associated_event_id, uploaded_by, created_at)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${IMAGES})
SELECT 'bench-image-' || i || '-o.jpg', 'bench-image-' || i || '-d.webp', 'bench-image-' || i || '-t.webp', 'image/jpeg', 1800, 1200, 400, 267, 250000,
  'Bench photo ' || i, 'bench-' || i || '.jpg', 'A quiet afternoon with members of the club, photo number ' || i || '.', '["bench","garden","tea"]',
  (SELECT id FROM events ORDER BY id LIMIT 1), (SELECT id FROM users ORDER BY id LIMIT 1), ${now} - i * 3600000
FROM n;`);
}

async function thumbnailBytes(ctx: BenchContext): Promise<number[]> {
  const res = await fetch(`${ctx.baseUrl}/api/images`, { headers: { Cookie: ctx.adminCookie } });
  // Before this section adds its rows, every listed image is one of the demo's.
  const seeded = (await res.json()) as ListedImage[];
  if (seeded.length) {
    return Promise.all(
      seeded.map(
        async (i) => (await (await fetch(ctx.baseUrl + i.thumb_url, { headers: { Cookie: ctx.adminCookie } })).arrayBuffer()).byteLength,
      ),
    );
  }
  // A bench without demo content: the committed files are the same bytes.
  const dir = path.join(ROOT, 'seed/images');
  return readdirSync(dir)
    .filter((f) => f.endsWith('-thumb.webp'))
    .map((f) => statSync(path.join(dir, f)).size);
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const thumbs = (await thumbnailBytes(ctx)).sort((a, b) => a - b);
  seedImages(ctx);
  const maxThumb = thumbs[thumbs.length - 1] ?? NaN;
  return [
    { name: `Demo thumbnails (${thumbs.length}) median`, value: percentile(thumbs, 50), unit: 'bytes' },
    {
      name: `Demo thumbnails (${thumbs.length}) max`,
      value: maxThumb,
      unit: 'bytes',
      budget: '< 30 KB',
      ok: maxThumb < THUMB_BUDGET_BYTES,
    },
    ...(await firstPageRows(ctx, '/api/images', (n) => `GET /api/images first page (${n} of ${IMAGES}+ images)`)),
  ];
}
