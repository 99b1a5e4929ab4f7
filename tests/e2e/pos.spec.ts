import { expect, test, type Page } from '@playwright/test';
import { addProduct, adjustStock, logIn, newTraderWithWorkspace } from './inventory-support';
import { underServiceWorker } from './sw-support';
import { indicator } from './sync-support';

/** The till works with no network: sale, cash and change, receipt, stock, void; it syncs once back online. */

/**
 * Through the workspace navigation; on a phone it sits behind the Menu button. Decided by the
 * viewport, not by whether the button is already drawn: a page still loading would skip the menu.
 */
async function goTo(page: Page, link: string) {
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('link', { name: link, exact: true }).click();
}

function tile(page: Page, name: string) {
  return page.getByRole('button', { name: `Add ${name}` });
}

function sale(page: Page, label: string) {
  return page.getByRole('list', { name: 'Today’s sales' }).getByRole('listitem', { name: label });
}

test('a trader rings up and voids sales offline, and they reach the server when back online', async ({ page, context, browser }, info) => {
  const shot = (name: string) => page.screenshot({ path: `tests/screenshots/pos-${info.project.name}-${name}.png`, fullPage: true });
  const { email, workspaceId } = await newTraderWithWorkspace(page, 'pos', info.project.name, `Stall ${info.project.name}`);

  await test.step('sets the workspace currency to ZAR', async () => {
    // Through the navigation, not a page load: a load would drop the receipt numbers being reserved.
    if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
  });

  await test.step('with no products the till says where to add them', async () => {
    await goTo(page, 'Point of Sale');
    await expect(page).toHaveURL(/\/pos$/);
    await expect(page.getByRole('heading', { name: 'No products to sell yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Inventory' })).toBeVisible();
    // A device that has not sold holds no receipt numbers.
    await expect(page.getByText('Receipt numbers are reserved with the first sale')).toBeVisible();
    await shot('01-empty');
  });

  await test.step('online: adds stock in inventory', async () => {
    await page.getByRole('link', { name: 'Go to Inventory' }).click();
    await addProduct(page, { name: 'Bread loaf', price: '18.50', sku: 'BRD-1', vat: '15' });
    // Zero-rated: without a rate of its own it would sell at the workspace's 15 %.
    await addProduct(page, { name: 'Milk 1L', price: '23', vat: '0' });
    await adjustStock(page, 'Bread loaf', { reason: 'Received from a supplier', quantity: '20' });
    await adjustStock(page, 'Milk 1L', { reason: 'Received from a supplier', quantity: '10' });
    await goTo(page, 'Point of Sale');
    await expect(tile(page, 'Bread loaf')).toContainText('20 in stock');
  });

  await test.step('opens a shift with a float', async () => {
    await page.getByRole('button', { name: 'Open shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open shift' });
    await dialog.getByLabel('Opening float').fill('200');
    await dialog.getByRole('button', { name: 'Open shift' }).click();
    await expect(page.getByTestId('shift-status')).toContainText('Shift open since');
    // A till about to sell takes a few receipt numbers while online, for the sales to come.
    await expect(page.getByText('5 receipt numbers ready on this device')).toBeVisible();
  });

  await context.setOffline(true);
  await expect(page.getByTestId('sync-online')).toHaveText('Offline');

  await test.step('offline: rings up a sale by tapping and by scanning a code', async () => {
    await tile(page, 'Bread loaf').click();
    await tile(page, 'Milk 1L').click();
    const code = page.getByLabel('Barcode or SKU');
    await code.fill('NOPE-9');
    await code.press('Enter');
    await expect(page.getByText('No product with barcode or SKU “NOPE-9”')).toBeVisible();
    await code.fill('BRD-1');
    await code.press('Enter');
    const cart = page.getByRole('list', { name: 'Items in this sale' });
    await expect(cart.getByLabel('Quantity of Bread loaf')).toHaveText('2');
    await page.getByRole('button', { name: 'One more Milk 1L' }).click();
    await page.getByRole('button', { name: 'One less Milk 1L' }).click();
    await expect(page.getByTestId('cart-total')).toHaveText('R\u00a060.00');
    const discount = page.getByLabel('Order discount');
    await discount.fill('100');
    await expect(page.getByText('Discount cannot be more than the sale')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Charge R/ })).toBeDisabled();
    await discount.fill('10');
    await expect(page.getByTestId('cart-total')).toHaveText('R\u00a050.00');
    await shot('02-cart');
    // A reload (a phone that closes the tab) keeps the sale being rung up, offline too.
    await page.reload();
    await expect(cart.getByLabel('Quantity of Bread loaf')).toHaveText('2', { timeout: 20_000 });
    await expect(cart.getByLabel('Quantity of Milk 1L')).toHaveText('1');
    await expect(page.getByLabel('Order discount')).toHaveValue('10');
    await expect(page.getByTestId('cart-total')).toHaveText('R\u00a050.00');
  });

  await test.step('offline: cash below the total is refused; enough cash gives change and a receipt', async () => {
    await page.getByRole('button', { name: /^Charge R/ }).click();
    const pay = page.getByRole('dialog', { name: 'Take payment' });
    await expect(pay.getByTestId('amount-due')).toHaveText('R\u00a050.00');
    await pay.getByLabel('Cash received').fill('40');
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    await expect(pay.getByText('Cash received is less than the total due')).toBeVisible();
    await pay.getByLabel('Cash received').fill('100');
    await expect(pay.getByTestId('change-preview')).toHaveText('Change: R\u00a050.00');
    await shot('03-payment');
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    const done = page.getByRole('dialog', { name: 'Sale complete' });
    await expect(done.getByTestId('receipt-number')).toHaveText('Receipt no. 1');
    await expect(done.getByText(`Stall ${info.project.name}`)).toBeVisible();
    await expect(done.getByTestId('receipt-total')).toHaveText('R\u00a050.00');
    await expect(done.getByTestId('receipt-change')).toHaveText('R\u00a050.00');
    // The R10 discount is shared across the lines; VAT is what remains inside the bread's R30.83.
    await expect(done.getByTestId('receipt-vat')).toHaveText('R\u00a04.02');
    await expect(done.getByText('VAT included (15%)')).toBeVisible();
    await expect(done.getByText('2 × Bread loaf')).toBeVisible();
    await shot('04-receipt');
    await done.getByRole('button', { name: 'New sale' }).click();
    await expect(done).toHaveCount(0);
  });

  await test.step('offline: stock went down at once', async () => {
    await expect(tile(page, 'Bread loaf')).toContainText('18 in stock');
    await expect(tile(page, 'Milk 1L')).toContainText('9 in stock');
    await expect(sale(page, 'Receipt 1')).toContainText('R\u00a050.00');
  });

  await test.step('offline: a card sale, then voiding it returns its stock', async () => {
    await tile(page, 'Milk 1L').click();
    await page.getByRole('button', { name: /^Charge R/ }).click();
    const pay = page.getByRole('dialog', { name: 'Take payment' });
    await pay
      .getByRole('radio', { name: 'Card' })
      .or(pay.getByRole('button', { name: 'Card' }))
      .click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('dialog', { name: 'Sale complete' }).getByTestId('receipt-number')).toHaveText('Receipt no. 2');
    await page.getByRole('button', { name: 'New sale' }).click();
    await expect(tile(page, 'Milk 1L')).toContainText('8 in stock');

    await page.getByRole('button', { name: 'Void Receipt 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void Receipt 2?' });
    await dialog.getByRole('button', { name: 'Void sale' }).click();
    await expect(dialog.getByText('Give a reason for the void')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Rang up by mistake');
    await shot('05-void');
    await dialog.getByRole('button', { name: 'Void sale' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(sale(page, 'Receipt 2').getByText('Voided')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Void Receipt 2' })).toHaveCount(0);
    await expect(tile(page, 'Milk 1L')).toContainText('9 in stock');
    await expect(page.getByText('2 sales, R\u00a050.00 taken, 1 voided')).toBeVisible();
    await shot('06-sales');
  });

  await test.step('offline: closing the shift shows expected cash and the difference', async () => {
    await page.getByRole('button', { name: 'Close shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close shift' });
    // Float 200 + cash 100 − change 50.
    await expect(dialog.getByTestId('expected-cash')).toHaveText('R\u00a0250.00');
    await dialog.getByLabel('Cash counted').fill('245');
    await expect(dialog.getByTestId('cash-difference')).toHaveText('Short by R\u00a05.00');
    await shot('07-close-shift');
    await dialog.getByRole('button', { name: 'Close shift' }).click();
    await expect(page.getByTestId('shift-status')).toHaveText('No shift open');
  });

  await test.step('back online, the sales, the void and the stock reach another device', async () => {
    await context.setOffline(false);
    await expect(page.getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
    const other = await browser.newContext();
    const second = await other.newPage();
    await logIn(second, email);
    await second.goto(`/workspace/${workspaceId}/pos`);
    await expect(sale(second, 'Receipt 1')).toContainText('R\u00a050.00', { timeout: 20_000 });
    await expect(sale(second, 'Receipt 2').getByText('Voided')).toBeVisible();
    await expect(tile(second, 'Bread loaf')).toContainText('18 in stock');
    await expect(tile(second, 'Milk 1L')).toContainText('9 in stock');
    await other.close();
  });
});

test('a device holds receipt numbers only once it sells: a till first used with no signal numbers its sale once back online', async ({
  page,
  context,
}, info) => {
  const { workspaceId } = await newTraderWithWorkspace(page, 'pos-ahead', info.project.name, `Ahead Stall ${info.project.name}`);

  await test.step('online: the device reserves invoice and quote numbers ahead, and no receipt numbers', async () => {
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/dashboard$`));
    // Let the service worker take the page, so the till's code is there offline.
    await underServiceWorker(page);
    await goTo(page, 'Inventory');
    await addProduct(page, { name: 'Vetkoek', price: '8', vat: '15' });
    await page.goto(`/workspace/${workspaceId}/sync`);
    await expect(page.getByTestId('numbers-invoice')).toHaveText('10 ready');
    await expect(page.getByTestId('numbers-quote')).toHaveText('10 ready');
    await expect(page.getByTestId('numbers-receipt')).toHaveText('None yet: reserved when online');
    await page.screenshot({ path: `tests/screenshots/sync-${info.project.name}-numbers.png`, fullPage: true });
  });

  await test.step('offline, the till opens for the first time with no numbers: its first sale waits for one', async () => {
    await context.setOffline(true);
    await goTo(page, 'Point of Sale');
    await expect(page).toHaveURL(/\/pos$/);
    await expect(page.getByText('Receipt numbers are reserved with the first sale')).toBeVisible();
    await tile(page, 'Vetkoek').click();
    await page.getByRole('button', { name: /^Charge / }).click();
    const pay = page.getByRole('dialog', { name: 'Take payment' });
    await pay.getByRole('button', { name: /^Exact / }).click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    const done = page.getByRole('dialog', { name: 'Sale complete' });
    await expect(done.getByTestId('receipt-number-pending')).toBeVisible();
    await page.screenshot({ path: `tests/screenshots/pos-${info.project.name}-numbers-ahead.png`, fullPage: true });
    await done.getByRole('button', { name: 'New sale' }).click();
  });

  await test.step('back online, the sale is numbered 1 and the device keeps a few numbers in hand', async () => {
    await context.setOffline(false);
    await expect(sale(page, 'Receipt 1')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('4 receipt numbers ready on this device')).toBeVisible();
  });

  await test.step('online, the owner sees the series in settings and moves invoices forward, never back', async () => {
    await context.setOffline(false);
    await page.goto(`/workspace/${workspaceId}/settings`);
    const numbers = page.getByRole('region', { name: 'Document numbers' });
    const invoices = numbers.getByRole('region', { name: 'Invoices' });
    await expect(invoices).toContainText('the next block starts at INV-000011');
    await expect(invoices.getByRole('list', { name: 'Unused invoices numbers' })).toContainText(
      'INV-000001 to INV-000010: still held by a device, or not yet synced',
    );
    const start = invoices.getByLabel('Continue numbering from');
    await start.fill('5');
    await invoices.getByRole('button', { name: 'Save' }).click();
    await expect(invoices.getByRole('alert')).toHaveText(
      'Numbers below this have already been reserved. The next number can only move forward.',
    );
    await start.fill('500');
    await invoices.getByRole('button', { name: 'Save' }).click();
    await expect(invoices).toContainText('the next block starts at INV-000500');
    await numbers.screenshot({ path: `tests/screenshots/settings-${info.project.name}-numbers.png` });
  });
});

test('on a new phone the till says its products are on their way until the first sync brings them', async ({ page, browser }, info) => {
  const { email, workspaceId } = await newTraderWithWorkspace(page, 'pos-new-phone', info.project.name, `New phone ${info.project.name}`);
  await page.goto(`/workspace/${workspaceId}/inventory`);
  await addProduct(page, { name: 'Amasi 2 L', price: '32', vat: '15' });
  await expect(indicator(page).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });

  const phone = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  // The new phone's pulls wait until released: the moment before its first sync answers, held open.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await phone.route(/\/api\/sync\/(\w+\/)?pull/, async (route) => {
    await held;
    await route.continue();
  });
  const second = await phone.newPage();
  await logIn(second, email);
  await second.goto(`/workspace/${workspaceId}/pos`);
  await expect(second.getByRole('heading', { name: 'Your products are on their way' })).toBeVisible();
  await expect(second.getByText('This device is fetching them now.')).toBeVisible();
  await expect(second.getByRole('heading', { name: 'No products to sell yet' })).toHaveCount(0);
  await second.screenshot({ path: `tests/screenshots/pos-${info.project.name}-new-phone-arriving.png`, fullPage: true });

  // Between the answer and the product on screen, "No products to sell yet" must not flash up either.
  await second.evaluate(() => {
    const seen = () => [...document.querySelectorAll('h2, h3')].some((h) => h.textContent === 'No products to sell yet');
    new MutationObserver(() => {
      if (seen()) document.body.dataset.emptyTillShown = 'yes';
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  release();
  await expect(tile(second, 'Amasi 2 L')).toBeVisible({ timeout: 20_000 });
  await expect(second.getByRole('heading', { name: 'Your products are on their way' })).toHaveCount(0);
  await expect(second.locator('body')).not.toHaveAttribute('data-empty-till-shown', 'yes');
  await phone.close();
});
