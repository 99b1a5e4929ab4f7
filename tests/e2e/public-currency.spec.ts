import { expect, test, type Page } from '@playwright/test';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'vuka-cookie-consent',
      JSON.stringify({ necessary: true, analytics: false, marketing: false, decidedAt: '2026-01-01T00:00:00.000Z' }),
    );
    localStorage.setItem('vuka-desktop-notice-dismissed', 'true');
  });
});

// Rates the server "answers" in this test, so every expected price is known exactly.
const rates = { USD: 1, ZAR: 17.5, EUR: 0.92, INR: 84.1, PKR: 278, BDT: 119.5, CAD: 1.37, NGN: 1550, KES: 129 };
// R499 at these rates: 499 / 17.5 * rate, rounded to whole units.
const expected: Record<string, string> = {
  ZAR: 'R499',
  USD: '$29',
  EUR: '€26',
  INR: '₹2,398',
  PKR: 'Rs 7,927',
  BDT: '৳3,407',
  CAD: 'C$39',
  NGN: '₦44,197',
  KES: 'KSh 3,678',
};
const zero: Record<string, string> = {
  ZAR: 'R0',
  USD: '$0',
  EUR: '€0',
  INR: '₹0',
  PKR: 'Rs 0',
  BDT: '৳0',
  CAD: 'C$0',
  NGN: '₦0',
  KES: 'KSh 0',
};

async function serveRates(page: Page) {
  await page.route('**/api/exchange-rates', (route) =>
    route.fulfill({
      json: { base: 'USD', rates, source: 'live', fallbacks: [], fetchedAt: new Date().toISOString() },
    }),
  );
}

async function expectAllPrices(page: Page, code: string) {
  const prices = page.locator('main [data-price]');
  const n = await prices.count();
  expect(n).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < n; i++) {
    const zar = await prices.nth(i).getAttribute('data-price');
    await expect(prices.nth(i)).toHaveText(zar === '0' ? zero[code] : expected[code]);
  }
}

test('switching currency changes every price with the right symbol and rounding, and survives a reload', async ({ page }) => {
  await serveRates(page);
  await page.goto('/pricing');
  const select = page.locator('main').getByLabel('Currency');
  await expect(select).toHaveValue('ZAR');
  await expectAllPrices(page, 'ZAR');
  for (const code of ['USD', 'EUR', 'INR', 'PKR', 'BDT', 'CAD', 'NGN', 'KES']) {
    await select.selectOption(code);
    await expectAllPrices(page, code);
  }
  await select.selectOption('USD');
  await page.reload();
  await expect(page.locator('main').getByLabel('Currency')).toHaveValue('USD');
  await expectAllPrices(page, 'USD');
  expect(await page.evaluate(() => localStorage.getItem('vuka-currency'))).toBe('"USD"');

  // The landing page's prices and the header selector follow the same choice.
  await page.goto('/');
  await expectAllPrices(page, 'USD');
  if ((page.viewportSize()?.width ?? 1280) >= 880) {
    await expect(page.locator('header').getByLabel('Currency')).toHaveValue('USD');
    await page.locator('header').getByLabel('Currency').selectOption('KES');
  } else {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('header').getByLabel('Currency').locator('visible=true').selectOption('KES');
  }
  await expectAllPrices(page, 'KES');
});

test('without live rates the built-in rates price the Vuka plan', async ({ page }) => {
  await page.route('**/api/exchange-rates', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
  await page.goto('/pricing');
  const select = page.locator('main').getByLabel('Currency');
  await select.selectOption('USD');
  await expect(page.locator('[data-plan="pro"] [data-price]')).toHaveText('$27');
  await select.selectOption('NGN');
  await expect(page.locator('[data-plan="pro"] [data-price]')).toHaveText('₦21,327');
});

test('the server answers rates for every display currency', async ({ request }) => {
  const res = await request.get('/api/exchange-rates');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(Object.keys(body.rates).sort()).toEqual(['BDT', 'CAD', 'EUR', 'INR', 'KES', 'NGN', 'PKR', 'USD', 'ZAR']);
});
