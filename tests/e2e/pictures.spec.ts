import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { addProduct, newTraderWithWorkspace, productRow } from './inventory-support';
import { fillLine } from './invoices-support';

/**
 * Issue 14 "Done when": a product photo taken on a phone appears on the till grid, and still appears
 * there offline after a reload (the service worker keeps the sized picture).
 */

const SHOTS = 'tests/screenshots';

/** A 3000×2000 "camera" photo with detail in it, as a phone would hand it over. */
async function cameraPhoto(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 7 + y) % 256;
    pixels[i + 1] = (y * 3) % 256;
    pixels[i + 2] = (x ^ y) % 256;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Whether the image really loaded (a broken image has no natural width). */
function loaded(img: Locator) {
  return img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
}

async function goTo(page: Page, link: string) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  // The phone keeps the navigation behind the menu button; wait for whichever this layout shows.
  await expect(menu.or(nav).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name: link, exact: true }).click();
}

function tile(page: Page, name: string) {
  return page.getByRole('list', { name: 'Products for sale' }).getByRole('button', { name: `Add ${name}` });
}

test('a product photo from the phone is shrunk, shown on the till grid, and still shown offline after a reload', async ({
  page,
  context,
}, info) => {
  if (info.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/pictures-${info.project.name}-${name}.png`, fullPage: true });
  const { workspaceId } = await newTraderWithWorkspace(page, 'pictures', info.project.name, `Photo Stall ${info.project.name}`);
  const photo = await cameraPhoto();

  await test.step('takes a photo in the product form; it goes up shrunk to 1600 px as WebP', async () => {
    await goTo(page, 'Inventory');
    await addProduct(page, { name: 'Plain loaf', price: '15' });
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.getByLabel('Name').fill('Brown bread');
    await dialog.getByLabel('Price').fill('18.50');
    const input = dialog.locator('input[type="file"]');
    await expect(input).toHaveAttribute('accept', 'image/*');
    await expect(input).toHaveAttribute('capture', 'environment');
    await input.setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(dialog.getByRole('button', { name: 'Change picture' })).toBeVisible();
    await expect.poll(() => loaded(dialog.getByRole('img', { name: 'Photo preview' }))).toBe(true);
    await shot('01-form');
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect(dialog).toHaveCount(0);

    const row = productRow(page, 'Brown bread');
    await expect.poll(() => loaded(row.locator('img[data-picture]'))).toBe(true);
    await expect(productRow(page, 'Plain loaf').locator('img[data-picture]')).toHaveCount(0);
    await shot('02-inventory');

    const listing = await page.request.get(`/api/workspaces/${workspaceId}/drive`);
    const root: { folders: Array<{ id: string; name: string }> } = await listing.json();
    const folder = root.folders.find((f) => f.name === 'Products');
    expect(folder).toBeDefined();
    const inside: { files: Array<{ id: string; name: string; mime_type: string; size_bytes: number }> } = await (
      await page.request.get(`/api/workspaces/${workspaceId}/drive?folder=${folder?.id}`)
    ).json();
    expect(inside.files).toHaveLength(1);
    expect(inside.files[0]).toMatchObject({ name: 'IMG_2041.webp', mime_type: 'image/webp' });
    expect(inside.files[0].size_bytes).toBeLessThan(photo.length);
    const stored = await page.request.get(`/api/workspaces/${workspaceId}/drive/files/${inside.files[0].id}/content`);
    expect(await sharp(await stored.body()).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
  });

  await test.step('the service worker controls the page', async () => {
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  });

  await test.step('the till grid shows the photo, at the size the tile needs', async () => {
    await goTo(page, 'Point of Sale');
    await expect(page).toHaveURL(/\/pos$/);
    const img = tile(page, 'Brown bread').locator('img[data-picture]');
    await expect.poll(() => loaded(img)).toBe(true);
    expect(await img.getAttribute('src')).toMatch(/\/picture\?w=(256|512)$/);
    await expect(tile(page, 'Plain loaf').locator('img[data-picture]')).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('vuka-pictures-v1')).keys()).map((r) => new URL(r.url).pathname)))
      .toEqual(expect.arrayContaining([expect.stringMatching(/\/picture$/)]));
    await shot('03-till');
  });

  await context.setOffline(true);

  await test.step('offline, after a reload, the till still shows it, from the service worker', async () => {
    const answered: boolean[] = [];
    page.on('response', (r) => {
      if (/\/picture\?w=\d+$/.test(r.url())) answered.push(r.fromServiceWorker());
    });
    await page.reload();
    await expect(page.getByRole('link', { name: /Sync status: Offline/ })).toBeVisible();
    const img = tile(page, 'Brown bread').locator('img[data-picture]');
    await expect(img).toBeVisible();
    await expect.poll(() => loaded(img)).toBe(true);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every(Boolean)).toBe(true);
    await shot('04-till-offline');
  });

  await context.setOffline(false);
});

test('the workspace logo prints on the invoice, settings show storage, a profile picture shows, a folder comes back from the trash', async ({
  page,
}, info) => {
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/pictures-${info.project.name}-${name}.png`, fullPage: true });
  const { workspaceId } = await newTraderWithWorkspace(page, 'logo', info.project.name, `Logo Works ${info.project.name}`);
  const logo = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#1d3557' } })
    .png()
    .toBuffer();

  await test.step('settings: a logo is picked and saved, and storage use is shown', async () => {
    await goTo(page, 'Settings');
    const group = page.getByRole('group', { name: 'Workspace logo' });
    await group.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByText('Logo saved')).toBeVisible();
    await expect.poll(() => loaded(page.getByRole('img', { name: 'Workspace logo preview' }))).toBe(true);
    await expect(page.getByTestId('storage-usage')).toHaveText(/^[1-9][\d.]* (B|KB) of 1\.0 GB used$/);
    await page.getByRole('heading', { name: 'Logo', exact: true }).scrollIntoViewIfNeeded();
    await shot('05-settings');
  });

  await test.step('the invoice view prints the logo above the business name', async () => {
    await goTo(page, 'Invoices');
    await page.getByRole('link', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Customer name').fill('Naledi Khumalo');
    await fillLine(page, 1, { description: 'Logo design', quantity: '1', price: '2500' });
    await form.getByRole('button', { name: 'Save draft' }).click();
    const img = page.getByTestId('document-logo');
    await expect(img).toHaveAttribute('alt', `Logo Works ${info.project.name} logo`);
    await expect.poll(() => loaded(img)).toBe(true);
    await shot('06-invoice');
  });

  await test.step('the profile takes a picture and shows it', async () => {
    await page.goto('/profile');
    const group = page.getByRole('group', { name: 'Profile picture' });
    await group.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByLabel('Avatar URL')).toHaveValue(
      new RegExp(`/api/workspaces/${workspaceId}/drive/files/[0-9a-f-]{36}/picture\\?w=\\d+$`),
    );
    await shot('07-profile');
  });

  await test.step('a folder in the trash comes back with what was in it', async () => {
    const folder: { id: string } = await (
      await page.request.post(`/api/workspaces/${workspaceId}/drive/folders`, { data: { name: 'Old stock' } })
    ).json();
    expect((await page.request.delete(`/api/workspaces/${workspaceId}/drive/folders/${folder.id}`)).ok()).toBe(true);
    await page.goto(`/workspace/${workspaceId}/drive`);
    await page.getByRole('button', { name: 'Trash', exact: true }).click();
    await page.getByRole('button', { name: 'Restore Old stock' }).click();
    await expect(page.getByText('Folder restored with its contents')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Restore Old stock' })).toHaveCount(0);
    await page.goto(`/workspace/${workspaceId}/drive`);
    await expect(page.getByTestId('drive-folder').getByRole('button', { name: 'Old stock', exact: true })).toBeVisible();
  });
});
