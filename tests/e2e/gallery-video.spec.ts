import { expect, test, type Page } from '@playwright/test';
import { loginAsDemo, SEED } from './fixtures';
import { gradientPng } from './test-images';

// Issue 15: a video made in the browser (MediaRecorder over an animated canvas, a real WebM as a
// phone's browser records it) goes up through the Upload dialog, shows in the grid as its poster
// frame with a play badge and its length, and plays in the image view and in Gallery Mode.

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A WebM of about `ms` milliseconds recorded from a canvas in the page. */
async function recordWebm(page: Page, ms: number): Promise<Buffer> {
  const bytes = await page.evaluate(async (duration) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    const start = performance.now();
    const draw = () => {
      const t = (performance.now() - start) / duration;
      ctx.fillStyle = `hsl(${Math.round(t * 300)} 70% 55%)`;
      ctx.fillRect(0, 0, 320, 240);
      ctx.fillStyle = '#fff';
      ctx.fillRect(20 + t * 240, 90, 60, 60);
      if (recorder.state === 'recording') requestAnimationFrame(draw);
    };
    recorder.start(250);
    draw();
    await new Promise((r) => setTimeout(r, duration));
    recorder.stop();
    await stopped;
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  }, ms);
  return Buffer.from(bytes);
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, title: string, tags: string) {
  await page.getByRole('button', { name: 'Upload Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Image' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Tags').fill(tags);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('progressbar', { name: `Upload progress of ${file.name}` })).toHaveAttribute('value', '100');
  await expect(dialog.getByText('Uploaded', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

test('a member uploads a recorded WebM, sees its poster with a play badge, and plays it in the view and in Gallery Mode', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = uid();
  const tag = `clip-${id}`;
  const ranged: number[] = [];
  page.on('response', (r) => {
    if (/\/images\/[\w-]+\.webm$/.test(new URL(r.url()).pathname)) ranged.push(r.status());
  });

  await loginAsDemo(page, SEED.standard);
  await page.goto('/gallery');
  const webm = await recordWebm(page, 3000);
  await upload(page, { name: `still-${id}.png`, mimeType: 'image/png', buffer: gradientPng(640, 480, 7) }, `Still ${id}`, tag);
  await upload(page, { name: `canvas-${id}.webm`, mimeType: 'video/webm', buffer: webm }, `Clip ${id}`, tag);

  // The grid: the poster frame (a WebP thumbnail) with a play badge and the length.
  await page.getByPlaceholder('Search by tags...').fill(tag);
  await expect(page.locator('.image-tile')).toHaveCount(2);
  const tile = page.getByRole('button', { name: new RegExp(`^Open Clip ${id} \\(video, 0:0[2-4]\\)$`) });
  await expect(tile).toBeVisible();
  await expect(tile.locator('.image-tile-play')).toBeVisible();
  await expect(tile.locator('.image-tile-duration')).toHaveText(/^0:0[2-4]$/);
  await expect(tile.locator('img')).toHaveAttribute('src', /\.webp$/);
  const dto = await (await page.request.get(`/api/images?tag=${tag}`)).json();
  const video = dto.find((i: { media_kind: string }) => i.media_kind === 'video');
  expect(video).toMatchObject({ content_type: 'video/webm', width: 320, height: 240, title: `Clip ${id}` });

  // The image view plays it: controls, the poster, no autoplay.
  await tile.click();
  const view = page.getByRole('dialog', { name: 'Detailed Image View' });
  const inView = view.locator('video');
  await expect(inView).toHaveAttribute('poster', video.display_url);
  await expect(inView).toHaveAttribute('controls', '');
  await expect(view.getByText(`Video uploaded by ${SEED.standard.name}`)).toBeVisible();
  expect(await inView.evaluate((v: HTMLVideoElement) => v.autoplay)).toBe(false);

  // Gallery Mode: a video slide, newest first, not playing until the member starts it.
  await view.getByRole('button', { name: 'Gallery Mode' }).click();
  const lightbox = page.locator('.yarl__root');
  await expect(lightbox.locator('.yarl__counter')).toHaveText('1 / 2');
  const slide = lightbox.locator('.yarl__slide_current video');
  await expect(slide).toBeVisible();
  expect(await slide.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, autoplay: v.autoplay, controls: v.controls }))).toEqual({
    paused: true,
    autoplay: false,
    controls: true,
  });
  await slide.click();
  await expect.poll(() => slide.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  // The browser asked for the bytes by range, and the Worker answered 206.
  expect(ranged).toContain(206);

  // The arrows move on from a playing video (which stops) and back.
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.locator('.yarl__counter')).toHaveText('2 / 2');
  await expect(lightbox.locator('.yarl__slide_current img')).toBeVisible();
  expect(
    await lightbox
      .locator('video')
      .first()
      .evaluate((v: HTMLVideoElement) => v.paused),
  ).toBe(true);
  await page.keyboard.press('ArrowLeft');
  await expect(lightbox.locator('.yarl__counter')).toHaveText('1 / 2');
  // The slideshow waits while the video plays, and does not stall on it once it is paused half-way:
  // it moves on 8 s later.
  await page.keyboard.press('Space');
  await expect(lightbox.getByRole('button', { name: 'Pause' })).toBeVisible();
  await slide.click();
  await expect.poll(() => slide.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  await slide.evaluate((v: HTMLVideoElement) => v.pause());
  expect(await slide.evaluate((v: HTMLVideoElement) => v.ended)).toBe(false);
  await expect(lightbox.locator('.yarl__counter')).toHaveText('1 / 2');
  await expect(lightbox.locator('.yarl__counter')).toHaveText('2 / 2', { timeout: 12_000 });
  await page.keyboard.press('Space');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  for (const i of dto) expect((await page.request.post('/api/delete-images', { data: { images: [i.id] } })).status()).toBe(200);
  expect((await page.request.get(video.url)).status()).toBe(404);
});
