import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

const pages = [
  { name: 'landing', path: '/' },
  { name: 'pricing', path: '/pricing' },
  { name: 'terms', path: '/terms' },
  { name: 'privacy', path: '/privacy' },
  { name: 'contact', path: '/contact' },
] as const;

test('screenshots of every public page', async ({ page }, info) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'vuka-cookie-consent',
      JSON.stringify({ necessary: true, analytics: false, marketing: false, decidedAt: '2026-01-01T00:00:00.000Z' }),
    );
  });
  for (const p of pages) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `tests/screenshots/public-${p.name}-${info.project.name}.png`, fullPage: true });
  }
  // The first screen a visitor sees, without scrolling.
  await page.goto('/');
  await page.screenshot({ path: `tests/screenshots/public-landing-top-${info.project.name}.png` });
  if (info.project.name === 'phone') {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.screenshot({ path: `tests/screenshots/public-menu-phone.png` });
  }
  await page.goto('/contact');
  await page.locator('main form').getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page.locator('main form').screenshot({ path: `tests/screenshots/public-contact-errors-${info.project.name}.png` });
});

test('screenshots of the cookie consent views', async ({ page }, info) => {
  await page.goto('/');
  await expect(page.getByTestId('cookie-consent')).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/public-consent-${info.project.name}.png` });
  await page.getByTestId('cookie-consent').getByRole('button', { name: 'Settings' }).click();
  await page.screenshot({ path: `tests/screenshots/public-consent-settings-${info.project.name}.png` });
});
