import { expect, test } from '@playwright/test';
import { brand } from '../../schema/brand';
import { registerViaUi, skipCookieConsent, uniqueEmail } from './auth-support';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => skipCookieConsent(page));

const expire = (page: import('@playwright/test').Page) => page.evaluate(() => window.dispatchEvent(new Event('session_expired')));

test('session recovery restores a live session and hides', async ({ page }, info) => {
  await registerViaUi(page, 'Lerato Mokoena', uniqueEmail('recover', info.project.name));
  const restored = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        window.addEventListener('session_recovery', (e) => {
          if (e instanceof CustomEvent && e.detail.type === 'session_restored') resolve('session_restored');
        }),
      ),
  );
  await expire(page);
  const toast = page.getByTestId('session-recovery');
  await expect(toast.getByText('Session restored')).toBeVisible();
  await expect(restored).resolves.toBe('session_restored');
  await expect(toast).toBeHidden({ timeout: 6000 });
});

test('session recovery that keeps failing asks the person to log in again', async ({ page, context }, info) => {
  await registerViaUi(page, 'Kagiso Molefe', uniqueEmail('recover-fail', info.project.name));
  await context.clearCookies();
  await expire(page);
  const toast = page.getByTestId('session-recovery');
  await expect(toast.getByText('Session recovery failed')).toBeVisible();
  await expect(toast.getByText('Unable to restore your session automatically')).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/auth-recovery-failed-${info.project.name}.png` });
  await toast.getByRole('button', { name: 'Try Again' }).click();
  await expect(toast.getByRole('progressbar')).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await toast.getByRole('button', { name: 'Try Again' }).click();
  await expect(toast.getByText('Multiple recovery attempts failed. Please log in again')).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/auth-recovery-exhausted-${info.project.name}.png` });
  await toast.getByRole('button', { name: 'Log In Again' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-out visitor never sees the recovery toast', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expire(page);
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('session-recovery')).toHaveCount(0);
});

test('toasts: F8 focuses the region; a swipe right dismisses', async ({ page }) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill('nobody@example.com');
  await form.getByLabel('Password').fill('wrong-password');
  await form.getByRole('button', { name: 'Log In' }).click();
  const toast = page.getByTestId('toast-region').getByRole('alert');
  await expect(toast).toBeVisible();
  await page.keyboard.press('F8');
  await expect(toast).toBeFocused();

  const box = await toast.boundingBox();
  if (!box) throw new Error('toast has no box');
  const y = box.y + box.height / 2;
  // A short drag springs back…
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 50, y, { steps: 4 });
  await page.mouse.up();
  await expect(toast).toBeVisible();
  // …a drag of 50 px or more dismisses.
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, y, { steps: 4 });
  await page.mouse.up();
  await expect(toast).toBeHidden();
});

test('theme: public theme off /workspace/ paths, following the system in system mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'public');
  await expect(html).toHaveAttribute('data-mode', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-mode', 'light');
  await page.evaluate((key) => localStorage.setItem(key, 'dark'), `${brand.themeKeyPrefix}-public`);
  await page.reload();
  await expect(html).toHaveAttribute('data-mode', 'dark');
});

test('the mode switcher stores light, dark or system for the current theme', async ({ page }, info) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/auth');
  const html = page.locator('html');
  const modes = page.getByRole('radiogroup', { name: 'Colour mode' });
  await modes.getByRole('radio', { name: 'Dark' }).click();
  await expect(html).toHaveAttribute('data-mode', 'dark');
  expect(await page.evaluate((key) => localStorage.getItem(key), `${brand.themeKeyPrefix}-public`)).toBe('dark');
  await page.screenshot({ path: `tests/screenshots/auth-login-dark-${info.project.name}.png`, fullPage: true });
  await modes.getByRole('radio', { name: 'System' }).click();
  await expect(html).toHaveAttribute('data-mode', 'light');
  await modes.getByRole('radio', { name: 'Light' }).click();
  expect(await page.evaluate((key) => localStorage.getItem(key), `${brand.themeKeyPrefix}-public`)).toBe('light');
});
