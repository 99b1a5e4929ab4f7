import { expect, test } from '@playwright/test';
import { addProduct, adjustStock, logIn, newTraderWithWorkspace } from './inventory-support';
import { goTo, sentInvoice, shopInRand } from './invoices-support';
import { cashExact, charge, openShift, refundOne, sale, tile } from './pos-support';
import { expectAllSynced } from './sync-support';

const R = (amount: string) => `R\u00a0${amount}`;

/**
 * The figures a shop reads are what it has: takings net of what was refunded, on the till, the
 * dashboard and the Z-report alike, and "owed" as what invoices still have due after credit notes.
 */
test('a refund comes off the takings on the dashboard and the Z-report, and a credit note off what is owed', async ({ page }, info) => {
  test.setTimeout(180_000);
  const shot = (name: string) => page.screenshot({ path: `tests/screenshots/net-${info.project.name}-${name}.png`, fullPage: true });
  await newTraderWithWorkspace(page, 'net', info.project.name, `Home Goods ${info.project.name}`);

  await test.step('a shop in rand with a kettle and a blanket, and a shift open', async () => {
    await shopInRand(page);
    await goTo(page, 'Inventory');
    await addProduct(page, { name: 'Kettle', price: '120', vat: '15' });
    await addProduct(page, { name: 'Blanket', price: '650', vat: '15' });
    await adjustStock(page, 'Kettle', { reason: 'Received from a supplier', quantity: '4' });
    await adjustStock(page, 'Blanket', { reason: 'Received from a supplier', quantity: '4' });
    await goTo(page, 'Point of Sale');
    await expect(tile(page, 'Blanket')).toContainText('4 in stock');
    await openShift(page, '100');
  });

  await test.step('R 770 sold, the kettle refunded: the till holds R 650', async () => {
    await tile(page, 'Kettle').click();
    await tile(page, 'Blanket').click();
    const done = await charge(page, 1, cashExact);
    await expect(done.getByTestId('receipt-total')).toHaveText(R('770.00'));
    await done.getByRole('button', { name: 'New sale' }).click();
    await refundOne(page, 'Receipt 1', 'Kettle', 'Does not switch on');
    await expect(sale(page, 'Receipt 1')).toContainText('Part refunded');
    await expect(page.getByText(`1 sale, ${R('650.00')} taken, ${R('120.00')} refunded`)).toBeVisible();
  });

  await test.step('the dashboard says R 650 taken', async () => {
    await goTo(page, 'Dashboard');
    await expect(page.getByTestId('today-sales')).toContainText(`1 sale today, ${R('650.00')} taken after ${R('120.00')} refunded.`);
    await shot('01-dashboard-taken');
  });

  await test.step('the Z-report agrees with the till, and its VAT in sales leaves out the kettle', async () => {
    await goTo(page, 'Point of Sale');
    await page.getByRole('button', { name: 'Close shift' }).click();
    const close = page.getByRole('dialog', { name: 'Close shift' });
    // Float 100 + 770 cash − 120 cash back.
    await expect(close.getByTestId('expected-cash')).toHaveText(R('750.00'));
    await close.getByLabel('Cash counted').fill('750');
    await close.getByRole('button', { name: 'Close shift' }).click();
    const z = page.getByRole('dialog', { name: 'Z-report' });
    await expect(z.getByTestId('z-sales')).toHaveText(R('770.00'));
    await expect(z.getByTestId('z-refunds')).toHaveText(`−${R('120.00')}`);
    await expect(z.getByTestId('z-net')).toHaveText(R('650.00'));
    // The blanket's VAT alone: 650 × 15 / 115.
    await expect(z.getByTestId('z-vat')).toHaveText(R('84.78'));
    await expect(z.getByTestId('z-expected')).toHaveText(R('750.00'));
    await shot('02-z-report');
    await z.getByRole('button', { name: 'Done' }).click();
  });

  await test.step('an invoice of R 5 500 and a credit note of R 1 100: R 4 400 is owed', async () => {
    await sentInvoice(page, 'Sipho Ndlovu', { description: 'Blankets for the crèche', quantity: '5', price: '1100' });
    await goTo(page, 'Dashboard');
    await expect(page.getByTestId('today-invoices')).toContainText(`1 invoice waiting to be paid (${R('5,500.00')})`);
    await page.goBack();
    await page.getByRole('link', { name: 'Credit note', exact: true }).click();
    const credit = page.getByRole('form', { name: /^Credit note for INV-\d{6}$/ });
    await credit.getByLabel('Credit quantity: Blankets for the crèche').fill('1');
    await credit.getByLabel('Reason').fill('One blanket returned');
    await expect(page.getByTestId('credit-note-total')).toHaveText(`This credit note: ${R('1,100.00')}`);
    await credit.getByRole('button', { name: 'Issue credit note' }).click();
    await expect(page.getByRole('heading', { name: /^Credit note CRN-\d{6}$/ })).toBeVisible();
    await expectAllSynced(page);
    await goTo(page, 'Dashboard');
    await expect(page.getByTestId('today-invoices')).toContainText(`1 invoice waiting to be paid (${R('4,400.00')})`);
    await expect(page.getByTestId('today-sales')).toContainText(`${R('650.00')} taken`);
    await shot('03-dashboard-owed');
  });
});

