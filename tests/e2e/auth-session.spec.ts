import { expect, test } from '@playwright/test';
import { brand } from '../../schema/brand';
import { waitForCode } from '../support/mailbox-file';
import { registerViaUi, skipCookieConsent, tick, uniqueEmail } from './auth-support';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => skipCookieConsent(page));

test('a protected page sends a signed-out visitor to /auth', async ({ page }) => {
  await page.goto('/welcome');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/controlhub');
  await expect(page).toHaveURL(/\/auth$/);
});

test('register lands on /welcome; the code verifies the email; logout goes home', async ({ page }, info) => {
  const email = uniqueEmail('welcome', info.project.name);
  await page.goto('/register?plan=free');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full name').fill('Thandi Nkosi');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm password').fill('secret123');
  await tick(form, /at least 18/);
  await tick(form, /I accept the/);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByTestId('toast-region').getByText('Registration successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Thandi Nkosi!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your email' })).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/auth-welcome-${info.project.name}.png`, fullPage: true });

  // Signed in, /auth goes straight on to the control hub.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/controlhub$/);
  await page.goto('/welcome');

  await page.getByRole('button', { name: 'Enter Verification Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter Verification Code' });
  await dialog.getByLabel('Verification code').fill('12');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('Verification code must be 6 digits')).toBeVisible();
  const code = await waitForCode(email);
  const wrong = code === '000000' ? '111111' : '000000';
  await dialog.getByLabel('Verification code').fill(wrong);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('Invalid code. Please try again.')).toBeVisible();
  // The toast stays announced while the dialog is open.
  await expect(page.getByRole('alert').filter({ hasText: 'Verification failed' })).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/auth-verify-code-${info.project.name}.png` });
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  const done = page.getByRole('dialog', { name: 'Email Verified Successfully' });
  await expect(done).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/auth-verified-${info.project.name}.png` });
  await done.getByRole('button', { name: 'Continue to Dashboard' }).click();
  // No workspace yet: the dashboard starts with creating the first one.
  await expect(page).toHaveURL(/\/workspace\/create$/);
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: 'Welcome, Thandi Nkosi!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your email' })).toHaveCount(0);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Control Hub' })).toHaveCount(0);
  await page.screenshot({ path: `tests/screenshots/auth-account-menu-${info.project.name}.png` });
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast-region').getByText('Logged out')).toBeVisible();
  await page.goto('/welcome');
  await expect(page).toHaveURL(/\/auth$/);

  // And back in with the same account.
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('secret123');
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/controlhub$/);
  await expect(page.getByTestId('toast-region').getByText('Login successful')).toBeVisible();
});

test('Resend Code waits out the cooldown the server reports', async ({ page }, info) => {
  await registerViaUi(page, 'Sipho Dlamini', uniqueEmail('resend', info.project.name));
  await page.getByRole('button', { name: 'Resend Code' }).click();
  // Either the server is still cooling down from the registration mail or it sends and starts one.
  await expect(page.getByRole('button', { name: /Resend Code \(\d+s\)/ })).toBeDisabled();
});

test('unknown paths show the right not-found page', async ({ page }, info) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Workspaces' })).toHaveAttribute('href', '/controlhub');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.screenshot({ path: `tests/screenshots/auth-not-found-${info.project.name}.png` });
  // The last opened workspace gives the Dashboard link.
  await page.evaluate((key) => localStorage.setItem(key, '42'), `${brand.storagePrefix}-last-workspace`);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/workspace/42/dashboard');
  await page.goto('/classifieds/no-such-ad/really');
  await expect(page.getByRole('heading', { name: 'Page Not Found', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Marketplace' })).toHaveAttribute('href', '/marketplace');
  await page.screenshot({ path: `tests/screenshots/auth-not-found-market-${info.project.name}.png` });
});

test('Post an Ad with credits sets up a business, then opens the new ad page', async ({ page }, info) => {
  await registerViaUi(page, 'Naledi Khumalo', uniqueEmail('post-ad', info.project.name));
  await page.getByRole('button', { name: /Post an Ad/ }).click();
  await expect(page).toHaveURL(/\/classifieds\/new$/);
  const workspaces = await page.evaluate(async () => (await fetch('/api/workspaces', { credentials: 'include' })).json());
  expect(JSON.stringify(workspaces)).toContain("Naledi Khumalo's Business");
});

test('the other welcome cards go where the spec says', async ({ page }, info) => {
  await registerViaUi(page, 'Zanele Mthembu', uniqueEmail('cards', info.project.name));
  await page.getByRole('button', { name: /Unlock All Features/ }).click();
  await expect(page).toHaveURL(/\/settings\?tab=subscription$/);
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Skip For Now' }).click();
  await expect(page).toHaveURL(/\/controlhub$/);
  await page.goto('/welcome');
  await page.getByRole('button', { name: /Explore Tools/ }).click();
  await expect(page).toHaveURL(/\/controlhub$/);
  await page.goto('/welcome');
  await page.getByRole('button', { name: /Create Your Business/ }).click();
  await expect(page).toHaveURL(/\/workspace\/create$/);
});
