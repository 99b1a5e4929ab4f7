import { expect, type Page } from '@playwright/test';

/** On a phone the workspace navigation sits behind the Menu button (the layout switches at 768 px). */
export async function openNav(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) >= 768) return;
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
}

/** Moves through the workspace navigation like a person (the phone layout opens its menu first). */
export async function goTo(page: Page, link: string) {
  await openNav(page);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: link, exact: true }).click();
}

/** Fills line `n` (1-based) of the invoice/quote form, adding the line first when needed. */
export async function fillLine(
  page: Page,
  n: number,
  fields: { description: string; quantity?: string; price: string; tax?: string; discount?: string },
) {
  const lines = page.getByRole('list', { name: 'Lines' });
  if ((await lines.getByRole('listitem').count()) < n) {
    await page.getByRole('button', { name: 'Add line' }).click();
    // The new line takes the focus on its description.
    await expect(lines.getByRole('listitem', { name: `Line ${n}` }).getByLabel('Description')).toBeFocused();
  }
  const line = lines.getByRole('listitem', { name: `Line ${n}` });
  await line.getByLabel('Description').fill(fields.description);
  if (fields.quantity !== undefined) await line.getByLabel('Quantity').fill(fields.quantity);
  await line.getByLabel('Unit price').fill(fields.price);
  if (fields.tax !== undefined) await line.getByLabel('VAT %').fill(fields.tax);
  if (fields.discount !== undefined) await line.getByLabel('Discount %').fill(fields.discount);
}

export function documentRow(page: Page, list: 'Invoices' | 'Quotes', number: string) {
  return page.getByRole('list', { name: list, exact: true }).getByRole('listitem').filter({ hasText: number });
}

/** The workspace's settings set to prices in rand. */
export async function shopInRand(page: Page) {
  await goTo(page, 'Settings');
  await page.getByLabel('Currency').selectOption('ZAR');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Workspace updated')).toBeVisible();
}

/** A new invoice of one line, saved and marked as sent; the page is left on the invoice. */
export async function sentInvoice(page: Page, customer: string, line: { description: string; quantity: string; price: string }) {
  await goTo(page, 'Invoices');
  await page.getByRole('link', { name: 'New invoice' }).click();
  const form = page.getByRole('form', { name: 'New invoice' });
  await form.getByLabel('Customer name').fill(customer);
  await fillLine(page, 1, line);
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(page.getByTestId('document-status')).toHaveText('Sent');
}
