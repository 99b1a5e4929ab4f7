import { expect, test, type Page } from '@playwright/test';
import { underServiceWorker } from './sw-support';

/** First visit with a network: the worker installs, precaches the shell and takes the page. */
async function visitOnline(page: Page, path: string) {
  await page.goto(path);
  await underServiceWorker(page);
}

/** The app drew a page (not Chromium's "No internet" page): a heading inside the app's root. */
async function expectAppPage(page: Page) {
  await expect(page.locator('#root h1').first()).toBeVisible();
  await expect(page.locator('#main-frame-error')).toHaveCount(0);
}

test.describe('offline', () => {
  test('after a first online visit the service worker controls the page', async ({ page }) => {
    await visitOnline(page, '/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toMatch(/\/$/);
  });

  test('with no network, / and /controlhub still open from the app shell and show the offline mark', async ({
    page,
    context,
  }, testInfo) => {
    await visitOnline(page, '/');
    await context.setOffline(true);

    const home = await page.reload();
    expect(home?.fromServiceWorker()).toBe(true);
    await expectAppPage(page);
    const mark = page.getByTestId('offline-mark');
    await expect(mark).toHaveText('Offline');
    await page.screenshot({ path: `tests/screenshots/pwa-offline-mark-${testInfo.project.name}.png` });

    const hub = await page.goto('/controlhub');
    expect(hub?.fromServiceWorker()).toBe(true);
    await expectAppPage(page);
    await expect(mark).toBeVisible();

    await context.setOffline(false);
    await expect(mark).toHaveCount(0);
  });

  test('pages never visited before open offline, in-app links and full loads alike', async ({ page, context }) => {
    await visitOnline(page, '/');
    await context.setOffline(true);

    // In-app navigation: the pricing page's code comes from the precache.
    await page.getByRole('link', { name: 'See Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expectAppPage(page);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expectAppPage(page);

    // Full page loads of other routes.
    for (const path of ['/terms', '/privacy', '/contact', '/auth']) {
      const res = await page.goto(path);
      expect(res?.fromServiceWorker(), path).toBe(true);
      await expectAppPage(page);
    }
  });

  test('API and developer paths are never answered with the app shell', async ({ page, context }) => {
    await visitOnline(page, '/');
    await context.setOffline(true);
    // Offline, a navigation the worker refuses to handle fails like any network request.
    for (const path of ['/api/health', '/dev/mailbox', '/robots.txt']) {
      await expect(page.goto(path), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    }
  });
});
