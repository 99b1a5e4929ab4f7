import { expect, test } from '@playwright/test';
import { skipCookieConsent } from './auth-support';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => skipCookieConsent(page));

test('login shows the spec validation messages inline', async ({ page }, info) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: `tests/screenshots/auth-login-${info.project.name}.png`, fullPage: true });
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/auth-login-errors-${info.project.name}.png`, fullPage: true });
});

test('wrong credentials show a Login failed toast with the server message', async ({ page }) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill('nobody@example.com');
  await form.getByLabel('Password').fill('wrong-password');
  await form.getByRole('button', { name: 'Log In' }).click();
  const toast = page.getByTestId('toast-region').getByRole('alert');
  await expect(toast.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('register shows the spec validation messages inline', async ({ page }, info) => {
  await page.goto('/auth?tab=register');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(form.getByText('You must be at least 18 years old to register')).toBeVisible();
  await expect(form.getByText('You must accept the Terms of Service and Privacy Policy')).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/auth-register-errors-${info.project.name}.png`, fullPage: true });

  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm password').fill('secret124');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
});

test('tabs switch with the keyboard and follow ?tab=', async ({ page }) => {
  await page.goto('/auth?tab=register');
  await expect(page.getByRole('tabpanel')).toContainText('Full name');
  await page.getByRole('tab', { name: 'Register' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Reset Password' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=reset-password/);
  await page.getByRole('tab', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('/login and /register redirect to /auth with the matching tab and plan', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  for (const plan of ['pro', 'lite', 'free']) {
    await page.goto(`/register?plan=${plan}`);
    await expect(page).toHaveURL(new RegExp(`/auth\\?tab=register&plan=${plan}$`));
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  }
  await page.goto('/register');
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
});

test("reset request validates and then shows 'Reset Email Sent'", async ({ page }, info) => {
  await page.goto('/auth?tab=reset-password');
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Email').fill('someone@example.com');
  await form.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Email Sent' })).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/auth-reset-sent-${info.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
});

test('/reset-password sets a new password or says why it failed', async ({ page }, info) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('link', { name: 'Request a new reset link' })).toBeVisible();
  await page.goto('/reset-password?token=not-a-real-token');
  const form = page.getByRole('form', { name: 'Set a new password' });
  await form.getByRole('button', { name: 'Reset Password' }).click();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill('newsecret1');
  await form.getByLabel('Confirm new password').fill('newsecret1');
  await page.screenshot({ path: `tests/screenshots/auth-reset-password-${info.project.name}.png`, fullPage: true });
  await form.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('toast-region').getByText('Password reset failed')).toBeVisible();
});

test("?social=verify opens 'Verify Your Email'", async ({ page }, info) => {
  await page.goto('/auth?social=verify');
  const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Verification code')).toHaveAttribute('maxlength', '6');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await expect(dialog.getByText('Verification code must be 6 digits')).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/auth-social-verify-${info.project.name}.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a social sign-in button shows only for a provider the server has configured', async ({ page }) => {
  // This server has no provider configured: once it has said so, neither form shows a social button.
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/social/providers'));
  await page.goto('/auth');
  expect(await (await answered).json()).toEqual({ providers: [] });
  const login = page.getByRole('form', { name: 'Log in' });
  await expect(login.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Facebook' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'X', exact: true })).toHaveCount(0);
  await expect(page.getByText('or continue with')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Facebook' })).toHaveCount(0);

  // A server that has Facebook only shows Facebook only.
  await page.route('**/api/auth/social/providers', (route) => route.fulfill({ json: { providers: ['facebook'] } }));
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Facebook' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'X', exact: true })).toHaveCount(0);
});
