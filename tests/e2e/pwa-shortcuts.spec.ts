import { expect, test } from '@playwright/test';
import { newTraderWithWorkspace } from './inventory-support';

/**
 * Issue 4 "shortcuts to POS and new invoice": the manifest's shortcut URLs open the till and a new
 * invoice in the trader's workspace, with or without a network.
 */
test('the installed app’s shortcuts open the till and a new invoice, also offline', async ({ page, context }, info) => {
  const { workspaceId } = await newTraderWithWorkspace(page, 'shortcuts', info.project.name, `Shortcut Stall ${info.project.name}`);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  const urls: Record<string, string> = Object.fromEntries(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url]));

  await test.step('online: Point of sale', async () => {
    await page.goto(urls['Point of sale']);
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/pos$`));
    await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
  });

  await test.step('offline: New invoice', async () => {
    await page.goto('/controlhub');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await page.goto(urls['New invoice']);
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/invoices/new`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/invoice/i);
    await page.screenshot({ path: `tests/screenshots/pwa-shortcut-invoice-${info.project.name}.png`, fullPage: true });
    await page.goto(urls['Point of sale']);
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/pos$`));
    await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
  });
});
