import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { fillDate } from './date-support';
import { adjustStock, newTraderWithWorkspace, productRow } from './inventory-support';
import { goTo, sentInvoice, shopInRand } from './invoices-support';
import { overflowing, seriousViolations } from './layout-support';
import { cashExact, charge, openShift, refundOne, sale, tile } from './pos-support';
import { underServiceWorker } from './sw-support';

const R = (amount: string) => `R\u00a0${amount}`;

/** A product with a price, a cost and VAT, through the New product form. */
async function addCostedProduct(page: Page, name: string, price: string, cost: string) {
  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Price').fill(price);
  await dialog.getByLabel('Cost').fill(cost);
  await dialog.getByLabel('VAT rate (%)').fill('15');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(productRow(page, name)).toBeVisible();
}

/** A row of a report's table, by its first cell. */
const reportRow = (page: Page, section: string, first: string) =>
  page
    .getByTestId(`report-${section}`)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: first, exact: true }) });

/**
 * Issue 37 item 8: a shop owner sells, refunds and voids at the till, then reads the period's figures
 * in Reports (net of what was taken back, as the dashboard and the Z-report count them), downloads a
 * table as CSV, and opens the reports again with no signal: the till's figures are still there.
 */
test('reports add up the till net of a refund and a void, export CSV, and open offline', async ({ page, context }, info) => {
  test.setTimeout(240_000);
  if (info.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  const shot = (name: string) => page.screenshot({ path: `tests/screenshots/reports-${info.project.name}-${name}.png`, fullPage: true });
  const { workspaceId } = await newTraderWithWorkspace(page, 'reports', info.project.name, `Home Goods ${info.project.name}`);

  await test.step('a shop in rand with a kettle and a blanket at cost, and a shift open', async () => {
    await shopInRand(page);
    await goTo(page, 'Inventory');
    await addCostedProduct(page, 'Kettle', '120', '60');
    await addCostedProduct(page, 'Blanket', '650', '400');
    await adjustStock(page, 'Kettle', { reason: 'Received from a supplier', quantity: '4' });
    await adjustStock(page, 'Blanket', { reason: 'Received from a supplier', quantity: '4' });
  });

  await test.step('nothing sold yet: the reports say so', async () => {
    await goTo(page, 'Reports');
    await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No sales in this period' })).toBeVisible();
    await expect(page.getByTestId('report-net')).toHaveText(R('0.00'));
    // Stock at cost is there before any sale: 4 × 60 + 4 × 400.
    await expect(page.getByTestId('report-stock')).toContainText(`8 units worth ${R('1,840.00')} at cost`);
    await shot('01-empty');
  });

  await test.step('at the till: R 770 sold and the kettle refunded; a blanket sold and voided', async () => {
    await goTo(page, 'Point of Sale');
    await expect(tile(page, 'Blanket')).toContainText('4 in stock');
    await openShift(page, '100');

    await tile(page, 'Kettle').click();
    await tile(page, 'Blanket').click();
    let done = await charge(page, 1, cashExact);
    await done.getByRole('button', { name: 'New sale' }).click();
    await refundOne(page, 'Receipt 1', 'Kettle', 'Does not switch on');

    await tile(page, 'Blanket').click();
    done = await charge(page, 2, cashExact);
    await done.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Void Receipt 2', exact: true }).click();
    const voiding = page.getByRole('dialog', { name: 'Void Receipt 2?' });
    await voiding.getByLabel('Reason').fill('Rang up twice');
    await voiding.getByRole('button', { name: 'Void sale' }).click();
    await expect(voiding).toHaveCount(0);
    await expect(sale(page, 'Receipt 2')).toContainText('Voided');
    await expect(page.getByText(`2 sales, ${R('650.00')} taken, 1 voided, ${R('120.00')} refunded`)).toBeVisible();
  });

  await test.step('an invoice of R 5 500 is sent and not yet paid', async () => {
    await sentInvoice(page, 'Sipho Ndlovu', { description: 'Blankets for the crèche', quantity: '5', price: '1100' });
  });

  await test.step('the reports: R 650 net of the refund and the void, by method, product, staff and till', async () => {
    await goTo(page, 'Reports');
    await expect(page.getByTestId('report-net')).toHaveText(R('650.00'));
    await expect(page.getByTestId('report-sales')).toHaveText(R('1,420.00'));
    await expect(page.getByTestId('report-refunds')).toHaveText(`−${R('120.00')}`);
    await expect(page.getByTestId('report-voids')).toHaveText(`−${R('650.00')}`);

    const cash = reportRow(page, 'methods', 'Cash');
    await expect(cash.getByRole('cell')).toHaveText([R('1,420.00'), `−${R('120.00')}`, `−${R('650.00')}`, R('650.00')]);
    // The blanket: 650 less 84.78 VAT less 400 cost; the kettle came back.
    await expect(reportRow(page, 'products', 'Blanket').getByRole('cell')).toHaveText([
      '',
      '1',
      R('650.00'),
      R('565.22'),
      R('400.00'),
      R('165.22'),
    ]);
    await expect(reportRow(page, 'products', 'Kettle').getByRole('cell').nth(1)).toHaveText('0');
    await expect(reportRow(page, 'staff', 'Thandi Mokoena').getByRole('cell')).toHaveText([
      'This device',
      `2 · ${R('1,420.00')}`,
      `−${R('120.00')}`,
      `−${R('650.00')}`,
      R('650.00'),
      R('84.78'),
    ]);
    const takenBack = page.getByTestId('report-refunds-voids');
    await expect(takenBack.getByRole('row')).toHaveCount(3);
    await expect(takenBack).toContainText('Receipt 2');
    await expect(takenBack).toContainText('Rang up twice');
    await expect(takenBack).toContainText('Does not switch on');
    // Stock after the sales: 4 kettles (one back) × 60, 3 blankets × 400.
    await expect(page.getByTestId('report-stock')).toContainText(`7 units worth ${R('1,440.00')} at cost`);
    // What the invoice still owes, issued today.
    await expect(reportRow(page, 'ageing', 'ZAR').getByRole('cell')).toHaveText([
      R('5,500.00'),
      R('0.00'),
      R('0.00'),
      R('0.00'),
      R('5,500.00'),
    ]);
    await expect(reportRow(page, 'owed', 'INV-000001').getByRole('cell')).toContainText(['Sipho Ndlovu']);
    await expect(page.getByTestId('report-chart').first()).toBeVisible();
    // Wide tables scroll inside their own boxes: nothing widens the page, and nothing fails axe.
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('02-data');
  });

  await test.step('the product table downloads as CSV with the same figures', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV: By product and variant' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sales-by-product-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Product,Variant,Sold,Sales,Sales without VAT,Cost,Margin');
    expect(lines).toContain('Blanket,,1,650.00,565.22,400.00,165.22');
    expect(lines).toContain('Kettle,,0,0.00,0.00,0.00,0.00');
  });

  await test.step('last month had no sales', async () => {
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last month' });
    await expect(page.getByRole('heading', { name: 'No sales in this period' })).toBeVisible();
    await expect(page.getByTestId('report-net')).toHaveText(R('0.00'));
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom' });
    const custom = page.getByRole('form', { name: 'Custom period' });
    await fillDate(custom, 'From', '2026-03-01');
    await fillDate(custom, 'To', '2026-02-01');
    await custom.getByRole('button', { name: 'Show' }).click();
    await expect(custom.getByText('The last day cannot be before the first day')).toBeVisible();
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'This month' });
    await expect(page.getByTestId('report-net')).toHaveText(R('650.00'));
  });

  await test.step('offline, the reports reload with the till figures; charts never fetched say so', async () => {
    await underServiceWorker(page);
    await expect(page.getByTestId('report-net')).toHaveText(R('650.00'));
    // As on a device whose worker never kept the charts: they are not in the install.
    const dropped = await page.evaluate(async () => {
      const cache = await caches.open('vuka-chunks-v1');
      let n = 0;
      for (const request of await cache.keys()) if (/report-chart-/.test(request.url) && (await cache.delete(request))) n++;
      return n;
    });
    expect(dropped).toBeGreaterThan(0);
    // …nor the browser's own cache (Chromium's DevTools protocol empties it).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('report-net')).toHaveText(R('650.00'));
    await expect(reportRow(page, 'products', 'Blanket').getByRole('cell').nth(5)).toHaveText(R('165.22'));
    await expect(page.getByTestId('chart-offline').first()).toContainText('Charts need a connection the first time');
    await shot('03-offline');
    await context.setOffline(false);
    await page.getByTestId('chart-offline').first().getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('report-chart').first()).toBeVisible();
  });
  expect(workspaceId).toBeGreaterThan(0);
});
