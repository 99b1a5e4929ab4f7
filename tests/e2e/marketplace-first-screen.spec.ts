import { expect, test, type Page } from '@playwright/test';
import { skipCookieConsent } from './auth-support';

/**
 * The shape of what a buyer sees first on /marketplace: the text blocks the browser may report as the
 * largest paint. The server's first screen and the app's page must draw them the same size, or the
 * app's would count as the page's largest paint seconds after the first screen showed the products.
 */
async function firstScreenShapes(page: Page) {
  const size = async (selector: string) => {
    const found = page.locator(selector);
    if ((await found.count()) === 0) return null;
    const box = await found.first().boundingBox();
    return box && { width: Math.round(box.width), height: Math.round(box.height) };
  };
  return {
    heading: await size('main h1'),
    lead: await size('main h1 + p'),
    notice: await size('[role="note"] span'),
    section: await size('main section h2'),
    card: await size('main section li'),
  };
}

test('/marketplace shows its first products before any script runs, and the app takes over the same screen', async ({ browser }, info) => {
  const viewport = info.project.use.viewport ?? { width: 1280, height: 800 };
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: `tests/screenshots/marketplace-first-screen-${info.project.name}-${name}.png` });

  const plain = await browser.newContext({ viewport, javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto('/marketplace');
  await expect(noScript.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
  await expect(noScript.getByRole('search').getByRole('button', { name: 'Search' })).toBeVisible();
  await shot(noScript, 'no-js');
  const before = await firstScreenShapes(noScript);
  await plain.close();

  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await skipCookieConsent(page);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/marketplace') asked.push(r.url());
  });
  await page.goto('/marketplace');
  // The app's own page has replaced the server's copy, data and all.
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await expect(page.locator('#first-screen-state')).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await shot(page, 'app');
  expect(await firstScreenShapes(page)).toEqual(before);
  // The app started from the data the page arrived with.
  expect(asked).toEqual([]);
  if (info.project.name === 'phone') expect(before.notice).not.toBeNull();

  // A search the app draws by itself, from the server's answer, with no first screen in the way.
  await page.goto('/marketplace?q=zzzzqqq');
  await expect(page.getByText('No products found for “zzzzqqq”')).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await context.close();
});

test('what a buyer types into the first screen before the app takes over stays in the search box, caret and all', async ({
  browser,
}, info) => {
  const viewport = info.project.use.viewport ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await skipCookieConsent(page);
  // The app's scripts wait until the buyer has typed: the slow network a phone is often on.
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js($|\?)/, async (route) => {
    await typed;
    await route.continue();
  });
  // A module script holds back the document's "loaded" events: the page is in use before them.
  await page.goto('/marketplace', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await expect(page.locator('#first-screen')).toHaveCount(1);
  await box.fill('choclate');
  await box.press('ArrowLeft');
  release();

  await expect(page.locator('#first-screen')).toHaveCount(0);
  await expect(box).toHaveValue('choclate');
  await expect(box).toBeFocused();
  // The caret stayed one letter from the end: what is typed next lands where the buyer expects.
  await page.keyboard.type('X');
  await expect(box).toHaveValue('choclatXe');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\?q=choclate$/);
  await context.close();
});
