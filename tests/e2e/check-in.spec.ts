import { writeFileSync } from 'node:fs';
import { chromium, expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { qrPath } from '../../src/shared/qr';
import { chromiumLaunchOptions } from './find-chromium';
import { isoDateFromToday, loginAs, loginAsDemo, SEED } from './fixtures';

// Issue 43: a host checks guests in on a 390 px phone. Chromium's camera is a fake stream made
// here from two guests' tickets (their QR codes in turn), so "Scan tickets" reads real codes with
// the page's own decoder; then a guest by name; then, offline, two more that wait on the phone
// and reach the server once the connection is back.

const GUESTS = [SEED.founding2, SEED.standard, SEED.standard2, SEED.travelHost, { email: 'hana@club.example', name: 'Hana Sato' }];

/** A member's own API session (as her phone would have), through the login form's endpoint. */
async function sessionOf(baseURL: string, email: string): Promise<APIRequestContext> {
  const ctx = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await ctx.post('/login', { data: { email, password: SEED.demoPassword } });
  expect(res.status()).toBe(200);
  return ctx;
}

/**
 * A video (YUV4MPEG2, 640x480, 10 frames a second) showing each QR code in turn for 1.5 s, black
 * on white as a phone screen shows a ticket; Chromium loops it as its camera.
 */
function ticketsVideo(file: string, tokens: string[]): void {
  const [w, h, framesEach, scale] = [640, 480, 15, 8];
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`)];
  for (const token of tokens) {
    const { modules, size } = qrPath(token);
    const luma = Buffer.alloc(w * h, 255);
    const [left, top] = [Math.floor((w - size * scale) / 2), Math.floor((h - size * scale) / 2)];
    for (let y = 0; y < size * scale; y++)
      for (let x = 0; x < size * scale; x++) if (modules[Math.floor(y / scale)]![Math.floor(x / scale)]) luma[(top + y) * w + left + x] = 0;
    for (let f = 0; f < framesEach; f++) parts.push(Buffer.from('FRAME\n'), luma, chroma);
  }
  writeFileSync(file, Buffer.concat(parts));
}

test('a host checks guests in on her phone: by scanning their tickets, by name, and offline with the queue sent later', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  // Eleanor's event tomorrow; five members join it.
  await loginAsDemo(page, SEED.founding);
  const title = `Door Supper ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/events', {
    headers: { Origin: origin },
    data: {
      title,
      event_date: isoDateFromToday(1),
      start_time: '19:00',
      end_time: '22:00',
      time_zone: 'Europe/London',
      location: '14 Chalcot Crescent',
    },
  });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  const sessions = await Promise.all(GUESTS.map((g) => sessionOf(origin, g.email)));
  for (const s of sessions) expect((await s.post(`/api/events/${eventId}/join`)).status()).toBe(200);
  const ticketOf = async (s: APIRequestContext) =>
    ((await (await s.get(`/api/events/${eventId}/ticket`)).json()) as { token: string }).token;
  const [amaraTicket, sofiaTicket] = [await ticketOf(sessions[0]!), await ticketOf(sessions[1]!)];
  const checkedInCount = async () =>
    ((await (await page.request.get(`/api/events/${eventId}/check-in`)).json()) as { checked_in: number }).checked_in;

  // Her phone: 390 px, its camera showing Amara's ticket, then Sofia's.
  const video = testInfo.outputPath('tickets.y4m');
  ticketsVideo(video, [amaraTicket, sofiaTicket]);
  const launch = chromiumLaunchOptions();
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...launch.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const phone = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.grantPermissions(['camera'], { origin });
    const door = await phone.newPage();
    // Her session of the first page, on the phone (the header hides her name at 390 px).
    await loginAs(door, SEED.founding.email, SEED.demoPassword);
    await door.goto(`/events/${eventId}`);
    await door.getByRole('link', { name: 'Check in guests' }).click();
    await expect(door.getByRole('heading', { level: 1, name: 'Check in guests' })).toBeVisible();
    await expect(door.getByText('0 of 5 checked in')).toBeVisible();

    // Scanning: each ticket answers with her face and name, "Checked in".
    await door.getByRole('button', { name: 'Scan tickets' }).click();
    const scanner = door.getByRole('dialog', { name: 'Scan tickets' });
    const answer = scanner.getByRole('status');
    for (const guest of [SEED.founding2, SEED.standard]) {
      await expect(answer).toContainText(guest.name, { timeout: 20_000 });
      await expect(answer).toContainText('Checked in');
    }
    await scanner.getByRole('button', { name: 'Done scanning' }).click();
    await expect(door.getByText('2 of 5 checked in')).toBeVisible();
    expect(await checkedInCount()).toBe(2);

    // By name.
    await door.getByLabel('Search by name').fill('mei');
    await door.getByRole('button', { name: new RegExp(SEED.standard2.name) }).click();
    await expect(door.getByRole('button', { name: new RegExp(SEED.standard2.name) })).toHaveAttribute('aria-pressed', 'true');
    await expect(door.getByText('3 of 5 checked in')).toBeVisible();
    await door.getByLabel('Search by name').fill('');

    // No reception: two guests by name, kept on the phone; a ticket scanned again counts once.
    // (Once the shell's two chunks loaded 5 s after start-up are in: one failing offline reloads
    // the page into the browser's error, shell/chunk-reload.ts, a limit noted in issue 43.)
    await door.waitForFunction(() =>
      ['/assets/register-', '/assets/footer-choices-'].every((chunk) =>
        performance.getEntriesByType('resource').some((r) => r.name.includes(chunk)),
      ),
    );
    await phone.setOffline(true);
    await expect(door.getByText(/You are offline\. Check-ins are kept on this phone/)).toBeVisible();
    for (const name of [SEED.travelHost.name, 'Hana Sato']) await door.getByRole('button', { name: new RegExp(name) }).click();
    await expect(door.getByText('5 of 5 checked in')).toBeVisible();
    await expect(door.getByText('(2 waiting)')).toBeVisible();
    await door.getByRole('button', { name: 'Scan tickets' }).click();
    await expect(scanner.getByRole('status')).toContainText(/Already checked in at \d\d:\d\d/, { timeout: 20_000 });
    await scanner.getByRole('button', { name: 'Done scanning' }).click();
    expect(await checkedInCount()).toBe(3);

    // Back online: the queue goes out, each check-in once.
    await phone.setOffline(false);
    await expect.poll(checkedInCount, { timeout: 20_000 }).toBe(5);
    await expect(door.getByText(/waiting|offline/)).toHaveCount(0);
    await expect(door.getByText('5 of 5 checked in')).toBeVisible();
  } catch (err) {
    // The phone is a browser of its own: its screen goes with the failure.
    const [door] = browser.contexts()[0]?.pages() ?? [];
    if (door) await testInfo.attach('phone', { body: await door.screenshot(), contentType: 'image/png' });
    throw err;
  } finally {
    await browser.close();
    await Promise.all(sessions.map((s) => s.dispose()));
  }
});
