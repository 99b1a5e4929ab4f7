import { expect, test, type Locator, type Page } from '@playwright/test';
import { contentMessages } from '../../schema/content/content';
import { skipCookieConsent } from './auth-support';
import { newTraderWithWorkspace } from './inventory-support';
import { gradientPng } from '../support/pictures.js';

/**
 * Issue 22 "Done when" (content half): an article written in the content area on a phone and
 * published appears on /magazine and its page, and the HTML the server sends for that page (no
 * JavaScript) carries its title and Article JSON-LD. A draft typed while offline is kept.
 */

const SHOTS = 'tests/screenshots';
const PHONE = { width: 390, height: 844 };

/** Whether the image really loaded (a broken image has no natural width). */
function loaded(img: Locator) {
  return img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
}

/** A 640×360 photo-like PNG: a colour gradient, so a thumbnail of it is plainly a picture. */
function stallPhoto(): Promise<Buffer> {
  return gradientPng(640, 360, { base: [200, 80, 40], across: 55, down: 120 });
}

test.beforeEach(async ({ page }, info) => {
  if (info.project.name === 'phone') await page.setViewportSize(PHONE);
  await skipCookieConsent(page);
});

test('write an article, keep it through a lost connection, publish it and read it on the magazine', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(180_000);
  const shot = (p: Page, name: string) => p.screenshot({ path: `${SHOTS}/content-${info.project.name}-${name}.png`, fullPage: true });
  const title = `Baking bread for the spaza ${info.project.name} ${Date.now()}`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'content', info.project.name, 'Mokoena Bakery');

  await test.step('a new entry published with no title is refused with a clear message', async () => {
    await page.goto(`/workspace/${workspaceId}/content`);
    await expect(page.getByRole('heading', { name: 'Content' })).toBeVisible();
    await page.getByRole('link', { name: 'New entry' }).click();
    await expect(page.getByRole('heading', { name: 'New entry' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(contentMessages.titleToPublish).first()).toBeVisible();
  });

  await test.step('writes the title and a formatted body with the toolbar', async () => {
    await page.getByLabel('Title', { exact: true }).fill(title);
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.getByRole('button', { name: 'Heading' }).click();
    await page.keyboard.type('Why bake at dawn');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Paragraph' }).click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Fresh bread');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' sells before the taxis leave.');
    await expect(body.locator('h2')).toHaveText('Why bake at dawn');
    await expect(body.locator('b, strong')).toHaveText('Fresh bread');
    await page.getByLabel('Excerpt').fill('Early loaves, loyal customers.');
    await page.getByLabel('New category').fill('Food');
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
    await page.getByLabel('Tags').fill('bread, mornings');
    await shot(page, 'editor');
  });

  await test.step('offline, saving says so; after a reload the draft typed offline is still there', async () => {
    await context.setOffline(true);
    await page.getByLabel('Excerpt').fill('Early loaves, loyal customers, typed offline.');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(contentMessages.offline).first()).toBeVisible();
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText('Unsaved changes restored')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Excerpt')).toHaveValue('Early loaves, loyal customers, typed offline.');
    await expect(page.getByRole('textbox', { name: 'Body' }).locator('b, strong')).toHaveText('Fresh bread');
  });

  await test.step('the preview shows the article as readers will see it', async () => {
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('article', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Why bake at dawn' })).toBeVisible();
    await shot(page, 'preview');
    await page.getByRole('button', { name: 'Edit' }).click();
  });

  let articlePath = '';
  await test.step('publishes it', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const link = page.getByRole('link', { name: 'View on the magazine' });
    await expect(link).toBeVisible();
    articlePath = (await link.getAttribute('href')) ?? '';
    expect(articlePath).toMatch(/^\/magazine\/article\/baking-bread-for-the-spaza-/);
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/content/[0-9a-f-]{36}$`));
    await page.goto(`/workspace/${workspaceId}/content`);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Published' });
    await expect(page.getByRole('list', { name: 'Entries' }).getByRole('link', { name: title })).toBeVisible();
    await shot(page, 'list');
  });

  await test.step('anyone finds it on /magazine and reads its page', async () => {
    await context.clearCookies();
    await page.goto('/magazine');
    await expect(page.getByRole('heading', { name: 'Magazine', level: 1 })).toBeVisible();
    const card = page.getByRole('link', { name: new RegExp(title) });
    await expect(card).toBeVisible();
    await shot(page, 'magazine');
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${articlePath}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('By Thandi Mokoena')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why bake at dawn' })).toBeVisible();
    await shot(page, 'article');
  });

  await test.step('the HTML the server sends for the article, with no JavaScript, carries its title and Article JSON-LD', async () => {
    const res = await request.get(articlePath);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${title} | Vuka</title>`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Record<string, unknown>,
    );
    expect(ld[0]).toMatchObject({ '@type': 'Article', headline: title, author: { name: 'Thandi Mokoena' } });
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`${articlePath}</loc>`);
  });
});

