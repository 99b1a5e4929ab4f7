import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { buildPwa } from '../support/pwa-build';
import { startPwaStaticServer, type PwaStaticServer } from '../support/pwa-static-server';

// Two real builds served from one origin: the second is "deployed" while the first is open.
// Builds take a while, so this runs once (desktop) and looks at the phone layout in a second page.
test.describe('a new build', () => {
  let first = '';
  let second = '';
  let server: PwaStaticServer;

  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== 'desktop') return;
    testInfo.setTimeout(180_000);
    first = buildPwa('release-1');
    second = buildPwa('release-2');
    server = await startPwaStaticServer(first);
  });

  test.afterAll(async () => {
    await server?.close();
    for (const dir of [first, second]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function openControlled(page: Page, path: string) {
    await page.goto(`${server.url}${path}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }

  async function checkForUpdate(page: Page) {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
  }

  test('waits behind "Update available — Reload" and switches only when asked', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'builds twice; the phone layout is checked in a second page');
    server.setRoot(first);
    await openControlled(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-build', 'release-1');

    server.setRoot(second);
    await checkForUpdate(page);
    const prompt = page.getByTestId('pwa-update-prompt');
    await expect(prompt).toContainText('Update available');
    const reload = prompt.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();
    // Nothing reloads by itself: the old build stays on screen while the new one waits.
    await expect(page.locator('html')).toHaveAttribute('data-build', 'release-1');
    await page.screenshot({ path: 'tests/screenshots/pwa-update-prompt-desktop.png' });

    // A second tab of the same app, phone-sized, is told about the waiting version too.
    const phone = await page.context().newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(`${server.url}/`);
    await expect(phone.getByTestId('pwa-update-prompt')).toContainText('Update available');
    await phone.screenshot({ path: 'tests/screenshots/pwa-update-prompt-phone.png' });
    await phone.close();

    await reload.click();
    await expect(page.locator('html')).toHaveAttribute('data-build', 'release-2');
    await expect(page.getByTestId('pwa-update-prompt')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  });

  test('"Later" hides the prompt and the page keeps running the build it has', async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'builds twice; run once');
    server.setRoot(first);
    const fresh = await browser.newContext();
    const p = await fresh.newPage();
    await openControlled(p, '/pricing');
    server.setRoot(second);
    await checkForUpdate(p);
    const prompt = p.getByTestId('pwa-update-prompt');
    await expect(prompt).toContainText('Update available');
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(p.locator('html')).toHaveAttribute('data-build', 'release-1');
    await fresh.close();
  });
});
