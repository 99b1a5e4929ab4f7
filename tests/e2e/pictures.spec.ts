import { expect, test, type BrowserContext, type Download, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { pictureWidthFor } from '../../schema/pictures/pictures';
import { pdfFirstPageImages, pdfText } from '../support/pdf-text';
import { addProduct, newTraderWithWorkspace, productRow } from './inventory-support';
import { fillLine } from './invoices-support';
import { underServiceWorker } from './sw-support';

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

  await test.step('the service worker controls the page', () => underServiceWorker(page));

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

/** The bytes of a downloaded file. */
async function downloaded(download: Promise<Download>): Promise<Uint8Array> {
  return new Uint8Array(readFileSync(await (await download).path()));
}

/** Draws the PDF's first page in a page of its own with pdf.js, and saves a picture of it. */
async function pdfFirstPageShot(context: BrowserContext, bytes: Uint8Array, path: string) {
  const viewer = await context.newPage();
  await viewer.setContent('<canvas id="page" style="border:1px solid #ccc"></canvas>');
  await viewer.addScriptTag({ path: 'node_modules/pdfjs-dist/build/pdf.worker.min.mjs', type: 'module' });
  await viewer.addScriptTag({ path: 'node_modules/pdfjs-dist/build/pdf.min.mjs', type: 'module' });
  await viewer.waitForFunction(() => 'pdfjsLib' in globalThis && 'pdfjsWorker' in globalThis);
  await viewer.evaluate(async (data) => {
    type PdfJs = {
      getDocument(o: { data: Uint8Array }): {
        promise: Promise<{
          getPage(n: number): Promise<{
            getViewport(o: { scale: number }): { width: number; height: number };
            render(o: { canvasContext: CanvasRenderingContext2D; viewport: unknown }): { promise: Promise<void> };
          }>;
        }>;
      };
    };
    const lib = (globalThis as unknown as { pdfjsLib: PdfJs }).pdfjsLib;
    const pdf = await lib.getDocument({ data: Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) }).promise;
    const first = await pdf.getPage(1);
    const viewport = first.getViewport({ scale: 1.5 });
    const canvas = document.getElementById('page') as HTMLCanvasElement;
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    const ctx = canvas.getContext('2d');
    if (ctx) await first.render({ canvasContext: ctx, viewport }).promise;
  }, Buffer.from(bytes).toString('base64'));
  await viewer.locator('#page').screenshot({ path });
  await viewer.close();
}