test('a picture already in the drive becomes an entry’s cover: chosen from the drive, kept after a reload, shown on the magazine', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const shot = (p: Page, name: string) => p.screenshot({ path: `${SHOTS}/content-${info.project.name}-${name}.png`, fullPage: true });
  // The narrowest phone we design for: the picker's rows must fit it.
  if (info.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  const title = `Market day stall ${info.project.name} ${Date.now()}`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'cover', info.project.name, 'Mokoena Stall');

  await test.step('puts a photo in a drive folder and a price list at the top of the drive', async () => {
    await page.goto(`/workspace/${workspaceId}/drive`);
    await expect(page.getByRole('heading', { name: 'Drive', level: 1 })).toBeVisible();
    const input = page.locator('input[type="file"]').first();
    await input.setInputFiles({ name: 'price-list.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(page.getByTestId('drive-file').filter({ hasText: 'price-list.pdf' })).toBeVisible();
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('textbox', { name: 'Folder name' }).fill('Market photos');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByTestId('drive-folder').getByRole('button', { name: 'Market photos', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Folders' }).getByText('Market photos')).toBeVisible();
    await input.setInputFiles({ name: 'market-stall.png', mimeType: 'image/png', buffer: await stallPhoto() });
    await expect(page.getByTestId('drive-file').filter({ hasText: 'market-stall.png' }).getByTestId('drive-thumb')).toBeVisible();
  });

  const coverGroup = page.getByRole('group', { name: 'Cover image' });
  const picker = page.getByRole('group', { name: 'Pictures in the drive' });
  await test.step('in a new entry, "Choose from the drive" offers pictures only, folder by folder', async () => {
    await page.goto(`/workspace/${workspaceId}/content/new`);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await coverGroup.getByRole('button', { name: 'Choose from the drive' }).click();
    await expect(coverGroup.getByRole('button', { name: 'Close the drive' })).toHaveAttribute('aria-expanded', 'true');
    // The top of the drive holds only the PDF: it is not offered.
    await expect(picker.getByText('No pictures in this folder.')).toBeVisible();
    await expect(picker.getByText('price-list.pdf')).toHaveCount(0);
    await picker.getByRole('button', { name: /Market photos/ }).click();
    const use = picker.getByRole('button', { name: 'Use market-stall.png as cover' });
    await expect(use).toHaveText('Use as cover');
    await expect(picker.getByRole('button', { name: 'Drive', exact: true })).toBeVisible();
    const thumb = picker.getByTestId('drive-thumb');
    await expect(thumb).toBeVisible();
    await expect.poll(() => loaded(thumb)).toBe(true);
    await shot(page, 'cover-picker');
    // What the writer sees: the cover group, its picker open, in the middle of the screen.
    await coverGroup.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/content-${info.project.name}-cover-picker-screen.png` });
    await use.click();
  });

  await test.step('the picked photo is the cover, and the picker shows it as the current one', async () => {
    await expect(picker).toHaveCount(0);
    const cover = coverGroup.getByRole('img', { name: 'Cover' });
    await expect(cover).toBeVisible();
    await expect.poll(() => loaded(cover)).toBe(true);
    await expect(coverGroup.getByRole('button', { name: 'Change cover' })).toBeVisible();
    await coverGroup.getByRole('button', { name: 'Choose from the drive' }).click();
    await picker.getByRole('button', { name: /Market photos/ }).click();
    const current = picker.getByRole('button', { name: 'Use market-stall.png as cover' });
    await expect(current).toHaveText('Current cover');
    await expect(current).toBeDisabled();
    await coverGroup.getByRole('button', { name: 'Close the drive' }).click();
    await expect(picker).toHaveCount(0);
  });

  let articlePath = '';
  await test.step('published, the cover is kept after a reload', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const link = page.getByRole('link', { name: 'View on the magazine' });
    await expect(link).toBeVisible();
    articlePath = (await link.getAttribute('href')) ?? '';
    await page.reload();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('Unsaved changes restored')).toHaveCount(0);
    const cover = coverGroup.getByRole('img', { name: 'Cover' });
    await expect.poll(() => loaded(cover)).toBe(true);
  });

  await test.step('the magazine article shows the cover', async () => {
    await page.goto(articlePath);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const cover = page.locator('img[src*="/cover"]');
    await expect(cover).toBeVisible();
    await expect.poll(() => loaded(cover)).toBe(true);
    await shot(page, 'cover-article');
  });
});
