import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatCents } from '../../schema/kit/money';
import { vatMessages } from '../../schema/kit/vat';
import { pdfText } from '../support/pdf-text';
import { addProduct, adjustStock, newTraderWithWorkspace } from './inventory-support';
import { fillLine, goTo } from './invoices-support';

const rand = (cents: number) => formatCents(cents, 'ZAR');

/**
 * One VAT rule everywhere (DESIGN.md §14): a VAT-registered seller's R 250 T-shirt shows the same
 * "VAT included R 32.61" at the till and at the marketplace checkout; a seller that is not registered
 * charges no VAT anywhere and its invoice PDF says "Invoice".
 */
test('the till and the marketplace checkout show the same VAT; an unregistered seller charges none and issues an "Invoice"', async ({
  page,
  browser,
}, info) => {
  // Two traders set up from sign-up, a till sale, a storefront and a checkout: a long walk.
  test.slow();
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: `tests/screenshots/one-vat-${info.project.name}-${name}.png`, fullPage: true });
  const shirt = `Printed T-shirt ${tag}`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'vat-reg', info.project.name, `Vilakazi Prints ${tag}`);

  await test.step('a registered seller: the till shows R 32.61 of VAT inside a R 250 T-shirt', async () => {
    await goTo(page, 'Inventory');
    await addProduct(page, { name: shirt, price: '250' });
    await adjustStock(page, shirt, { reason: 'Received from a supplier', quantity: '5' });
    await goTo(page, 'Point of Sale');
    await page.getByRole('button', { name: `Add ${shirt}` }).click();
    await expect(page.getByTestId('cart-total')).toHaveText(rand(25_000));
    await expect(page.locator('dt:text-is("VAT included") + dd')).toHaveText(rand(3_261));
    await shot(page, '01-till');
  });

  await test.step('the storefront has no tax rate of its own: VAT follows the business settings', async () => {
    await page.goto(`/workspace/${workspaceId}/storefront`);
    await expect(page.getByRole('heading', { name: 'Storefront', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Tax rate (%)')).toHaveCount(0);
    await expect(page.getByTestId('storefront-vat-note')).toContainText('never added on top of prices that include it');
    await page.getByText('Storefront open to buyers').click();
    await expect(page.getByText('Storefront open', { exact: true })).toBeVisible();
    await expect(page.getByTestId('storefront-link')).toBeVisible();
    const row = page.getByTestId('publish-row').filter({ hasText: shirt });
    await row.getByText('In the marketplace').click();
    await expect(row.getByRole('checkbox', { name: /On my storefront/ })).toBeChecked();
    await shot(page, '02-storefront');
  });

  await test.step('the marketplace checkout shows the same VAT included, R 32.61', async () => {
    await expect
      .poll(async () => (await (await page.request.get(`/api/marketplace?q=${encodeURIComponent(shirt)}`)).text()).includes(shirt))
      .toBe(true);
    await page.goto(`/marketplace?q=${encodeURIComponent(shirt)}`);
    await page.getByTestId('product-card').filter({ hasText: shirt }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(page.getByTestId('checkout-vat')).toHaveText(rand(3_261));
    await expect(page.locator('dt:text-is("VAT included (15%)")')).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText(rand(25_000));
    await shot(page, '03-checkout');
  });

  // A second trader, on their own device, who is not VAT registered.
  const other = await browser.newContext({ ...info.project.use, baseURL: new URL(page.url()).origin });
  const p2 = await other.newPage();
  const second = await newTraderWithWorkspace(p2, 'vat-not', info.project.name, `Orlando Tees ${tag}`, false);

  await test.step('not registered: the settings say so, and registering needs a VAT number', async () => {
    await p2.goto(`/workspace/${second.workspaceId}/settings`);
    const business = p2.getByRole('region', { name: 'Business and tax' });
    const registered = business.getByRole('switch', { name: 'VAT registered' });
    await expect(registered).not.toBeChecked();
    await expect(business.getByTestId('vat-registered-note')).toContainText('No VAT is charged anywhere');
    await shot(p2, '04-settings-not-registered');
    await registered.click({ force: true });
    await business.getByRole('button', { name: 'Save business details' }).click();
    await expect(business.getByText(vatMessages.numberRequired)).toBeVisible();
    await business.getByLabel('VAT number').fill('12345');
    await business.getByRole('button', { name: 'Save business details' }).click();
    await expect(business.getByText(vatMessages.zaNumber)).toBeVisible();
    await shot(p2, '05-settings-number-refused');
    // Nothing was saved: the business is still not registered.
    await p2.reload();
    await expect(p2.getByRole('region', { name: 'Business and tax' }).getByRole('switch', { name: 'VAT registered' })).not.toBeChecked();
  });

  await test.step('not registered: the till charges no VAT on the same R 250 T-shirt', async () => {
    await goTo(p2, 'Inventory');
    await addProduct(p2, { name: shirt, price: '250' });
    await goTo(p2, 'Point of Sale');
    await p2.getByRole('button', { name: `Add ${shirt}` }).click();
    await expect(p2.getByTestId('cart-total')).toHaveText(rand(25_000));
    await expect(p2.getByTestId('cart-vat')).toHaveText(rand(0));
  });

  await test.step('not registered: a new invoice starts at 0 % VAT and its PDF says "Invoice"', async () => {
    await goTo(p2, 'Invoices');
    await p2.getByRole('link', { name: 'New invoice' }).click();
    const form = p2.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Customer name').fill('Naledi Khumalo');
    await fillLine(p2, 1, { description: 'Screen printing', quantity: '1', price: '250' });
    await expect(form.getByRole('listitem', { name: 'Line 1' }).getByLabel('VAT %')).toHaveValue('0');
    await expect(form.getByTestId('tax')).toHaveText(rand(0));
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(p2.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible();
    const download = p2.waitForEvent('download');
    await p2.getByRole('button', { name: 'Download PDF' }).click();
    const text = await pdfText(new Uint8Array(readFileSync(await (await download).path())));
    expect(text).toContain('Invoice');
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toContain('VAT no');
    await shot(p2, '06-invoice');
  });
  await other.close();
});