/**
 * A new business's first receipt is No. 1: a device reserves receipt numbers when it is about to sell,
 * a few at first, so a laptop that only opened the till holds none; the phone that sells holds a few
 * more for selling with no signal.
 */
test('the first device that sells gives receipt No. 1, though another opened the till first and never sold', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const { email, workspaceId } = await newTraderWithWorkspace(page, 'first-receipt', info.project.name, `Corner ${info.project.name}`);

  await test.step('the laptop adds a product and opens the till, and sells nothing', async () => {
    await goTo(page, 'Inventory');
    await addProduct(page, { name: 'Candles', price: '12', vat: '15' });
    await goTo(page, 'Point of Sale');
    await expect(tile(page, 'Candles')).toBeVisible();
    await expect(page.getByText('Receipt numbers are reserved with the first sale')).toBeVisible();
    await page.screenshot({ path: `tests/screenshots/first-receipt-${info.project.name}-01-till-unused.png`, fullPage: true });
    await page.goto(`/workspace/${workspaceId}/sync`);
    await expect(page.getByTestId('numbers-invoice')).toHaveText('10 ready');
    await expect(page.getByTestId('numbers-receipt')).toHaveText('None yet: reserved when online');
  });

  const phone = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const second = await phone.newPage();
  await test.step('the phone rings up the first sale: receipt No. 1', async () => {
    await logIn(second, email);
    await second.goto(`/workspace/${workspaceId}/pos`);
    await expect(tile(second, 'Candles')).toBeVisible({ timeout: 20_000 });
    await tile(second, 'Candles').click();
    const done = await charge(second, 1, cashExact);
    await second.screenshot({ path: `tests/screenshots/first-receipt-${info.project.name}-02-receipt.png`, fullPage: true });
    await done.getByRole('button', { name: 'New sale' }).click();
    await expect(sale(second, 'Receipt 1')).toBeVisible();
    await expect(second.getByText('4 receipt numbers ready on this device')).toBeVisible();
  });

  await test.step('with no signal the phone numbers its next sale from the few it holds', async () => {
    await phone.setOffline(true);
    await expect(second.getByTestId('sync-online')).toHaveText('Offline');
    await tile(second, 'Candles').click();
    const done = await charge(second, 2, cashExact);
    await done.getByRole('button', { name: 'New sale' }).click();
    await expect(second.getByText('3 receipt numbers ready on this device')).toBeVisible();
    await second.screenshot({ path: `tests/screenshots/first-receipt-${info.project.name}-03-till.png`, fullPage: true });
    await phone.setOffline(false);
  });

  await test.step('the laptop still holds no receipt numbers', async () => {
    await page.reload();
    await expect(page.getByTestId('numbers-receipt')).toHaveText('None yet: reserved when online');
  });
  await phone.close();
});
