import { expect, test } from '@playwright/test';
import { addProduct, adjustStock, newTraderWithWorkspace } from './inventory-support';
import { goTo } from './invoices-support';
import { cashExact, charge, sale, tile } from './pos-support';
import { underServiceWorker } from './sw-support';

/**
 * "Never lose a sale": once the receipt shows, the sale is on the device. A page that dies the
 * moment its receipt appears, offline, and is closed, leaves the sale, its receipt number and its
 * stock change whole: the till opened again lists it, counts its stock, numbers the next sale after
 * it, and pushes all of it once back online.
 */

test('a page that dies the moment its receipt shows, offline, keeps the whole sale', async ({ page, context }, info) => {
  // Opening a shift first, and a crash that waits on a loaded machine, take more than the default time.
  test.setTimeout(180_000);
  const { workspaceId } = await newTraderWithWorkspace(page, 'pos-durable', info.project.name, `Durable ${info.project.name}`);

  await test.step('online: a product with stock, a shift open with receipt numbers in hand, the app held by the service worker', async () => {
    await goTo(page, 'Inventory');
    await addProduct(page, { name: 'Paraffin 1L', price: '31', vat: '15' });
    await adjustStock(page, 'Paraffin 1L', { reason: 'Received from a supplier', quantity: '5' });
    await goTo(page, 'Point of Sale');
    await expect(page.getByText('Receipt numbers are reserved with the first sale')).toBeVisible();
    // A shift opened online: the till is about to sell and takes a few receipt numbers.
    await page.getByRole('button', { name: 'Open shift' }).click();
    const open = page.getByRole('dialog', { name: 'Open shift' });
    await open.getByLabel('Opening float').fill('50');
    await open.getByRole('button', { name: 'Open shift' }).click();
    await expect(page.getByText('5 receipt numbers ready on this device')).toBeVisible();
    await underServiceWorker(page);
    await expect(page.getByText('5 receipt numbers ready on this device')).toBeVisible();
    await expect(tile(page, 'Paraffin 1L')).toContainText('5 in stock');
  });

  await context.setOffline(true);
  await expect(page.getByTestId('sync-online')).toHaveText('Offline');

  await test.step('offline: the page dies the moment the receipt is there', async () => {
    // The instant the receipt is in the page, the page says what it shows and then runs no other line
    // until its renderer is crashed, as a phone's browser killed or out of battery would end it:
    // nothing the till meant to do after the receipt (its stock movements) happens in it.
    const cdp = await context.newCDPSession(page);
    const shown = new Promise<string>((resolve) =>
      page.on('console', (message) => {
        if (message.text().startsWith('receipt shown:')) resolve(message.text());
      }),
    );
    await page.evaluate(() => {
      new MutationObserver(() => {
        const receipt = document.querySelector('article[aria-label="Receipt"]');
        if (!receipt) return;
        console.log(`receipt shown: ${receipt.textContent ?? ''}`);
        // Bounded, should the crash below not come.
        const until = Date.now() + 30_000;
        while (Date.now() < until);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await tile(page, 'Paraffin 1L').click();
    await page.getByRole('button', { name: /^Charge / }).click();
    const pay = page.getByRole('dialog', { name: 'Take payment' });
    await pay.getByRole('button', { name: /^Exact / }).click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    expect(await shown).toContain('Receipt no. 1');
    const crashed = new Promise<void>((resolve) => page.once('crash', () => resolve()));
    // The crashed target never answers the command itself.
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    await page.close();
  });

  const again = await context.newPage();
  await test.step('offline: the till opened again has the sale, its stock change, and numbers on from it', async () => {
    await again.goto(`/workspace/${workspaceId}/pos`);
    await expect(sale(again, 'Receipt 1')).toBeVisible({ timeout: 20_000 });
    await expect(tile(again, 'Paraffin 1L')).toContainText('4 in stock');
    // The sold cart is not offered again.
    await expect(again.getByText('Tap a product or scan a code to start a sale.')).toBeVisible();
    await tile(again, 'Paraffin 1L').click();
    const done = await charge(again, 2, cashExact);
    await again.screenshot({ path: `tests/screenshots/pos-durable-${info.project.name}-receipt.png`, fullPage: true });
    await done.getByRole('button', { name: 'New sale' }).click();
    await expect(tile(again, 'Paraffin 1L')).toContainText('3 in stock');
  });

  await test.step('back online: both sales and their stock reach the server', async () => {
    await context.setOffline(false);
    await expect(again.getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 30_000 });
    const stock = await again.evaluate(async (ws) => {
      const res = await fetch(`/api/sync/products/pull?workspace=${ws}&seq=0&id=&limit=100`);
      const body = (await res.json()) as { documents: { name?: string; stock_on_hand?: number }[] };
      return body.documents.find((d) => d.name === 'Paraffin 1L')?.stock_on_hand;
    }, workspaceId);
    expect(stock).toBe(3);
  });
});
