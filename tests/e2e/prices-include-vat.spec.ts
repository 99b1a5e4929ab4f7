import { expect, test, type Page } from '@playwright/test';
import { addProduct, adjustStock, newTraderWithWorkspace } from './inventory-support';
import { fillLine, goTo } from './invoices-support';

/**
 * Whether prices include VAT is the workspace's choice, and each sale and document keeps the choice it
 * was written with: a South African shop sells a R 115.00 cake with R 15.00 of VAT inside; with the
 * setting off the same cake costs R 132.25 (R 17.25 of VAT on top). Invoices follow the setting
 * too, and one written before keeps its totals.
 */

const R = (amount: string) => `R\u00a0${amount}`;
const SHOTS = 'tests/screenshots';

function vatSwitch(page: Page) {
  return page.getByRole('switch', { name: 'Prices include VAT' });
}

/** Rings up one cake offline, pays cash and checks the cart and the receipt; returns to a new sale. */
async function sellCakeOffline(
  page: Page,
  shown: { total: string; vat: string; vatLabel: string; subtotal: string },
  file: (what: string) => string,
) {
  await page.getByRole('button', { name: 'Add Cake 1kg' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText(R(shown.total));
  await expect(page.getByTestId('cart-vat')).toHaveText(R(shown.vat));
  await expect(page.locator(`dt:text-is("${shown.vatLabel}")`)).toBeVisible();
  await expect(page.locator(`dt:text-is("${shown.subtotal}")`)).toBeVisible();
  await page.getByRole('region', { name: 'Current sale' }).screenshot({ path: file('cart') });
  await page.getByRole('button', { name: /^Charge R/ }).click();
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await expect(pay.getByTestId('amount-due')).toHaveText(R(shown.total));
  await pay.getByLabel('Cash received').fill('200');
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  const done = page.getByRole('dialog', { name: 'Sale complete' });
  await expect(done.getByTestId('receipt-total')).toHaveText(R(shown.total));
  await expect(done.getByTestId('receipt-vat')).toHaveText(R(shown.vat));
  await expect(done.getByText(`${shown.vatLabel} (15%)`)).toBeVisible();
  await expect(done.getByText(shown.subtotal)).toBeVisible();
  await done.getByRole('article', { name: 'Receipt' }).screenshot({ path: file('receipt') });
  await done.getByRole('button', { name: 'New sale' }).click();
  await expect(done).toHaveCount(0);
}

test('prices include VAT or not as the workspace says; sales and invoices keep the choice they were made with', async ({
  page,
  context,
}, info) => {
  await newTraderWithWorkspace(page, 'vat', info.project.name, `Bakery ${info.project.name}`);
  let mode = 'incl';
  const file = (what: string) => `${SHOTS}/vat-${info.project.name}-${mode}-${what}.png`;
  // Toasts go after 5 s; the screenshots show the screen, not them.
  const fullShot = async (what: string) => {
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('toast-region').locator('[data-toast]')).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: file(what), fullPage: true });
  };

  let oldInvoice = '';
  await test.step('a new invoice starts with the workspace’s choice: VAT inside its prices', async () => {
    await goTo(page, 'Invoices');
    await page.getByRole('link', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Customer name').fill('Ayanda Zulu');
    await fillLine(page, 1, { description: 'Wedding cake', quantity: '1', price: '115' });
    await expect(vatSwitch(page)).toBeChecked();
    await expect(form.getByTestId('tax')).toHaveText(R('15.00'));
    await expect(form.getByTestId('total')).toHaveText(R('115.00'));
    await expect(form.getByTestId('prices-include-vat')).toHaveText('Prices include VAT');
    // The person may change it for this document while it is a draft; the totals follow at once.
    await vatSwitch(page).click({ force: true });
    await expect(form.getByTestId('total')).toHaveText(R('132.25'));
    await expect(form.getByTestId('prices-include-vat')).toHaveCount(0);
    await vatSwitch(page).click({ force: true });
    await expect(form.getByTestId('total')).toHaveText(R('115.00'));
    await fullShot('invoice-form');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible();
    await expect(page.getByTestId('tax')).toHaveText(R('15.00'));
    await expect(page.getByTestId('total')).toHaveText(R('115.00'));
    await expect(page.getByTestId('prices-include-vat')).toBeVisible();
    await fullShot('invoice-view');
    oldInvoice = page.url();
  });

  await test.step('a cake for the till, at the workspace’s 15 %', async () => {
    await goTo(page, 'Inventory');
    await addProduct(page, { name: 'Cake 1kg', price: '115' });
    await adjustStock(page, 'Cake 1kg', { reason: 'Received from a supplier', quantity: '10' });
    await goTo(page, 'Point of Sale');
    await expect(page.getByRole('button', { name: 'Add Cake 1kg' })).toBeVisible();
    // No sale yet: the device holds no receipt numbers, and its first sale offline waits for one.
    await expect(page.getByText('Receipt numbers are reserved with the first sale')).toBeVisible();
  });

  await test.step('offline: the till takes the VAT from inside the price', async () => {
    await context.setOffline(true);
    await sellCakeOffline(page, { total: '115.00', vat: '15.00', vatLabel: 'VAT included', subtotal: 'Subtotal (incl. VAT)' }, file);
    await context.setOffline(false);
  });

  await test.step('settings: prices no longer include VAT', async () => {
    await goTo(page, 'Settings');
    const business = page.getByRole('region', { name: 'Business and tax' });
    await expect(vatSwitch(page)).toBeChecked();
    await vatSwitch(page).click({ force: true });
    await expect(vatSwitch(page)).not.toBeChecked();
    await expect(business.getByText('VAT is added on top of till prices and new invoice and quote lines.')).toBeVisible();
    await business.getByRole('button', { name: 'Save business details' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    mode = 'excl';
  });

  await test.step('offline: the same cake now has VAT added on top; the earlier sale keeps its total', async () => {
    await goTo(page, 'Point of Sale');
    await expect(page.getByRole('button', { name: 'Add Cake 1kg' })).toBeVisible();
    await context.setOffline(true);
    await sellCakeOffline(page, { total: '132.25', vat: '17.25', vatLabel: 'VAT added', subtotal: 'Subtotal (excl. VAT)' }, file);
    const sales = page.getByRole('list', { name: 'Today’s sales' });
    await expect(sales.getByRole('listitem', { name: 'Receipt 1' })).toContainText(R('115.00'));
    await expect(sales.getByRole('listitem', { name: 'Receipt 2' })).toContainText(R('132.25'));
    await context.setOffline(false);
  });

  await test.step('a new invoice follows the setting; the one written before keeps its totals', async () => {
    await goTo(page, 'Invoices');
    await page.getByRole('link', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Customer name').fill('Bongani Khoza');
    await fillLine(page, 1, { description: 'Wedding cake', quantity: '1', price: '115' });
    await expect(vatSwitch(page)).not.toBeChecked();
    await expect(form.getByTestId('tax')).toHaveText(R('17.25'));
    await expect(form.getByTestId('total')).toHaveText(R('132.25'));
    await fullShot('invoice-form');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible();
    await expect(page.getByTestId('total')).toHaveText(R('132.25'));
    await expect(page.getByTestId('prices-include-vat')).toHaveCount(0);
    await fullShot('invoice-view');
    await page.goto(oldInvoice);
    await expect(page.getByTestId('tax')).toHaveText(R('15.00'));
    await expect(page.getByTestId('total')).toHaveText(R('115.00'));
    await expect(page.getByTestId('prices-include-vat')).toBeVisible();
  });
});
