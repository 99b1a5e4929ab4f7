import { expect, test, type Page } from '@playwright/test';
import { addProduct, adjustStock, newTraderWithWorkspace } from './inventory-support';
import { goTo } from './invoices-support';
import { cashExact, charge, sale, tile } from './pos-support';

/**
 * A day at the till with no signal, on a phone: a customer on a sale, many sales (one split across
 * card, EFT and cash, some beyond the stock count), a partial refund, a reload, the shift's close and
 * its Z-report; back online the server holds every record and the right stock. Then the receipt's
 * public link, for anyone holding it.
 */

const R = (amount: string) => `R\u00a0${amount}`;

/** The receipt numbers a till takes at its first shift: the sales past them wait for a number until online. */
const held = 5;
const numbered = (n: number) => (n <= held ? n : null);

const method = (name: 'Card' | 'EFT' | 'Split') => async (d: ReturnType<Page['getByRole']>) =>
  d
    .getByRole('radio', { name })
    .or(d.getByRole('button', { name, exact: true }))
    .click();

test('a day at the till offline: customer, split, stock warnings, partial refund, reload, Z-report; the server gets it all', async ({
  page,
  context,
}, info) => {
  test.setTimeout(300_000);
  // The phone the issue names: a 390 × 844 screen.
  if (info.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  const shot = (name: string) => page.screenshot({ path: `tests/screenshots/pos-day-${info.project.name}-${name}.png`, fullPage: true });
  const { workspaceId } = await newTraderWithWorkspace(page, 'pos-day', info.project.name, `Spaza ${info.project.name}`);

  await test.step('online: ZAR, the till asks before selling beyond stock, products with stock', async () => {
    await goTo(page, 'Settings');
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated').first()).toBeVisible();
    await page.getByText('Ask the cashier to confirm a sale of more than is in stock').click();
    await page.getByRole('button', { name: 'Save till settings' }).click();
    await goTo(page, 'Inventory');
    await addProduct(page, { name: 'Bread loaf', price: '18.50', vat: '15' });
    await addProduct(page, { name: 'Milk 1L', price: '23', vat: '0' });
    await adjustStock(page, 'Bread loaf', { reason: 'Received from a supplier', quantity: '30' });
    await adjustStock(page, 'Milk 1L', { reason: 'Received from a supplier', quantity: '3' });
    await goTo(page, 'Point of Sale');
    await expect(page.getByText('Receipt numbers are reserved with the first sale')).toBeVisible();
    await expect(tile(page, 'Milk 1L')).toContainText('3 in stock');
    // The service worker holds the app, so the till reloads with no signal.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('button', { name: 'Open shift' }).click();
    const open = page.getByRole('dialog', { name: 'Open shift' });
    await open.getByLabel('Opening float').fill('100');
    await open.getByRole('button', { name: 'Open shift' }).click();
    await expect(page.getByTestId('shift-status')).toContainText('Shift open since');
    // A till about to sell takes its first, small block of receipt numbers while online.
    await expect(page.getByText(`${held} receipt numbers ready on this device`)).toBeVisible();
  });

  await context.setOffline(true);
  await expect(page.getByTestId('sync-online')).toHaveText('Offline');

  await test.step('offline: a new customer made at the till, on the first sale', async () => {
    await tile(page, 'Bread loaf').click();
    await tile(page, 'Bread loaf').click();
    await page.getByRole('button', { name: 'Add customer' }).click();
    const pick = page.getByRole('dialog', { name: 'Choose customer' });
    await expect(pick.getByText('No contacts on this device yet.')).toBeVisible();
    await pick.getByRole('button', { name: 'New customer' }).click();
    const made = page.getByRole('dialog', { name: 'New customer' });
    await made.getByRole('button', { name: 'Save customer' }).click();
    await expect(made.getByText('Name is required')).toBeVisible();
    await made.getByLabel('Name').fill('Lerato Dube');
    await made.getByLabel('Phone').fill('+27 82 555 0101');
    await made.getByLabel('Email').fill('not-an-email');
    await made.getByRole('button', { name: 'Save customer' }).click();
    await expect(made.getByText('Please enter a valid email address')).toBeVisible();
    await made.getByLabel('Email').fill('lerato@example.com');
    await made.getByRole('button', { name: 'Save customer' }).click();
    await expect(page.getByTestId('sale-customer')).toHaveText('Lerato Dube');
    await shot('01-customer');
    const done = await charge(page, 1, cashExact);
    await expect(done.getByTestId('receipt-total')).toHaveText(R('37.00'));
    const whatsapp = done.getByRole('link', { name: 'WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/27825550101\?text=.*%2Fr%2F[A-Za-z0-9_-]{22}/);
    await shot('02-receipt');
    await done.getByRole('button', { name: 'Print 58 mm' }).click();
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: `tests/screenshots/pos-day-${info.project.name}-03-print-58mm.png` });
    await page.emulateMedia({ media: 'screen' });
    await done.getByRole('button', { name: 'New sale' }).click();
    await expect(page.getByTestId('sale-customer')).toHaveText('Walk-in customer');
  });

  await test.step('offline: sixteen one-loaf sales, cash and card; past the numbers it holds a sale waits for its number', async () => {
    for (let i = 0; i < 16; i++) {
      await tile(page, 'Bread loaf').click();
      await charge(page, numbered(i + 2), i % 2 === 0 ? cashExact : method('Card'));
      await page.getByRole('button', { name: 'New sale' }).click();
    }
  });

  await test.step('offline: one sale split across card, EFT and cash, change only from cash', async () => {
    for (let i = 0; i < 3; i++) await tile(page, 'Bread loaf').click();
    const done = await charge(page, numbered(18), async (d) => {
      await method('Split')(d);
      await d.getByLabel('Card amount').fill('50');
      await d.getByLabel('EFT amount').fill('10');
      await d.getByRole('button', { name: 'Complete sale' }).click();
      await expect(d.getByText('Card and EFT together cannot be more than the total due')).toBeVisible();
      await d.getByLabel('Card amount').fill('20');
      await expect(d.getByTestId('split-cash-due')).toHaveText(`Cash due: ${R('25.50')}`);
      await d.getByLabel('Cash received').fill('30');
      await expect(d.getByTestId('change-preview')).toHaveText(`Change: ${R('4.50')}`);
      await shot('04-split');
    });
    await expect(done.getByText('Paid (Card)')).toBeVisible();
    await expect(done.getByText('Paid (EFT)')).toBeVisible();
    await expect(done.getByTestId('receipt-change')).toHaveText(R('4.50'));
    await done.getByRole('button', { name: 'New sale' }).click();
  });

  await test.step('offline: selling beyond the stock count warns, asks, and never blocks', async () => {
    for (let i = 0; i < 3; i++) await tile(page, 'Milk 1L').click();
    await tile(page, 'Milk 1L').click();
    const ask = page.getByRole('dialog', { name: 'Sell more than in stock?' });
    await expect(ask).toContainText('Milk 1L: only 3 in stock on this device.');
    await shot('05-stock-confirm');
    await ask.getByRole('button', { name: 'Sell anyway' }).click();
    await expect(page.getByTestId('stock-warning')).toHaveText('Milk 1L: only 3 in stock on this device.');
    await charge(page, numbered(19), method('Card'));
    await page.getByRole('button', { name: 'New sale' }).click();
    await tile(page, 'Bread loaf').click();
    await tile(page, 'Milk 1L').click();
    await page.getByRole('dialog', { name: 'Sell more than in stock?' }).getByRole('button', { name: 'Sell anyway' }).click();
    await charge(page, numbered(20), method('EFT'));
    await page.getByRole('button', { name: 'New sale' }).click();
    await expect(tile(page, 'Milk 1L')).toContainText('-2 in stock');
  });

  await test.step('offline: a partial refund of the first sale, never more than what is left', async () => {
    await page.getByRole('button', { name: 'Refund Receipt 1', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund Receipt 1', exact: true });
    await dialog.getByRole('button', { name: /^Refund R/ }).click();
    await expect(dialog.getByText('Choose at least one item to refund')).toBeVisible();
    await dialog.getByRole('button', { name: 'Refund one more Bread loaf' }).click();
    await dialog.getByRole('button', { name: 'Refund one more Bread loaf' }).click();
    await expect(dialog.getByRole('button', { name: 'Refund one more Bread loaf' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Refund one less Bread loaf' }).click();
    await expect(dialog.getByTestId('refund-total')).toHaveText(R('18.50'));
    await dialog.getByLabel('Reason').fill('Stale loaf');
    await shot('06-refund');
    await dialog.getByRole('button', { name: /^Refund R/ }).click();
    await expect(dialog).toHaveCount(0);
    await expect(sale(page, 'Receipt 1')).toContainText('Part refunded');
    // A sale with a refund is refunded further, not voided.
    await expect(page.getByRole('button', { name: 'Void Receipt 1', exact: true })).toHaveCount(0);
    await expect(tile(page, 'Bread loaf')).toContainText('9 in stock');
  });

  const summary = `20 sales, ${R('503.50')} taken, ${R('18.50')} refunded`;
  await test.step('offline: after a reload, everything is still there', async () => {
    await expect(page.getByText(summary)).toBeVisible();
    await page.reload();
    await expect(page.getByText(summary)).toBeVisible({ timeout: 20_000 });
    await expect(tile(page, 'Bread loaf')).toContainText('9 in stock');
    await shot('07-sales');
  });

  await test.step('offline: closing the shift gives a Z-report whose totals are the sum of the sales', async () => {
    await page.getByRole('button', { name: 'Close shift' }).click();
    const close = page.getByRole('dialog', { name: 'Close shift' });
    // Float 100 + cash kept 37.00 + 8 × 18.50 + 25.50 − cash refund 18.50.
    await expect(close.getByTestId('expected-cash')).toHaveText(R('292.00'));
    await close.getByLabel('Cash counted').fill('290');
    await close.getByRole('button', { name: 'Close shift' }).click();
    const z = page.getByRole('dialog', { name: 'Z-report' });
    // 37.00 + 16 × 18.50 + 55.50 + 92.00 + 41.50
    await expect(z.getByTestId('z-sales')).toHaveText(R('522.00'));
    await expect(z.getByText('Sales (20)')).toBeVisible();
    await expect(z.getByTestId('z-refunds')).toHaveText(`−${R('18.50')}`);
    await expect(z.getByTestId('z-net')).toHaveText(R('503.50'));
    await expect(z.getByTestId('z-method-cash')).toHaveText(/Cash.*R\s210\.50.*R\s18\.50.*R\s192\.00/);
    await expect(z.getByTestId('z-method-card')).toHaveText(/Card.*R\s260\.00/);
    await expect(z.getByTestId('z-method-eft')).toHaveText(/EFT.*R\s51\.50/);
    await expect(z.getByTestId('z-expected')).toHaveText(R('292.00'));
    await expect(z.getByTestId('z-counted')).toHaveText(R('290.00'));
    await expect(z.getByText('Short')).toBeVisible();
    await shot('08-z-report');
    await z.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('shift-status')).toHaveText('No shift open');
  });

  let link = '';
  await test.step('online: the server has every order and the right stock', async () => {
    await context.setOffline(false);
    await expect(page.getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 30_000 });
    const pull = async (collection: string) => {
      const res = await page.request.get(`/api/sync/${collection}/pull?workspace=${workspaceId}&seq=0&id=&limit=1000`);
      expect(res.ok()).toBe(true);
      const body: { documents: Array<Record<string, unknown>> } = await res.json();
      return body.documents;
    };
    const orders = await pull('pos_orders');
    const sales = orders.filter((o) => o.kind === 'sale');
    expect(sales).toHaveLength(20);
    expect(sales.reduce((a, o) => a + Number(o.total_cents), 0)).toBe(52_200);
    expect(orders.filter((o) => o.kind === 'refund').map((o) => o.total_cents)).toEqual([1_850]);
    expect(sales.filter((o) => o.payment_method === 'split')).toHaveLength(1);
    expect(sales.filter((o) => typeof o.contact_id === 'string')).toHaveLength(1);
    const stock = new Map((await pull('products')).map((p) => [p.name, p.stock_on_hand]));
    expect(stock.get('Bread loaf')).toBe(9);
    expect(stock.get('Milk 1L')).toBe(-2);
    const shifts = await pull('pos_shifts');
    expect(shifts).toEqual([expect.objectContaining({ status: 'closed', counted_cash_cents: 29_000, expected_cash_cents: 29_200 })]);
    // Once online the device numbers the sales that waited, in the order they were made.
    await expect(sale(page, 'Receipt 18')).toContainText('Split', { timeout: 20_000 });
    await expect(sale(page, 'Receipt 20')).toBeVisible();
    const first = sales.find((o) => o.receipt_number === 1);
    link = `/r/${String(first?.share_token)}`;
  });

  await test.step('the receipt link opens for anyone; a wrong token is not found', async () => {
    const browser = context.browser();
    if (!browser) throw new Error('no browser');
    const stranger = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const reader = await stranger.newPage();
    await reader.goto(link);
    await expect(reader.getByTestId('receipt-number')).toHaveText('Receipt no. 1');
    await expect(reader.getByTestId('receipt-total')).toHaveText(R('37.00'));
    await expect(reader.getByText(`Spaza ${info.project.name}`)).toBeVisible();
    await reader.screenshot({ path: `tests/screenshots/pos-day-${info.project.name}-09-public-receipt.png`, fullPage: true });
    await reader.goto(`${link.slice(0, -2)}xx`);
    await expect(reader.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await stranger.close();
  });
});
