import { expect, test } from '@playwright/test';
import { closeToasts } from './auth-support';
import { addProduct, adjustStock, newTraderWithWorkspace, productRow } from './inventory-support';

/** Inventory on the device database: products, the stock ledger and the low-stock highlight. */
test('a trader adds, checks, edits, restocks and deletes products', async ({ page }, info) => {
  const shot = (name: string) => page.screenshot({ path: `tests/screenshots/inventory-${info.project.name}-${name}.png`, fullPage: true });
  const { workspaceId } = await newTraderWithWorkspace(page, 'inventory', info.project.name, `Spaza ${info.project.name}`);

  await test.step('sets the workspace currency to ZAR', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
  });

  await page.goto(`/workspace/${workspaceId}/inventory`);
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await shot('01-empty');

  await test.step('the form refuses a product without a name or with a bad price, and saves nothing', async () => {
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.getByLabel('Price').fill('12.345');
    await dialog.getByLabel('Low-stock level').fill('two');
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Price must be an amount like 12.50')).toBeVisible();
    await expect(dialog.getByText('Low-stock level must be a whole number, 0 or more')).toBeVisible();
    // Three fields refused: focus goes to the first of them, not to the top of the form or the last one typed in.
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await shot('02-form-errors');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  });

  await test.step('adds products with prices shown in rand', async () => {
    await addProduct(page, { name: 'Bread loaf', price: '12.5', sku: 'BRD-1', category: 'Bakery', lowStock: '5' });
    await addProduct(page, { name: 'Milk 1L', price: '18.99', category: 'Dairy', lowStock: '2' });
    await expect(productRow(page, 'Bread loaf')).toContainText('R\u00a012.50');
    await expect(productRow(page, 'Bread loaf')).toContainText('BRD-1');
    await expect(productRow(page, 'Milk 1L')).toContainText('R\u00a018.99');
  });

  await test.step('new products with no stock are highlighted as low', async () => {
    await expect(productRow(page, 'Bread loaf').getByText('Low stock')).toBeVisible();
    await expect(page.getByText('2 products, 2 low on stock')).toBeVisible();
  });

  await test.step('receiving and selling stock changes the computed on hand', async () => {
    await page.getByRole('button', { name: 'Adjust stock of Bread loaf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust stock: Bread loaf' });
    await dialog.getByLabel('Quantity').fill('20');
    await expect(dialog.getByText('On hand after: 20')).toBeVisible();
    await shot('03-stock-dialog');
    await dialog.getByLabel('Quantity').fill('0');
    await dialog.getByRole('button', { name: 'Record change' }).click();
    await expect(dialog.getByText('Quantity must be a whole number above 0')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await adjustStock(page, 'Bread loaf', { reason: 'Received from a supplier', quantity: '20', note: 'Baker delivery' });
    await expect(productRow(page, 'Bread loaf').getByTestId('on-hand')).toHaveText('20');
    await expect(productRow(page, 'Bread loaf').getByText('Low stock')).toHaveCount(0);
    await adjustStock(page, 'Bread loaf', { reason: 'Sold', quantity: '14' });
    await expect(productRow(page, 'Bread loaf').getByTestId('on-hand')).toHaveText('6');
    await adjustStock(page, 'Bread loaf', { reason: 'Count correction or damaged', quantity: '1', note: 'Squashed' });
    await expect(productRow(page, 'Bread loaf').getByTestId('on-hand')).toHaveText('5');
    await expect(productRow(page, 'Bread loaf').getByText('Low stock')).toBeVisible();
    await shot('04-list');
  });

  await test.step('edits a product and search finds it by SKU', async () => {
    await page.getByRole('button', { name: 'Edit Bread loaf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Bread loaf' });
    await expect(dialog.getByLabel('Price')).toHaveValue('12.50');
    await dialog.getByLabel('Name').fill('Brown bread');
    await dialog.getByLabel('Price').fill('14');
    await shot('05-edit-form');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(productRow(page, 'Brown bread')).toContainText('R\u00a014.00');
    await expect(productRow(page, 'Brown bread').getByTestId('on-hand')).toHaveText('5');

    await page.getByLabel('Search products').fill('brd');
    await expect(productRow(page, 'Brown bread')).toBeVisible();
    await expect(productRow(page, 'Milk 1L')).toHaveCount(0);
    await page.getByLabel('Search products').fill('nothing like this');
    await expect(page.getByRole('heading', { name: 'No matching products' })).toBeVisible();
    await page.getByLabel('Search products').fill('');
  });

  await test.step('deletes a product only after confirming', async () => {
    await closeToasts(page);
    await page.getByRole('button', { name: 'Delete Milk 1L' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Milk 1L?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(productRow(page, 'Milk 1L')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Milk 1L' }).click();
    await confirm.getByRole('button', { name: 'Delete product' }).click();
    await expect(productRow(page, 'Milk 1L')).toHaveCount(0);
    await expect(page.getByText('1 product, 1 low on stock')).toBeVisible();
  });

  await test.step('everything is still there after a reload (stored on the device)', async () => {
    await page.reload();
    await expect(productRow(page, 'Brown bread').getByTestId('on-hand')).toHaveText('5');
  });
});
