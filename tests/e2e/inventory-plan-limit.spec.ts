import { expect, test } from '@playwright/test';
import { addProduct, newTraderWithWorkspace, productRow } from './inventory-support';

/** spec §1: the free (Mahala) plan holds 10 products; the server refuses the 11th and says why. */
test('on the free plan the 11th product is refused with the plan message and a link to sync', async ({ page }, info) => {
  test.setTimeout(120_000);
  const { workspaceId } = await newTraderWithWorkspace(page, 'plan-limit', info.project.name, `Tuck shop ${info.project.name}`);
  await page.goto(`/workspace/${workspaceId}/inventory`);
  for (let i = 1; i <= 10; i++) await addProduct(page, { name: `Item ${String(i).padStart(2, '0')}` });
  await expect(page.getByText('10 products')).toBeVisible();

  await addProduct(page, { name: 'Item 11' }, false);
  const notice = page.getByRole('status').filter({ hasText: 'A product was not saved' });
  await expect(notice).toContainText('Item 11: The Mahala plan allows 10 products. Upgrade to the Vuka plan for unlimited products.');
  // The sync engine takes the refused product back out of the device database.
  await expect(productRow(page, 'Item 11')).toHaveCount(0);
  await expect(productRow(page, 'Item 10')).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/inventory-${info.project.name}-06-refused.png`, fullPage: true });

  await notice.getByRole('link', { name: 'Review refused changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/sync$`));

  // The notification centre tells of it too, from the device's own sync state, and leads to sync.
  await page.goto(`/workspace/${workspaceId}/inventory`);
  await page.getByTestId('notification-bell').click();
  const trouble = page.getByTestId('notification-sync-trouble');
  await expect(trouble).toHaveText('1 change on this device could not be saved. Open sync to see why.');
  await page.screenshot({ path: `tests/screenshots/inventory-${info.project.name}-06b-bell-refused.png` });
  await trouble.click();
  await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/sync$`));

  // The dashboard says how much of the plan the workspace uses, as the server counts it.
  await page.goto(`/workspace/${workspaceId}/dashboard`);
  await expect(page.getByText('Products: up to 10 on Mahala (10 used)')).toBeVisible();
  await expect(page.getByText('Events: up to 5 on Mahala (0 used)')).toBeVisible();
  await page.screenshot({ path: `tests/screenshots/inventory-${info.project.name}-07-plan-usage.png`, fullPage: true });
});
