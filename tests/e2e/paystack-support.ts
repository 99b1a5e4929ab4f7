import { expect, type Page } from '@playwright/test';

/** Pays on the Paystack sandbox's hosted checkout page, as a tester would. */
export async function payOnSandbox(page: Page, cardNumber: string) {
  await expect(page.getByRole('heading', { name: 'Paystack sandbox checkout' })).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVV').fill('408');
  await page.getByRole('button', { name: /^Pay / }).click();
}
