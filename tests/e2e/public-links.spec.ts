import { expect, test, type Page } from '@playwright/test';

// Consent already chosen and the phone notice dismissed, so neither covers the links under test.
test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'vuka-cookie-consent',
      JSON.stringify({ necessary: true, analytics: false, marketing: false, decidedAt: '2026-01-01T00:00:00.000Z' }),
    );
    localStorage.setItem('vuka-desktop-notice-dismissed', 'true');
  });
});

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 880;

async function clickAndExpectPath(page: Page, name: string | RegExp, path: RegExp, scope = page.locator('main')) {
  await scope
    .getByRole('link', { name, exact: typeof name === 'string' })
    .first()
    .click();
  await expect(page).toHaveURL(path);
}

test('header: Home, Pricing, Marketplace, currency, Login and Launch Your Business go where the spec says', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('header').first();
  if (isPhone(page)) {
    const toggle = header.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(header.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    const explore = header.getByRole('navigation', { name: 'Explore' });
    await expect(explore.getByRole('link')).toHaveText(['Marketplace', 'Classifieds', 'Directory', 'Events']);
    for (const [name, href] of [
      ['Marketplace', '/marketplace'],
      ['Classifieds', '/classifieds'],
      ['Directory', '/directory'],
      ['Events', '/events'],
    ]) {
      await expect(explore.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(header.getByLabel('Currency').locator('visible=true')).toBeVisible();
    await header.getByRole('button', { name: 'Close' }).click();
    await expect(header.getByRole('navigation', { name: 'Explore' })).toHaveCount(0);
    await header.getByRole('button', { name: 'Menu' }).click();
  }
  const nav = isPhone(page) ? header.getByRole('navigation', { name: 'Mobile' }) : header.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(nav.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace');
  await expect(header.getByRole('link', { name: 'Login', exact: true }).locator('visible=true')).toHaveAttribute('href', '/auth');
  await expect(header.getByRole('link', { name: 'Launch Your Business' }).locator('visible=true')).toHaveAttribute('href', '/register');
  await expect(header.getByLabel('Currency').locator('visible=true')).toHaveValue('ZAR');

  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Plans');
  if (isPhone(page)) {
    // Navigating closes the mobile menu; open it again for the next link.
    await expect(header.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
    await header.getByRole('button', { name: 'Menu' }).click();
  }

  await header.getByRole('link', { name: 'Launch Your Business' }).locator('visible=true').click();
  await expect(page).toHaveURL(/\/(register|auth)/);
});

test('landing: sections, every module card and the calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Vuka/);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('small businesses');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'public');
  await expect(page.locator('#pricing')).toBeVisible();
  await expect(page.locator('#features')).toBeVisible();
  await expect(page.locator('#pricing').getByText('Pro', { exact: true })).toBeVisible();

  const modules = page.locator('main [data-module]');
  await expect(modules).toHaveCount(15);
  for (const name of [
    'CRM',
    'Invoices & Quotes',
    'Point of Sale',
    'Orders & Storefront',
    'Events & Ticketing',
    'Services & Bookings',
    'Inventory & Products',
    'Classified Ads',
    'Content & Magazine',
    'Social Media Scheduling',
    'Bookkeeper',
    'File Drive',
    'Project Management',
    'Planner',
    'AI Generation',
  ]) {
    await expect(modules.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  // Only what is built reads as available; every other module is marked "Coming soon".
  const available = page.getByRole('list', { name: 'Modules you can use today' }).locator('[data-module]');
  await expect(available.getByRole('heading')).toHaveText([
    'Point of Sale',
    'Inventory & Products',
    'Invoices & Quotes',
    'CRM',
    'Planner',
    'File Drive',
    'Orders & Storefront',
    'Events & Ticketing',
    'Services & Bookings',
    'Classified Ads',
    'Content & Magazine',
    'Project Management',
    'AI Generation',
  ]);
  await expect(available.getByText('Coming soon')).toHaveCount(0);
  const coming = page.getByRole('list', { name: 'Modules coming soon' }).locator('[data-module]');
  await expect(coming).toHaveCount(2);
  for (const tile of await coming.all()) await expect(tile.getByText('Coming soon', { exact: true })).toBeVisible();
  for (const t of ['Market trader', 'Freelancer', 'Salon & barber', 'Spaza shop', 'Caterer', 'Creator']) {
    await expect(page.getByRole('heading', { name: t, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/request the feature your business is missing/)).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Feature',
    'Vuka',
    'Typical POS app',
    'Typical invoicing app',
    'Typical website builder',
  ]);

  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'Explore All Modules' })).toHaveAttribute('href', '/register');
  await expect(main.getByRole('link', { name: 'Join Vuka Network' })).toHaveAttribute('href', '/register');
  await expect(main.getByRole('link', { name: 'Get Started Free', exact: true }).last()).toHaveAttribute('href', '/register');
  await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  await expect(main.locator('#pricing').getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/register?plan=free');
  await expect(main.locator('#pricing').getByRole('link', { name: 'Choose Vuka Plan' })).toHaveAttribute('href', '/register?plan=pro');

  await clickAndExpectPath(page, 'Contact Us', /\/contact$/);
  await page.goBack();
  await clickAndExpectPath(page, 'Explore All Modules', /\/(register|auth)/);
  await page.goto('/');
  await clickAndExpectPath(page, 'Join Vuka Network', /\/(register|auth)/);
});

test('pricing: plan cards, comparison table, FAQ, structured data and both register links', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Pricing | Vuka');
  const free = page.locator('[data-plan="free"]').first();
  const pro = page.locator('[data-plan="pro"]').first();
  await expect(free.getByText('Free', { exact: true })).toBeVisible();
  await expect(free.getByRole('heading', { name: 'Mahala Plan' })).toBeVisible();
  await expect(pro.getByText('Pro', { exact: true })).toBeVisible();
  await expect(pro.getByText('MOST POPULAR')).toBeVisible();
  await expect(pro.locator('[data-price]')).toHaveText('R499');
  await expect(free.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/register?plan=free');
  await expect(pro.getByRole('link', { name: 'Choose Vuka Plan' })).toHaveAttribute('href', '/register?plan=pro');

  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(12);
  await expect(rows.filter({ hasText: 'Storage' }).getByRole('cell')).toHaveText(['1 GB', '10 GB']);
  await expect(rows.filter({ hasText: 'Invoices and quotes e-mailed a day' }).getByRole('cell')).toHaveText(['20', '200']);
  await expect(rows.filter({ hasText: 'Support' }).getByRole('cell')).toHaveText(['Community', 'Help center and e-mail']);
  await expect(page.getByRole('table').getByRole('cell', { name: '—' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'AI credits' }).getByRole('cell')).toHaveText(['5', '100']);
  await expect(rows.filter({ hasText: 'Workspaces' }).getByRole('cell')).toHaveText(['1', 'Unlimited']);
  await expect(page.locator('main [data-module]')).toHaveCount(15);

  await page.getByText('Is there a free trial').click();
  await expect(page.getByText('free for 30 days, and no credit card is needed')).toBeVisible();
  for (const text of [
    'saves up to 20%',
    'upgrade gives you the new features immediately',
    'end of your billing cycle',
    'until the end of the billing period',
    'refresh at the start of each billing cycle',
  ]) {
    await expect(page.getByText(text, { exact: false })).toHaveCount(1);
  }
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(ld['@type']).toBe('Product');
  expect(ld.offers).toMatchObject({ '@type': 'Offer', price: '29', priceCurrency: 'USD' });

  const closing = page.locator('main section').last();
  await expect(closing.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/register?plan=free');
  await expect(closing.getByRole('link', { name: 'Choose Vuka Plan' })).toHaveAttribute('href', '/register?plan=pro');
  await closing.getByRole('link', { name: 'Choose Vuka Plan' }).click();
  await expect(page).toHaveURL(/plan=pro/);
});

test('footer: legal links, company registration, social links and the current year', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact');
  await expect(footer).toContainText('Vuka Digital (Pty) Ltd');
  await expect(footer).toContainText('Reg. No. 2024/123456/07');
  for (const name of ['Facebook', 'Instagram', 'X', 'LinkedIn']) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Vuka`);
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
});

test('terms has 14 numbered sections and privacy 16, with the spec facts', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page.getByText('Last updated: May 20, 2025')).toBeVisible();
  const termsHeadings = page.locator('main section h2');
  await expect(termsHeadings).toHaveCount(14);
  await expect(termsHeadings.first()).toHaveText(/^1\. /);
  await expect(termsHeadings.last()).toHaveText(/^14\. /);
  const terms = page.locator('main');
  for (const fact of [
    'at least 18 years old',
    'accurate',
    'without notice',
    'within 90 days after deletion',
    '30 days’ notice',
    'quoted in South African Rand (ZAR)',
    'only through our card payment partner',
  ]) {
    await expect(terms).toContainText(fact);
  }
  await expect(page).toHaveTitle('Terms of Service | Vuka');

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page.locator('main section h2')).toHaveCount(16);
  const privacy = page.locator('main');
  for (const fact of ['POPIA', 'within 30 days', 'within 90 days after deletion', '18']) {
    await expect(privacy).toContainText(fact);
  }
});

test('robots.txt and sitemap.xml are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('Sitemap:');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain('/pricing</loc>');
});
