import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';

// Chromium never offers installation in an incognito-like context, which is what Playwright's
// contexts are, so these tests use a real (temporary) profile.
test.describe('install', () => {
  let profile = '';
  let context: BrowserContext;

  test.beforeEach(async ({}, testInfo) => {
    profile = mkdtempSync(join(tmpdir(), 'vuka-pwa-profile-'));
    const use = testInfo.project.use;
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--bypass-app-banner-engagement-checks'],
      baseURL: use.baseURL,
      viewport: use.viewport,
      deviceScaleFactor: use.deviceScaleFactor,
      isMobile: use.isMobile,
      hasTouch: use.hasTouch,
      userAgent: use.userAgent,
    });
  });

  test.afterEach(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('the manifest is served with the name, colours, icons and shortcuts', async () => {
    const page = await context.newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const manifest: unknown = await res.json();
    expect(manifest).toMatchObject({
      name: 'Vuka',
      short_name: 'Vuka',
      start_url: '/controlhub',
      scope: '/',
      display: 'standalone',
      theme_color: '#111111',
      background_color: '#111111',
      shortcuts: [
        { name: 'Point of sale', url: '/controlhub?open=pos' },
        { name: 'New invoice', url: '/controlhub?open=invoice' },
      ],
    });
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png']) {
      const png = await page.request.get(icon);
      expect(png.headers()['content-type'], icon).toBe('image/png');
    }
    expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
  });

  test('Chromium finds the app installable and the app offers "Install Vuka"', async ({}, testInfo) => {
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const install = page.getByRole('button', { name: 'Install Vuka' });
    await expect(install).toBeVisible();
    await page.screenshot({ path: `tests/screenshots/pwa-install-button-${testInfo.project.name}.png` });
  });
});
