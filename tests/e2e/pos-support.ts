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

/** Opens a shift at the till with this float in the workspace's currency. */
export async function openShift(page: Page, float: string) {
  await page.getByRole('button', { name: 'Open shift' }).click();
  const open = page.getByRole('dialog', { name: 'Open shift' });
  await open.getByLabel('Opening float').fill(float);
  await open.getByRole('button', { name: 'Open shift' }).click();
  await expect(page.getByTestId('shift-status')).toContainText('Shift open since');
}

/** Refunds one of a product from a receipt on today's list ("Receipt 1"), for the reason given. */
export async function refundOne(page: Page, receipt: string, product: string, reason: string) {
  await page.getByRole('button', { name: `Refund ${receipt}`, exact: true }).click();
  const refund = page.getByRole('dialog', { name: `Refund ${receipt}`, exact: true });
  await refund.getByRole('button', { name: `Refund one more ${product}` }).click();
  await refund.getByLabel('Reason').fill(reason);
  await refund.getByRole('button', { name: /^Refund R/ }).click();
  await expect(refund).toHaveCount(0);
}
