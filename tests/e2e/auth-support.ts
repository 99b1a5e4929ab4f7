import { expect, type Locator, type Page } from '@playwright/test';
import { brand } from '../../schema/brand';

/** Stores a cookie decision so the consent dialog does not cover the auth screens. */
export async function skipCookieConsent(page: Page) {
  const key = `${brand.storagePrefix}-cookie-consent`;
  await page.addInitScript((k) => {
    localStorage.setItem(k, JSON.stringify({ necessary: true, analytics: false, marketing: false, decidedAt: '2026-01-01T00:00:00.000Z' }));
  }, key);
}

export function uniqueEmail(tag: string, project: string): string {
  return `${tag}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Ticks a checkbox by pressing its box, as a person would (the label also holds links). */
export async function tick(form: Locator, label: RegExp) {
  await form
    .locator('label')
    .filter({ hasText: label })
    .click({ position: { x: 10, y: 10 } });
  await expect(form.getByRole('checkbox', { name: label })).toBeChecked();
}

/** Registers a new account through the register tab and waits for /welcome. */
export async function registerViaUi(page: Page, name: string, email: string, password = 'secret123') {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await tick(form, /at least 18/);
  await tick(form, /I accept the/);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
}

/** Registers a new account through the API with the page's cookie jar, so the page is signed in. */
export async function registerByApi(page: Page, name: string, email: string, password = 'secret123') {
  const res = await page.request.post('/api/auth/register', {
    data: { full_name: name, email, password, confirmPassword: password, age_confirmed: true, terms_accepted: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Verifies the signed-in account with the code mailed at registration. */
export async function verifyByApi(page: Page, code: string) {
  const res = await page.request.post('/api/auth/verify-email', { data: { code } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Closes the notifications on screen. On a phone the last one sits over the lower part of the page,
 * and a pointer resting on it pauses its timer, so a person (and a test) closes it first.
 */
export async function closeToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  // One may close itself meanwhile: a missed click is not a failure, the count at the end is.
  for (let i = 0; i < 5 && (await close.count()) > 0; i += 1)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await expect(close).toHaveCount(0);
}
