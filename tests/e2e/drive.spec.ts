import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { driveMessages } from '../../schema/drive/drive';
import { skipCookieConsent, uniqueEmail } from './auth-support.js';

/** The drive (issue 14): folders, uploads, thumbnails, rename, download, share links, trash, refusals, resume. */

// Requests the page makes must reach page.route, not a service worker.
test.use({ serviceWorkers: 'block' });

const PASSWORD = 'sunny-day-2025';
/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SHOTS = '/tmp/shots-drive-ui';

async function signUpWithWorkspace(page: Page, tag: string, project: string): Promise<number> {
  const email = uniqueEmail(tag, project);
  const res = await page.request.post('/api/auth/register', {
    data: { full_name: 'Thandi Drive', email, password: PASSWORD, confirmPassword: PASSWORD, age_confirmed: true, terms_accepted: true },
  });
  expect(res.ok()).toBe(true);
  const ws = await page.request.post('/api/workspaces', { data: { name: 'Thandi Crafts', type: 'retail' } });
  expect(ws.ok()).toBe(true);
  const body: { id: number } = await ws.json();
  return body.id;
}

async function openDriveFromNav(page: Page, id: number) {
  await page.goto(`/workspace/${id}/dashboard`);
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  // The phone keeps the navigation behind the menu button; wait for whichever this layout shows.
  await expect(menu.or(nav).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Drive', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Drive', level: 1 })).toBeVisible();
}

function fileInput(page: Page) {
  return page.locator('input[type="file"]').first();
}

function fileRow(page: Page, name: string) {
  return page.getByTestId('drive-file').filter({ hasText: name });
}

async function fileAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test.beforeEach(async ({ page }) => {
  await skipCookieConsent(page);
});

test('a folder, an image with its thumbnail, rename, download, share link, trash and restore', async ({ page, playwright }, info) => {
  const id = await signUpWithWorkspace(page, 'drive', info.project.name);
  await openDriveFromNav(page, id);
  await expect(page.getByText('No files here yet')).toBeVisible();
  await expect(page.getByText(/used$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-empty.png`, fullPage: true });

  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('textbox', { name: 'Folder name' }).fill('Receipts');
  await page.getByRole('button', { name: 'Create folder' }).click();
  await page.getByTestId('drive-folder').getByRole('button', { name: 'Receipts', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Folders' }).getByText('Receipts')).toBeVisible();

  await fileInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  const row = fileRow(page, 'logo.png');
  await expect(row).toBeVisible();
  const thumb = row.getByTestId('drive-thumb');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-files.png`, fullPage: true });

  await fileAction(page, 'logo.png', 'Rename');
  await page.getByRole('textbox', { name: 'New name' }).fill('shop-logo.png');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(fileRow(page, 'shop-logo.png')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await fileAction(page, 'shop-logo.png', 'Download');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('shop-logo.png');
  const path = await download.path();
  expect(readFileSync(path).equals(PNG)).toBe(true);

  // Open shows the picture in a new tab rather than downloading it.
  const opening = page.context().waitForEvent('page');
  await fileAction(page, 'shop-logo.png', 'Open');
  const tab = await opening;
  await tab.waitForLoadState();
  expect(tab.url()).toContain('/content?view=inline');
  await expect(tab.locator('img')).toBeVisible();
  const shown = await page.request.get(tab.url());
  expect(shown.headers()['content-disposition']).toMatch(/^inline; filename="shop-logo.png"/);
  await tab.close();

  await fileAction(page, 'shop-logo.png', 'Share link');
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = page.getByTestId('new-share-link').getByRole('link');
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toContain('/api/drive/shared/');
  // Opened by someone without a session: a fresh request context has no cookies.
  const anon = await playwright.request.newContext();
  const shared = await anon.get(href);
  expect(shared.status()).toBe(200);
  expect(Buffer.from(await shared.body()).equals(PNG)).toBe(true);
  await anon.dispose();
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  expect((await page.request.get(href)).status()).toBe(404);
  await page.getByRole('button', { name: 'Done' }).click();

  await fileAction(page, 'shop-logo.png', 'Move to trash');
  await expect(fileRow(page, 'shop-logo.png')).toHaveCount(0);
  await expect(page.getByText('No files here yet')).toBeVisible();
  await page.getByRole('button', { name: 'Trash', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Restore shop-logo.png' }).click();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Drive' }).click();
  await page.getByTestId('drive-folder').getByRole('button', { name: 'Receipts', exact: true }).click();
  await expect(fileRow(page, 'shop-logo.png')).toBeVisible();
});

test("a file the workspace does not take shows the server's reason, and nothing is stored", async ({ page }, info) => {
  const id = await signUpWithWorkspace(page, 'drive-refused', info.project.name);
  await openDriveFromNav(page, id);
  await fileInput(page).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
  await expect(page.getByTestId('upload-row').filter({ hasText: 'photo.png' }).getByText(driveMessages.content)).toBeVisible();
  await fileInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('a note') });
  await expect(page.getByTestId('upload-row').filter({ hasText: 'notes.txt' }).getByText(driveMessages.type)).toBeVisible();
  await expect(page.getByText('No files here yet')).toBeVisible();
  const usage = await page.request.get(`/api/workspaces/${id}/drive/usage`);
  expect((await usage.json()).used_bytes).toBe(0);
});

