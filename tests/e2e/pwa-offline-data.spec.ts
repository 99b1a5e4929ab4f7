import { expect, test, type Page } from '@playwright/test';
import { addProduct, adjustStock, logIn, newTraderWithWorkspace, productRow } from './inventory-support';
import { underServiceWorker } from './sw-support';

/**
 * Issue 4 "Done when": after a first online visit the app opens with no network and shows the
 * signed-in person's own data from the device, pages work offline, and offline edits sync later.
 */

async function openNav(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
}

async function goTo(page: Page, link: string) {
  await openNav(page);
  await page.getByRole('link', { name: link, exact: true }).click();
}

test('a signed-in trader opens the control hub and inventory offline, works, and the work syncs when back online', async ({
  page,
  context,
  browser,
}, info) => {
  const shot = (name: string) =>
    page.screenshot({ path: `tests/screenshots/pwa-offline-data-${info.project.name}-${name}.png`, fullPage: true });
  const workspaceName = `Market Stall ${info.project.name}`;
  const { email, workspaceId } = await newTraderWithWorkspace(page, 'offline-data', info.project.name, workspaceName);
  const inventoryUrl = `/workspace/${workspaceId}/inventory`;

  await test.step('online: adds a product', async () => {
    await page.goto(inventoryUrl);
    await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
    await addProduct(page, { name: 'Maize meal 5kg', price: '89.99', sku: 'MM5' });
  });

  await test.step('the service worker controls the page', async () => {
    await page.goto('/controlhub');
    await underServiceWorker(page);
    await expect(page.getByTestId('workspace-row').filter({ hasText: workspaceName })).toBeVisible();
  });

  await context.setOffline(true);

  await test.step('offline: /controlhub reloads with the workspace listed', async () => {
    await page.reload();
    await expect(page.getByTestId('offline-mark')).toBeVisible();
    await expect(page.getByTestId('workspace-row').filter({ hasText: workspaceName })).toBeVisible();
    await shot('controlhub');
  });

  await test.step('offline: the inventory page reloads with the product', async () => {
    await page.goto(inventoryUrl);
    await expect(productRow(page, 'Maize meal 5kg')).toBeVisible();
    await page.reload();
    await expect(productRow(page, 'Maize meal 5kg')).toBeVisible();
    await expect(page.getByText('Failed to fetch workspace')).toHaveCount(0);
    await shot('inventory');
  });

  await test.step('offline: moves between dashboard, CRM and inventory', async () => {
    await goTo(page, 'Dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ })).toBeVisible();
    await expect(page.getByText('Products: up to 10 on Mahala')).toBeVisible();
    await expect(page.getByTestId('inventory-glance')).toHaveText('1 product, 0 low on stock');
    await shot('dashboard');
    await goTo(page, 'CRM');
    await expect(page).toHaveURL(/\/crm$/);
    await expect(page.locator('#root h1').first()).toBeVisible();
    await goTo(page, 'Inventory');
    await expect(productRow(page, 'Maize meal 5kg')).toBeVisible();
  });

  await test.step('offline: adds a product and receives stock', async () => {
    await addProduct(page, { name: 'Cooking oil 2L', price: '54.50' });
    await adjustStock(page, 'Cooking oil 2L', { reason: 'Received from a supplier', quantity: '12' });
    await adjustStock(page, 'Cooking oil 2L', { reason: 'Sold', quantity: '3' });
    await expect(productRow(page, 'Cooking oil 2L').getByTestId('on-hand')).toHaveText('9');
    await shot('inventory-edited');
  });

  await test.step('back online, the offline work reaches another device', async () => {
    await context.setOffline(false);
    await expect(page.getByTestId('offline-mark')).toHaveCount(0);
    const other = await browser.newContext();
    const second = await other.newPage();
    await logIn(second, email);
    await second.goto(inventoryUrl);
    await expect(productRow(second, 'Cooking oil 2L')).toBeVisible({ timeout: 20_000 });
    await expect(productRow(second, 'Cooking oil 2L').getByTestId('on-hand')).toHaveText('9');
    await expect(productRow(second, 'Maize meal 5kg')).toBeVisible();
    await other.close();
  });
});
