import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newTraderWithWorkspace, productRow } from './inventory-support';

/**
 * Issue 16 "data saver": with it on, product pictures and avatars are not fetched until tapped (a
 * till tile, inside its own button, waits for "Show pictures"); nothing is fetched before that.
 */

const SHOTS = 'tests/screenshots';

function loaded(img: Locator) {
  return img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
}

async function goTo(page: Page, link: string) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  await expect(menu.or(nav).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name: link, exact: true }).click();
}

test('data saver: product pictures wait for a tap in the inventory and for "Show pictures" on the till', async ({ page }, info) => {
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/data-saver-${info.project.name}-${name}.png`, fullPage: true });
  const { workspaceId } = await newTraderWithWorkspace(page, 'saver-pics', info.project.name, `Saver Stall ${info.project.name}`);
  const pictureRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/picture\?w=\d+$/.test(r.url())) pictureRequests.push(r.url());
  });

  await test.step('switches data saver on for this device', async () => {
    await page.goto('/settings?tab=data');
    const saver = page.getByRole('switch', { name: 'Save mobile data' });
    await saver.click({ force: true });
    await expect(saver).toBeChecked();
  });

  await test.step('a product with a photo: the photo just picked shows, the stored one waits for a tap', async () => {
    await page.goto(`/workspace/${workspaceId}/inventory`);
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.getByLabel('Name').fill('Brown bread');
    await dialog.getByLabel('Price').fill('18.50');
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 190, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'bread.png', mimeType: 'image/png', buffer: photo });
    await expect(dialog.getByRole('button', { name: 'Change picture' })).toBeVisible();
    await expect.poll(() => loaded(dialog.getByRole('img', { name: 'Photo preview' }))).toBe(true);
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect(dialog).toHaveCount(0);

    const row = productRow(page, 'Brown bread');
    const placeholder = row.getByRole('button', { name: 'Tap to load picture' });
    await expect(placeholder).toBeVisible();
    await expect(row.locator('img[data-picture]')).toHaveCount(0);
    expect(pictureRequests).toEqual([]);
    await shot('01-inventory-held');

    await placeholder.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => loaded(row.locator('img[data-picture]'))).toBe(true);
    expect(pictureRequests).toHaveLength(1);
    await shot('02-inventory-tapped');
  });

  await test.step('on the till (a fresh visit) the tile waits until "Show pictures"', async () => {
    await page.reload();
    await goTo(page, 'Point of Sale');
    const tile = page.getByRole('list', { name: 'Products for sale' }).getByRole('button', { name: 'Add Brown bread' });
    await expect(tile).toBeVisible();
    await expect(tile.getByText('Picture not loaded')).toBeVisible();
    await expect(tile.locator('img[data-picture]')).toHaveCount(0);
    const requestsBefore = pictureRequests.length;
    await shot('03-till-held');
    await page.getByRole('button', { name: 'Show pictures' }).click();
    await expect.poll(() => loaded(tile.locator('img[data-picture]'))).toBe(true);
    expect(pictureRequests.length).toBeGreaterThan(requestsBefore);
    await expect(page.getByRole('button', { name: 'Show pictures' })).toHaveCount(0);
    await shot('04-till-shown');
  });
});