test('an upload cut off by going offline resumes after a reload, and the stored file is the same', async ({ page, context }, info) => {
  const id = await signUpWithWorkspace(page, 'drive-resume', info.project.name);
  const data = randomBytes(20 * 1024 * 1024);
  Buffer.from('%PDF-1.7\n').copy(data);
  // A file on disk keeps its modification time across picks, so the upload's fingerprint matches.
  const file = join(mkdtempSync(join(tmpdir(), 'drive-e2e-')), 'stock-list.pdf');
  writeFileSync(file, data);

  let creations = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith(`/api/workspaces/${id}/drive/uploads`)) creations++;
  });
  // Slow each chunk down so the cut lands half-way.
  await page.route('**/drive/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 400));
    // The cut below may have taken this request over already.
    await route.continue().catch(() => undefined);
  });

  await openDriveFromNav(page, id);
  await fileInput(page).setInputFiles(file);
  const row = page.getByTestId('upload-row').filter({ hasText: 'stock-list.pdf' });
  await expect(row.getByText(/^[2-9]\d% of 20 MB$/)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-uploading.png`, fullPage: true });
  await context.setOffline(true);
  await expect(row.getByText('Waiting for a connection…')).toBeVisible();
  await expect(page.getByTestId('online-only')).toBeVisible();

  // Back online with the upload route shut, reload: the page forgets the queue, tus remembers the upload.
  await page.unroute('**/drive/uploads/**');
  await page.route('**/drive/uploads/**', (route) => route.abort());
  await context.setOffline(false);
  await page.reload();
  await page.unroute('**/drive/uploads/**');
  await expect(page.getByRole('heading', { name: 'Drive', level: 1 })).toBeVisible();
  await fileInput(page).setInputFiles(file);
  await expect(fileRow(page, 'stock-list.pdf')).toBeVisible({ timeout: 60_000 });
  expect(creations).toBe(1);

  const listing = await page.request.get(`/api/workspaces/${id}/drive`);
  const body: { files: { name: string; sha256: string; size_bytes: number }[] } = await listing.json();
  const stored = body.files.find((f) => f.name === 'stock-list.pdf');
  expect(stored?.size_bytes).toBe(data.length);
  expect(stored?.sha256).toBe(createHash('sha256').update(data).digest('hex'));
});

test('data saver: a picture loads only when tapped; a large upload waits for Wi-Fi until Upload now', async ({ page }, info) => {
  const id = await signUpWithWorkspace(page, 'saver', info.project.name);
  await page.goto('/settings?tab=data');
  const saver = page.getByRole('switch', { name: 'Save mobile data' });
  await saver.click({ force: true });
  await expect(saver).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-data-saver.png`, fullPage: true });

  await openDriveFromNav(page, id);
  await fileInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  const row = fileRow(page, 'logo.png');
  await expect(row.getByTestId('drive-thumb-held')).toBeVisible();
  await expect(row.getByTestId('drive-thumb')).toHaveCount(0);
  await row.getByRole('button', { name: 'Show preview of logo.png' }).click();
  await expect(row.getByTestId('drive-thumb')).toBeVisible();

  // Headless Chromium reports no Wi-Fi: a 6 MB file waits until asked for.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(6 * 1024 * 1024)]);
  await fileInput(page).setInputFiles({ name: 'catalogue.pdf', mimeType: 'application/pdf', buffer: pdf });
  const upload = page.getByTestId('upload-row').filter({ hasText: 'catalogue.pdf' });
  await expect(upload).toContainText('Data saver: waiting for Wi-Fi');
  await page.waitForTimeout(500);
  await expect(upload).toHaveAttribute('data-status', 'waiting');
  await upload.getByRole('button', { name: 'Upload now' }).click();
  await expect(upload).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(fileRow(page, 'catalogue.pdf')).toBeVisible();
});
