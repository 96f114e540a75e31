// Run once, by hand, to (re)make the demo's home photos and its video under seed/ (committed, so
// neither `npm start` nor the tests run this): `npx tsx scripts/make-seed-media.ts`. Chromium
// paints each picture on a canvas and encodes it as the browser's upload does (the original as
// JPEG, a 1600 px WebP display size, a 400 px WebP thumbnail under 30 KB); the video is a WebM that
// MediaRecorder records from an animated canvas, as a phone's browser records one, with its poster
// frame made the same way. No network, no ffmpeg.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/find-chromium';
import { ROOT } from './lib/wrangler';

/** The scenes, painted by name in the page (see SCENES below). */
export const HOME_PHOTOS = [
  'ocean-house-lanai',
  'ocean-house-bedroom',
  'daikanyama-living',
  'daikanyama-street',
  'kyoto-machiya-front',
  'kyoto-machiya-garden',
] as const;

// Painted in the page: plain canvas 2D, a seeded random so each run paints the same picture.
const PAGE_SCRIPT = `
function rng(seed) { let s = seed >>> 0; return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296); }
function sky(ctx, w, h, top, bottom, until) {
  const g = ctx.createLinearGradient(0, 0, 0, h * until);
  g.addColorStop(0, top); g.addColorStop(1, bottom);
  ctx.fillStyle = g; ctx.fillRect(0, 0, w, h * until);
}
function blob(ctx, x, y, rx, ry, color, blur) {
  ctx.save(); ctx.filter = 'blur(' + (blur || 0) + 'px)'; ctx.fillStyle = color;
  ctx.beginPath(); ctx.ellipse(x, y, rx, ry, 0, 0, Math.PI * 2); ctx.fill(); ctx.restore();
}
function rect(ctx, x, y, w, h, color, blur) {
  ctx.save(); ctx.filter = 'blur(' + (blur || 0) + 'px)'; ctx.fillStyle = color; ctx.fillRect(x, y, w, h); ctx.restore();
}
function sea(ctx, w, h, from, to, r) {
  const g = ctx.createLinearGradient(0, h * from, 0, h * to);
  g.addColorStop(0, '#5d9bb5'); g.addColorStop(1, '#2f6f8c');
  ctx.fillStyle = g; ctx.fillRect(0, h * from, w, h * (to - from));
  for (let i = 0; i < 90; i++) rect(ctx, r() * w, h * from + r() * h * (to - from), 40 + r() * 160, 3, 'rgba(255,255,255,0.25)', 1);
}
const SCENES = {
  'ocean-house-lanai'(ctx, w, h, r) {
    sky(ctx, w, h, '#8fc3e0', '#e8f0ec', 0.55);
    blob(ctx, w * 0.78, h * 0.2, h * 0.06, h * 0.06, '#fff7e0', 6);
    sea(ctx, w, h, 0.55, 0.8, r);
    rect(ctx, 0, h * 0.8, w, h * 0.2, '#b08763');
    for (let i = 0; i < 7; i++) rect(ctx, 0, h * (0.8 + i * 0.03), w, 4, '#8d6a4c');
    rect(ctx, 0, h * 0.6, w, h * 0.025, '#7a5a40', 1);
    for (let x = 40; x < w; x += 150) rect(ctx, x, h * 0.6, 22, h * 0.2, '#7a5a40', 1);
    blob(ctx, w * 0.12, h * 0.62, 110, 150, '#3f7d4e', 4); rect(ctx, w * 0.1, h * 0.7, 90, 130, '#c9b49a');
    blob(ctx, w * 0.9, h * 0.6, 130, 170, '#4a8a57', 4); rect(ctx, w * 0.88, h * 0.7, 100, 140, '#c9b49a');
  },
  'ocean-house-bedroom'(ctx, w, h, r) {
    sky(ctx, w, h, '#f3e6d8', '#e3d2bf', 1);
    rect(ctx, w * 0.52, h * 0.12, w * 0.4, h * 0.46, '#f8f4ee');
    ctx.save(); ctx.beginPath(); ctx.rect(w * 0.54, h * 0.14, w * 0.36, h * 0.42); ctx.clip();
    sky(ctx, w, h, '#9fcbe3', '#dcecf1', 0.4); sea(ctx, w, h, 0.38, 0.56, r); ctx.restore();
    rect(ctx, w * 0.71, h * 0.14, 10, h * 0.42, '#f8f4ee');
    rect(ctx, w * 0.08, h * 0.55, w * 0.55, h * 0.3, '#fbfaf7', 2);
    rect(ctx, w * 0.08, h * 0.5, w * 0.55, h * 0.08, '#d9c7b0', 2);
    blob(ctx, w * 0.2, h * 0.6, 120, 50, '#ffffff', 3); blob(ctx, w * 0.45, h * 0.6, 120, 50, '#ffffff', 3);
    rect(ctx, w * 0.08, h * 0.7, w * 0.55, h * 0.15, '#8fb8c9', 2);
    rect(ctx, 0, h * 0.85, w, h * 0.15, '#c7a883');
    blob(ctx, w * 0.78, h * 0.7, 70, 90, '#f1d9a6', 10); rect(ctx, w * 0.775, h * 0.74, 14, h * 0.11, '#6d5643');
  },
  'daikanyama-living'(ctx, w, h, r) {
    sky(ctx, w, h, '#efe7da', '#e2d6c4', 1);
    rect(ctx, w * 0.1, h * 0.1, w * 0.8, h * 0.5, '#f6f2ea');
    ctx.save(); ctx.beginPath(); ctx.rect(w * 0.12, h * 0.12, w * 0.76, h * 0.46); ctx.clip();
    sky(ctx, w, h, '#cfe3ea', '#e8efe6', 0.6);
    for (let i = 0; i < 40; i++) blob(ctx, w * (0.1 + r() * 0.8), h * (0.3 + r() * 0.3), 60 + r() * 90, 50 + r() * 70, ['#6f9a5c', '#86ad6b', '#5c8a50'][i % 3], 6);
    ctx.restore();
    for (let x = 0.12; x < 0.9; x += 0.19) rect(ctx, w * x, h * 0.12, 8, h * 0.46, '#f6f2ea');
    rect(ctx, 0, h * 0.72, w, h * 0.28, '#c8b48f');
    for (let i = 0; i < 6; i++) rect(ctx, 0, h * (0.74 + i * 0.045), w, 3, '#b29c76');
    rect(ctx, w * 0.32, h * 0.7, w * 0.36, h * 0.05, '#7b5a3c', 1); rect(ctx, w * 0.34, h * 0.75, 20, h * 0.07, '#6a4c33'); rect(ctx, w * 0.64, h * 0.75, 20, h * 0.07, '#6a4c33');
    blob(ctx, w * 0.25, h * 0.84, 90, 30, '#b85c4a', 2); blob(ctx, w * 0.75, h * 0.84, 90, 30, '#4f6f8f', 2);
    blob(ctx, w * 0.5, h * 0.66, 40, 40, '#e9e1d2', 2); blob(ctx, w * 0.5, h * 0.6, 30, 70, '#5f8a4e', 5);
  },
  'daikanyama-street'(ctx, w, h, r) {
    sky(ctx, w, h, '#3e4a78', '#e9a27a', 0.7);
    const blocks = [[0, 0.35, 0.2], [0.18, 0.25, 0.16], [0.32, 0.4, 0.22], [0.52, 0.3, 0.18], [0.68, 0.2, 0.16], [0.82, 0.38, 0.2]];
    for (const [x, top, bw] of blocks) {
      rect(ctx, w * x, h * top, w * bw, h * (1 - top), '#2d2f45');
      for (let y = top + 0.05; y < 0.75; y += 0.07) for (let c = 0.02; c < bw - 0.03; c += 0.04) if (r() > 0.45) rect(ctx, w * (x + c), h * y, w * 0.02, h * 0.035, '#f4c77d', 1);
    }
    rect(ctx, 0, h * 0.82, w, h * 0.18, '#3b3a4a');
    blob(ctx, w * 0.6, h * 0.55, 160, 190, '#2f4a3a', 6); rect(ctx, w * 0.595, h * 0.6, 18, h * 0.22, '#2a2320');
    for (let i = 0; i < 5; i++) blob(ctx, w * (0.1 + i * 0.2), h * 0.78, 14, 18, '#ffd9a0', 8);
  },
  'kyoto-machiya-front'(ctx, w, h, r) {
    sky(ctx, w, h, '#dfe6ea', '#f1ede4', 0.25);
    rect(ctx, 0, h * 0.12, w, h * 0.14, '#3c3a3a');
    for (let x = 0; x < w; x += 36) rect(ctx, x, h * 0.12, 4, h * 0.14, '#555252');
    rect(ctx, 0, h * 0.26, w, h * 0.6, '#6b4a31');
    for (let x = 10; x < w; x += 28) rect(ctx, x, h * 0.3, 10, h * 0.52, '#4e3322');
    rect(ctx, w * 0.4, h * 0.42, w * 0.2, h * 0.44, '#2a1c14');
    rect(ctx, w * 0.4, h * 0.42, w * 0.2, h * 0.06, '#e8dcc6');
    blob(ctx, w * 0.78, h * 0.42, 50, 70, '#d8b25c', 12); blob(ctx, w * 0.78, h * 0.42, 40, 60, '#f0d49a', 3);
    rect(ctx, 0, h * 0.86, w, h * 0.14, '#9a948a');
    for (let i = 0; i < 30; i++) blob(ctx, r() * w, h * (0.88 + r() * 0.1), 30, 8, '#8a857c', 2);
  },
  'kyoto-machiya-garden'(ctx, w, h, r) {
    sky(ctx, w, h, '#e8e4da', '#d9d2c2', 0.45);
    rect(ctx, 0, h * 0.25, w, h * 0.2, '#efe9dc');
    for (let x = 0; x < w; x += 90) rect(ctx, x, h * 0.25, 6, h * 0.2, '#6b4a31');
    rect(ctx, 0, h * 0.45, w, h * 0.55, '#6f8f4e');
    for (let i = 0; i < 60; i++) blob(ctx, r() * w, h * (0.47 + r() * 0.5), 40 + r() * 60, 15 + r() * 20, ['#5f7f42', '#7c9c58'][i % 2], 5);
    for (let i = 0; i < 7; i++) blob(ctx, w * (0.15 + i * 0.11), h * (0.7 + (i % 2) * 0.06), 60, 30, '#b9b6ad', 2);
    rect(ctx, w * 0.72, h * 0.3, 26, h * 0.35, '#4b3527');
    for (let i = 0; i < 26; i++) blob(ctx, w * (0.62 + r() * 0.24), h * (0.15 + r() * 0.2), 50 + r() * 40, 40 + r() * 30, ['#c4452f', '#d9683a', '#b63a2a'][i % 3], 5);
    blob(ctx, w * 0.3, h * 0.6, 70, 40, '#c9c4b6', 1); rect(ctx, w * 0.29, h * 0.48, 34, h * 0.1, '#bdb8aa');
  },
};
async function encode(canvas, type, quality) {
  return new Promise((resolve) => canvas.toBlob((b) => b.arrayBuffer().then((a) => resolve(Array.from(new Uint8Array(a)))), type, quality));
}
function scaled(source, width) {
  const c = document.createElement('canvas');
  c.width = width; c.height = Math.round((source.height * width) / source.width);
  c.getContext('2d').drawImage(source, 0, 0, c.width, c.height);
  return c;
}
async function thumbnail(source) {
  const thumb = scaled(source, 400);
  for (let q = 0.8; ; q -= 0.1) { const bytes = await encode(thumb, 'image/webp', q); if (bytes.length < 30 * 1024 || q < 0.2) return bytes; }
}
window.paintPhoto = async (name, seed) => {
  const c = document.createElement('canvas'); c.width = 1800; c.height = 1200;
  SCENES[name](c.getContext('2d'), c.width, c.height, rng(seed));
  return { original: await encode(c, 'image/jpeg', 0.72), display: await encode(scaled(c, 1600), 'image/webp', 0.82), thumb: await thumbnail(c) };
};
let treeLine;
function trees(w, h) {
  // Painted once: the park's tree line, drawn over each frame's sky.
  if (treeLine) return treeLine;
  treeLine = document.createElement('canvas'); treeLine.width = w; treeLine.height = h;
  const ctx = treeLine.getContext('2d'); const r = rng(7);
  rect(ctx, 0, h * 0.86, w, h * 0.14, '#1f2a24');
  for (let i = 0; i < 16; i++) {
    const x = (i / 16) * w + r() * 20;
    if (x > w * 0.4 && x < w * 0.62) continue; // the gap the sun rises in
    blob(ctx, x, h * (0.8 + r() * 0.04), 18 + r() * 16, 26 + r() * 20, '#1b2620', 1);
  }
  return treeLine;
}
function sunrise(ctx, w, h, t) {
  const k = Math.min(1, Math.max(0, t));
  const top = 'hsl(' + (235 - 35 * k) + ' 45% ' + (22 + 40 * k) + '%)';
  const bottom = 'hsl(' + (25 + 10 * k) + ' 85% ' + (55 + 20 * k) + '%)';
  sky(ctx, w, h, top, bottom, 1);
  const sunY = h * (0.95 - 0.55 * k);
  blob(ctx, w * 0.51, sunY, h * 0.13, h * 0.13, 'rgba(255, 217, 138, 0.6)', 18);
  blob(ctx, w * 0.51, sunY, h * 0.08, h * 0.08, '#fff1c9', 2);
  ctx.drawImage(trees(w, h), 0, 0);
  for (let i = 0; i < 3; i++) {
    const bx = ((t * 0.3 + i * 0.3) % 1) * w, by = h * (0.25 + i * 0.05);
    ctx.strokeStyle = '#2b2b3a'; ctx.lineWidth = 2; ctx.beginPath();
    ctx.moveTo(bx - 8, by - 3 - 2 * Math.sin(t * 40 + i)); ctx.lineTo(bx, by); ctx.lineTo(bx + 8, by - 3 - 2 * Math.sin(t * 40 + i)); ctx.stroke();
  }
}
window.recordVideo = async (ms) => {
  const c = document.createElement('canvas'); c.width = 640; c.height = 360; const ctx = c.getContext('2d');
  // captureStream gives frames only for a canvas in the document.
  document.body.appendChild(c);
  const recorder = new MediaRecorder(c.captureStream(25), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 250000 });
  const chunks = []; recorder.ondataavailable = (e) => chunks.push(e.data);
  const stopped = new Promise((r) => (recorder.onstop = r));
  const start = performance.now();
  const draw = () => { sunrise(ctx, 640, 360, (performance.now() - start) / ms); if (recorder.state === 'recording') requestAnimationFrame(draw); };
  recorder.start(250); draw();
  await new Promise((r) => setTimeout(r, ms)); recorder.stop(); await stopped;
  const blob = new Blob(chunks, { type: 'video/webm' });
  const video = Array.from(new Uint8Array(await blob.arrayBuffer()));
  // What the upload dialog reads of it: a recorded WebM names no duration until played to its end.
  const el = document.createElement('video'); el.muted = true; el.src = URL.createObjectURL(blob);
  await new Promise((r) => (el.onloadedmetadata = r));
  el.currentTime = 1e6; await new Promise((r) => (el.ontimeupdate = r));
  const facts = { width: el.videoWidth, height: el.videoHeight, duration: Math.round(el.duration * 100) / 100 };
  sunrise(ctx, 640, 360, 0.75);
  return { video, facts, display: await encode(c, 'image/webp', 0.82), thumb: await thumbnail(c) };
};
`;

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>seed media</title>');
  await page.addScriptTag({ content: PAGE_SCRIPT });
  const images = path.join(ROOT, 'seed/images');
  const write = (file: string, bytes: number[]) => writeFileSync(file, Buffer.from(bytes));
  for (const [n, name] of HOME_PHOTOS.entries()) {
    const parts = await page.evaluate(
      ([scene, seed]) =>
        (window as never as Record<string, (...a: unknown[]) => Promise<Record<string, number[]>>>).paintPhoto!(scene, seed),
      [name, n + 1] as const,
    );
    write(path.join(images, `${name}.jpg`), parts.original!);
    write(path.join(images, `${name}-display.webp`), parts.display!);
    write(path.join(images, `${name}-thumb.webp`), parts.thumb!);
    console.log(`seed/images/${name}: ${parts.original!.length} + ${parts.display!.length} + ${parts.thumb!.length} bytes`);
  }
  const videoDir = path.join(ROOT, 'seed/video');
  mkdirSync(videoDir, { recursive: true });
  type Clip = { video: number[]; display: number[]; thumb: number[]; facts: { width: number; height: number; duration: number } };
  const clip = await page.evaluate((ms) => (window as never as Record<string, (ms: number) => Promise<Clip>>).recordVideo!(ms), 6000);
  write(path.join(videoDir, 'sunrise-yoyogi.webm'), clip.video);
  write(path.join(videoDir, 'sunrise-yoyogi-display.webp'), clip.display);
  write(path.join(videoDir, 'sunrise-yoyogi-thumb.webp'), clip.thumb);
  writeFileSync(path.join(videoDir, 'sunrise-yoyogi.json'), `${JSON.stringify(clip.facts)}\n`);
  console.log(
    `seed/video/sunrise-yoyogi.webm: ${clip.video.length} bytes, ${JSON.stringify(clip.facts)}, poster ${clip.display.length} + ${clip.thumb.length}`,
  );
} finally {
  await browser.close();
}