test('the workspace logo and address print on the invoice and its PDF (offline too), settings show storage, a profile picture shows offline and is removed, a folder comes back from the trash', async ({
  page,
  context,
}, info) => {
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/pictures-${info.project.name}-${name}.png`, fullPage: true });
  const { workspaceId } = await newTraderWithWorkspace(page, 'logo', info.project.name, `Logo Works ${info.project.name}`);
  // A wide logo with a transparent background, so its shape and proportions show on the page and the PDF.
  const logo = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><circle cx="150" cy="150" r="130" fill="#1d3557"/>' +
        '<rect x="320" y="60" width="250" height="180" rx="30" fill="#e63946"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  const address = ['14 Bree Street', 'Cape Town 8001'];
  await underServiceWorker(page);

  await test.step('settings: a logo is picked and saved, the business address is saved, and storage use is shown', async () => {
    await goTo(page, 'Settings');
    const group = page.getByRole('group', { name: 'Workspace logo' });
    await group.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByText('Logo saved')).toBeVisible();
    await expect.poll(() => loaded(page.getByRole('img', { name: 'Workspace logo preview' }))).toBe(true);
    await expect(page.getByTestId('storage-usage')).toHaveText(/^[1-9][\d.]* (B|KB) of 1\.0 GB used$/);
    await page.getByLabel('Business address').fill(address.join('\n'));
    await page.getByRole('button', { name: 'Save business details' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await page
      .getByRole('heading', { name: 'Business and tax' })
      .locator('..')
      .screenshot({ path: `${SHOTS}/pictures-${info.project.name}-05-settings-address.png` });
    await page.getByRole('heading', { name: 'Logo', exact: true }).scrollIntoViewIfNeeded();
    await shot('05-settings');
  });

  let number = '';
  await test.step('the invoice view prints the logo above the business name, and the address under it', async () => {
    // With a signal, the invoices list fetches the PDF maker and the logo as documents print it, so
    // the service worker has both for a PDF made offline.
    await page.evaluate(() => caches.delete('vuka-pictures-v1'));
    const pdfMaker = page.waitForResponse((res) => /\/assets\/document-pdf-file-[\w-]+\.js$/.test(res.url()) && res.ok());
    await goTo(page, 'Invoices');
    await pdfMaker;
    const width = pictureWidthFor(160, await page.evaluate(() => window.devicePixelRatio));
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('vuka-pictures-v1')).keys()).map((r) => new URL(r.url).search)))
      .toEqual([`?w=${width}`]);
    await page.getByRole('link', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Customer name').fill('Naledi Khumalo');
    await fillLine(page, 1, { description: 'Logo design', quantity: '1', price: '2500' });
    await form.getByRole('button', { name: 'Save draft' }).click();
    const heading = page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ });
    await expect(heading).toBeVisible();
    number = /INV-\d{6}/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
    const img = page.getByTestId('document-logo');
    await expect(img).toHaveAttribute('alt', `Logo Works ${info.project.name} logo`);
    await expect.poll(() => loaded(img)).toBe(true);
    await expect(page.getByTestId('seller-address')).toHaveText(address.join('\n'));
    await shot('06-invoice');
  });

  /** Downloads the invoice's PDF and checks it holds the logo and the seller's address. */
  async function checkPdf(shotName: string) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const bytes = await downloaded(download);
    const text = await pdfText(bytes);
    expect(text).toContain(number);
    expect(text).toMatch(new RegExp(`Logo Works ${info.project.name}\\n+${address.join('\\n+')}`));
    expect(await pdfFirstPageImages(bytes)).toBe(1);
    await pdfFirstPageShot(context, bytes, `${SHOTS}/pictures-${info.project.name}-${shotName}.png`);
  }

  await test.step('its PDF carries the logo as an image, and the address under the business name', () => checkPdf('06-invoice-pdf'));

  await context.setOffline(true);
  await test.step('offline, after a reload, the PDF still carries the logo (from the picture cache)', async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: /Sync status: Offline/ })).toBeVisible();
    await expect.poll(() => loaded(page.getByTestId('document-logo'))).toBe(true);
    await checkPdf('06-invoice-pdf-offline');
  });
  await context.setOffline(false);

  const picture = page.getByRole('group', { name: 'Profile picture' });
  const preview = picture.getByRole('img', { name: 'Profile picture preview' });
  await test.step('the profile takes a picture and shows it', async () => {
    await page.goto('/profile');
    await expect(picture.getByRole('button', { name: 'Remove picture' })).toHaveCount(0);
    await picture.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByLabel('Avatar URL')).toHaveValue(
      new RegExp(`/api/workspaces/${workspaceId}/drive/files/[0-9a-f-]{36}/picture\\?w=\\d+$`),
    );
    await expect(picture.getByRole('button', { name: 'Remove picture' })).toBeVisible();
    await expect(picture.getByRole('button', { name: 'Change picture' })).toBeVisible();
    await page.reload();
    await expect.poll(() => loaded(preview)).toBe(true);
    await shot('07-profile');
  });

  await context.setOffline(true);
  await test.step('offline, after a reload, the profile picture still shows, from the service worker', async () => {
    const answered: boolean[] = [];
    page.on('response', (r) => {
      if (/\/picture\?w=\d+$/.test(r.url())) answered.push(r.fromServiceWorker());
    });
    await page.reload();
    await expect.poll(() => loaded(preview)).toBe(true);
    await expect.poll(() => loaded(page.getByRole('button', { name: /^Account menu for / }).locator('img'))).toBe(true);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every(Boolean)).toBe(true);
    await shot('07-profile-offline');
  });
  await context.setOffline(false);

  await test.step('Remove picture takes it off the profile, and it stays off after a reload', async () => {
    await page.reload();
    await picture.getByRole('button', { name: 'Remove picture' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByLabel('Avatar URL')).toHaveValue('');
    await expect(preview).toHaveCount(0);
    await expect(picture.getByText('No picture')).toBeVisible();
    await expect(picture.getByRole('button', { name: 'Add picture' })).toBeVisible();
    await expect(picture.getByRole('button', { name: 'Remove picture' })).toHaveCount(0);
    await shot('08-profile-removed');
    await page.reload();
    await expect(page.getByLabel('Avatar URL')).toHaveValue('');
    await expect(page.getByRole('button', { name: /^Account menu for / }).locator('img')).toHaveCount(0);
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
