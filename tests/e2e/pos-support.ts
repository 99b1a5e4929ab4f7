import { expect, type Page } from '@playwright/test';

/** A product's tile on the till. */
export const tile = (page: Page, name: string) => page.getByRole('button', { name: `Add ${name}` });

/** One sale in the till's list of today's sales ("Receipt 1"). */
export const sale = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Today’s sales' }).getByRole('listitem', { name: label, exact: true });

type Dialog = ReturnType<Page['getByRole']>;

/**
 * Charges the cart: `pay` picks the method in the payment dialog; the receipt's number is checked
 * (null: the device had no numbers left offline, and the receipt says its number is pending).
 */
export async function charge(page: Page, number: number | null, pay: (dialog: Dialog) => Promise<void>) {
  await page.getByRole('button', { name: /^Charge R/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Take payment' });
  await pay(dialog);
  await dialog.getByRole('button', { name: 'Complete sale' }).click();
  const done = page.getByRole('dialog', { name: 'Sale complete' });
  if (number === null) await expect(done.getByTestId('receipt-number-pending')).toBeVisible();
  else await expect(done.getByTestId('receipt-number')).toHaveText(`Receipt no. ${number}`);
  return done;
}

/** Cash, exactly the total. */
export const cashExact = async (d: Dialog) => d.getByRole('button', { name: /^Exact/ }).click();
