import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { cameraMessages } from '../../app/features/events/camera-messages';
import { eventDetail, ticketOrderResult, ticketView } from '../../schema/events/events';
import { runtimeCaches } from '../../sw/cache-policy';
import config from '../playwright.config';
import { cameraFrame, y4mVideo } from '../support/qr-frames.js';
import { uniqueEmail } from './auth-support';
import { logIn, newTraderWithWorkspace } from './inventory-support';
import { underServiceWorker } from './sw-support';

/**
 * Issue 37 §13: the door's camera reads tickets where the browser has no BarcodeDetector (desktop
 * Chromium on Linux, Firefox, older Safari) with zxing-wasm, loaded on the first press from our own
 * origin and kept by the service worker, so the door scans offline after one online scan.
 *
 * Chromium's fake camera plays a YUV4MPEG2 file; the test writes into it the QR code of a real
 * ticket (issued through the public order endpoint) just before each scan.
 */
const cameraFile = join(tmpdir(), `vuka-door-camera-${process.pid}.y4m`);
const configured = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...configured,
    args: [
      ...(configured.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ],
  },
});

/** What the camera shows from now on: this code held up to it (or an empty grey scene). */
async function holdUp(code: string | null) {
  writeFileSync(cameraFile, y4mVideo(await cameraFrame(code)));
}

test.beforeAll(async () => {
  // The file must be there when Chromium starts; each scan then writes the ticket it should see.
  await holdUp(null);
});
test.afterAll(() => rmSync(cameraFile, { force: true }));

function shot(page: Page, info: TestInfo, name: string) {
  return page.screenshot({ path: `tests/screenshots/door-camera-${info.project.name}-${name}.png`, fullPage: true });
}

/** Both projects run Debian's Chromium; a browser that has BarcodeDetector would skip the path under test. */
async function withoutBarcodeDetector(page: Page) {
  await page.addInitScript(() => Reflect.deleteProperty(window, 'BarcodeDetector'));
}

test('the door camera reads tickets with zxing-wasm, online and then offline; a door that never loaded it says it needs a connection', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const { email, workspaceId } = await newTraderWithWorkspace(page, 'door-camera', info.project.name, 'Kasi Comedy Club');
  if (info.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  const origin = new URL(page.url()).origin;
  const post = async (path: string, data: unknown): Promise<unknown> => {
    const res = await page.request.post(path, { data, headers: { origin } });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };

  // A published event with free tickets; a guest takes two, issued at once.
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  const event = eventDetail.parse(
    await post(`/api/workspaces/${workspaceId}/events`, {
      title: `Comedy night ${tag}`,
      start_date: '2031-05-09T19:30',
      location: 'Soweto Theatre',
      status: 'published',
    }),
  );
  const withType = eventDetail.parse(
    await post(`/api/workspaces/${workspaceId}/events/${event.id}/ticket-types`, { name: 'Entry', quantity: 2 }),
  );
  const order = ticketOrderResult.parse(
    await post(`/api/public/events/${event.slug}/orders`, {
      lines: [{ ticket_type_id: withType.ticket_types[0].id, quantity: 2 }],
      name: 'Sipho Dlamini',
      email: uniqueEmail('door-camera-guest', info.project.name),
    }),
  );
  expect(order.tickets).toHaveLength(2);
  const codes: string[] = [];
  for (const { token } of order.tickets) {
    const res = await page.request.get(`/api/public/tickets/${encodeURIComponent(token)}`);
    expect(res.status()).toBe(200);
    codes.push(ticketView.parse(await res.json()).code);
  }
  const doorPath = `/workspace/${workspaceId}/events/${event.id}/door`;

  await test.step('a door that never loaded the scanner, offline, says it needs a connection; typing still checks', async () => {
    const context = await browser.newContext({ ...info.project.use, baseURL: origin, viewport: { width: 390, height: 844 } });
    try {
      const door = await context.newPage();
      await withoutBarcodeDetector(door);
      await logIn(door, email);
      await door.goto(doorPath);
      await expect(door.getByText('0 admitted of 2 sold')).toBeVisible();
      await underServiceWorker(door);
      await expect(door.getByText('0 admitted of 2 sold')).toBeVisible();
      await context.setOffline(true);
      await expect(door.getByText(/· offline ·/)).toBeVisible();
      await door.getByRole('button', { name: cameraMessages.scan }).click();
      await expect(door.getByText(cameraMessages.needsConnection)).toBeVisible();
      await expect(door.getByRole('button', { name: cameraMessages.retry })).toBeVisible();
      await expect(door.locator('video')).toHaveCount(0);
      await shot(door, info, 'needs-connection');
      // This door's admission never syncs (it stays offline until closed), so the other door's scans below are first.
      await door.getByLabel('Ticket code').fill(codes[1]);
      await door.getByRole('button', { name: 'Check ticket' }).click();
      await expect(door.getByText('Admit', { exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  await test.step('online, the camera reads a ticket and admits it; the camera turns off', async () => {
    await withoutBarcodeDetector(page);
    await page.goto(doorPath);
    await expect(page.getByText('0 admitted of 2 sold')).toBeVisible();
    // The worker takes the page, so it sees (and keeps) the reader's code and WebAssembly as they load.
    await underServiceWorker(page);
    await expect(page.getByText('0 admitted of 2 sold')).toBeVisible();
    expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
    await holdUp(codes[0]);
    const reader = page.waitForResponse((res) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(new URL(res.url()).pathname));
    await page.getByRole('button', { name: cameraMessages.scan }).click();
    // The WebAssembly comes from our own origin, never a CDN.
    expect(new URL((await reader).url()).origin).toBe(origin);
    await expect(page.getByRole('button', { name: cameraMessages.stop })).toBeVisible();
    await expect(page.getByText('Admit', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/Valid ticket · admitted at/)).toBeVisible();
    await expect(page.getByText('1 admitted of 2 sold')).toBeVisible();
    // One read, one admission: the camera is off again, its stream stopped.
    await expect(page.locator('video')).toHaveCount(0);
    await expect(page.getByRole('button', { name: cameraMessages.scan })).toBeVisible();
    await shot(page, info, 'admitted');
  });

  await test.step('the camera while it looks for a code', async () => {
    await holdUp(null);
    await page.getByRole('button', { name: cameraMessages.scan }).click();
    await expect(page.getByText(cameraMessages.aim)).toBeVisible();
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
    await shot(page, info, 'scanning');
    await page.getByRole('button', { name: cameraMessages.stop }).click();
    await expect(page.locator('video')).toHaveCount(0);
  });

  await test.step('offline after one online scan, the camera still reads: the worker kept the reader', async () => {
    const kept = await page.evaluate(async (name) => {
      const cache = await caches.open(name);
      return (await cache.keys()).map((r) => new URL(r.url).pathname).filter((path) => /\/zxing[-_]reader-/.test(path));
    }, runtimeCaches.chunks);
    expect(kept.some((path) => path.endsWith('.js'))).toBe(true);
    expect(kept.some((path) => path.endsWith('.wasm'))).toBe(true);
    // Only the worker's copy may serve it: the browser's own cache is emptied (Chromium's DevTools protocol).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByText(/· offline ·/)).toBeVisible();
    await expect(page.getByText('1 admitted of 2 sold')).toBeVisible();
    await holdUp(codes[1]);
    await page.getByRole('button', { name: cameraMessages.scan }).click();
    await expect(page.getByText('Admit', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('2 admitted of 2 sold')).toBeVisible();
    await expect(page.getByText(cameraMessages.needsConnection)).toHaveCount(0);
    await page.context().setOffline(false);
  });
});
