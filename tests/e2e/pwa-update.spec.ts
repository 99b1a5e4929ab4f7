import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { buildPwa, copyCurrentBuild } from '../support/pwa-build';
import { startPwaStaticServer, type PwaStaticServer } from '../support/pwa-static-server';

const NEXT_RELEASE = 'pwa-update-next';

// Two real builds served from one origin: the suite's build is open when the next one is deployed.
test.describe('a new build', () => {
  let current = '';
  let next = '';
  let server: PwaStaticServer;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000);
    current = copyCurrentBuild();
    next = buildPwa(NEXT_RELEASE);
    server = await startPwaStaticServer(current);
  });

  test.afterAll(async () => {
    await server?.close();
    for (const dir of [current, next]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function openControlled(page: Page, path: string) {
    await page.goto(`${server.url}${path}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }

  async function deployNextAndCheck(page: Page) {
    server.setRoot(next);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
  }

  test('waits behind "Update available — Reload" and switches only when asked', async ({ page }, testInfo) => {
    server.setRoot(current);
    await openControlled(page, '/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-build', /.+/);
    const before = await html.getAttribute('data-build');
    expect(before).not.toBe(NEXT_RELEASE);

    await deployNextAndCheck(page);
    const prompt = page.getByTestId('pwa-update-prompt');
    await expect(prompt).toContainText('Update available');
    const reload = prompt.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();
    await page.screenshot({ path: `tests/screenshots/pwa-update-prompt-${testInfo.project.name}.png` });
    // Nothing reloads by itself: the running build stays while the new one waits.
    await expect(html).toHaveAttribute('data-build', before ?? '');

    await reload.click();
    await expect(html).toHaveAttribute('data-build', NEXT_RELEASE);
    await expect(page.getByTestId('pwa-update-prompt')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  });

  test('"Later" hides the prompt and the page keeps the build it runs', async ({ browser }) => {
    server.setRoot(current);
    // A fresh profile, so the worker from the test above is not there.
    const context = await browser.newContext();
    const page = await context.newPage();
    await openControlled(page, '/pricing');
    const before = await page.locator('html').getAttribute('data-build');

    await deployNextAndCheck(page);
    const prompt = page.getByTestId('pwa-update-prompt');
    await expect(prompt).toContainText('Update available');
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-build', before ?? '');
    await context.close();
  });
});
