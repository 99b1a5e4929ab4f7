import { expect, type Page } from '@playwright/test';
import { waitForCode } from '../support/mailbox-file.js';
import { registerByApi, skipCookieConsent, uniqueEmail, verifyByApi } from './auth-support';
import { serviceWorkerInCharge } from './sw-support';

export const PASSWORD = 'secret123';

/** The VAT number the e2e businesses give when VAT registered (10 digits, starting with 4). */
export const E2E_VAT_NUMBER = '4123456789';

/**
 * Answers the create-workspace form's "Is the business VAT registered?" (asked of every business with
 * a country): yes with a VAT number, or no.
 */
export async function answerVat(page: Page, registered: boolean) {
  const group = page.getByRole('radiogroup', { name: 'Is the business VAT registered?' });
  await group.getByText(registered ? 'Yes, it charges VAT' : 'No', { exact: true }).click();
  if (registered) await page.getByLabel('VAT number').fill(E2E_VAT_NUMBER);
}

/**
 * A verified trader with a new workspace in South Africa, signed in on `page`, VAT registered (15 %
 * inside its prices) unless `registered` is false; returns the workspace id and the email. The account
 * is registered and verified through the API (the code still comes by mail over SMTP), since the
 * register and verify screens have walks of their own (auth-*.spec.ts); the workspace is created on
 * its screen, as a new trader does.
 */
export async function newTraderWithWorkspace(page: Page, tag: string, project: string, workspaceName: string, registered = true) {
  const email = uniqueEmail(tag, project);
  await skipCookieConsent(page);
  await registerByApi(page, 'Thandi Mokoena', email, PASSWORD);
  await verifyByApi(page, await waitForCode(email));
  await page.goto('/workspace/create');
  await page.getByLabel('Workspace name').fill(workspaceName);
  await answerVat(page, registered);
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/workspace\/\d+\/dashboard$/);
  await expect(page.getByText('Products: up to 10 on Mahala')).toBeVisible();
  await serviceWorkerInCharge(page);
  const id = Number(/\/workspace\/(\d+)\//.exec(page.url())?.[1]);
  return { email, workspaceId: id };
}

export async function logIn(page: Page, email: string) {
  await skipCookieConsent(page);
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/controlhub$/);
  await serviceWorkerInCharge(page);
}

/**
 * Adds a product through the New product form. `listed: false` for a product the server may
 * refuse at once: the sync engine withdraws it, possibly before the list ever shows it.
 */
export async function addProduct(
  page: Page,
  fields: { name: string; price?: string; sku?: string; lowStock?: string; category?: string; vat?: string },
  listed = true,
) {
  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByLabel('Name').fill(fields.name);
  if (fields.price) await dialog.getByLabel('Price').fill(fields.price);
  if (fields.sku) await dialog.getByLabel('SKU').fill(fields.sku);
  if (fields.category) await dialog.getByLabel('Category').fill(fields.category);
  if (fields.lowStock) await dialog.getByLabel('Low-stock level').fill(fields.lowStock);
  if (fields.vat) await dialog.getByLabel('VAT rate (%)').fill(fields.vat);
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog).toHaveCount(0);
  if (listed) await expect(productRow(page, fields.name)).toBeVisible();
}

export function productRow(page: Page, name: string) {
  return page.getByRole('list', { name: 'Products' }).getByRole('listitem', { name, exact: true });
}

/** Records a stock change through the Adjust stock dialog. */
export async function adjustStock(
  page: Page,
  name: string,
  change: { reason: string; direction?: 'Add to stock' | 'Remove from stock'; quantity: string; note?: string },
) {
  await page.getByRole('button', { name: `Adjust stock of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust stock: ${name}` });
  await dialog.getByLabel('Reason').selectOption({ label: change.reason });
  if (change.direction) await dialog.getByLabel('Change').selectOption({ label: change.direction });
  await dialog.getByLabel('Quantity').fill(change.quantity);
  if (change.note) await dialog.getByLabel('Note').fill(change.note);
  await dialog.getByRole('button', { name: 'Record change' }).click();
  await expect(dialog).toHaveCount(0);
}
