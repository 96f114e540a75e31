// npx tsx scripts/make-app-icons.ts: the installable app's icons (issue 40) rendered once from the
// club's mark (public/assets/favicon.svg) by Chromium, committed as public/icons/*.png. Run again
// only when the mark changes. The maskable icon keeps the mark inside the central 80% safe zone
// on the mark's own colour, so a launcher may crop it to any shape.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/find-chromium';
import { ROOT } from './lib/wrangler';

const mark = readFileSync(path.join(ROOT, 'public/assets/favicon.svg'), 'utf8');
const MARK_COLOUR = '#6b3a4b';

const ICONS: { file: string; size: number; maskable?: boolean; square?: boolean }[] = [
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
  { file: 'maskable-512.png', size: 512, maskable: true },
  // iOS rounds the corners itself: a full square of the mark's colour.
  { file: 'apple-touch-icon.png', size: 180, square: true },
];

mkdirSync(path.join(ROOT, 'public/icons'), { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage({ deviceScaleFactor: 1 });
for (const icon of ICONS) {
  const inner = icon.maskable ? Math.round(icon.size * 0.7) : icon.size;
  const svg = icon.square || icon.maskable ? mark.replace(/ rx="\d+"/, '') : mark;
  const html = `<!doctype html><html><body style="margin:0;background:${icon.maskable || icon.square ? MARK_COLOUR : 'transparent'}">
    <div style="width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center">
      <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
    </div></body></html>`;
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(html);
  await page.screenshot({ path: path.join(ROOT, 'public/icons', icon.file), omitBackground: !icon.maskable && !icon.square });
  console.log(`public/icons/${icon.file}`);
}
await browser.close();
