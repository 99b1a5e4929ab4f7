import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './auth-support.js';
import { newTraderWithWorkspace } from './inventory-support.js';
import { coveredControls, exposedOutsideDialog, overflowing, seriousViolations, settled } from './layout-support.js';

/**
 * Every public, account and workspace page at both sizes, with what is pinned to the screen showing
 * (the cookie notice until it is answered; the offline mark): no fixed element covers a control, and
 * axe-core finds no serious or critical accessibility violation.
 */

const PASSWORD = 'sunny-day-2025';

const publicPages = ['/', '/pricing', '/contact', '/privacy', '/terms', '/auth', '/auth?tab=register', '/auth?tab=reset-password'];
const accountPages = ['/controlhub', '/account', '/profile', '/settings', '/payment-methods', '/subscription/topup', '/workspace/create'];
const workspacePages = [
  'dashboard',
  'pos',
  'inventory',
  'invoices',
  'invoices/new',
  'invoices?kind=quote',
  'crm',
  'planner',
  'drive',
  'project-manager',
  'sync',
  'settings',
  'billing/subscription',
  'billing/credits',
  'billing/history',
  'billing/cards',
];
/** The pages that work with no network, by their navigation label: checked again with the offline mark showing. */
const offlinePages = ['Dashboard', 'Point of Sale', 'Inventory', 'Invoices', 'CRM', 'Planner'];

async function check(page: Page, path: string, problems: string[], { axe = true } = {}) {
  await page.goto(path);
  await settled(page);
  for (const c of await coveredControls(page)) problems.push(`${path}: ${c.control} covered by ${c.coveredBy}`);
  for (const o of await overflowing(page)) problems.push(`${path}: overflows: ${o}`);
  if (axe) for (const v of await seriousViolations(page)) problems.push(`${path}: ${v}`);
}

test.describe.configure({ timeout: 300_000 });

test('public pages: nothing pinned covers a control, no serious accessibility violation', async ({ page }) => {
  const problems: string[] = [];
  // The cookie notice shows on every page until it is answered: it is part of what is checked.
  for (const path of publicPages) await check(page, path, problems);
  expect(problems).toEqual([]);
});

test('account and workspace pages, online and offline: nothing pinned covers a control, no serious violation', async ({
  page,
  context,
}, info) => {
  const email = uniqueEmail('layout', info.project.name);
  const res = await page.request.post('/api/auth/register', {
    data: { full_name: 'Thandi Mokoena', email, password: PASSWORD, confirmPassword: PASSWORD, age_confirmed: true, terms_accepted: true },
  });
  expect(res.ok()).toBe(true);
  // A long name is where cards overflow.
  const created = await page.request.post('/api/workspaces', {
    data: { name: 'Mama Thandi’s SpazaAndFreshProduceCornerAtTheSowetoTaxiRankOrlandoEast', type: 'retail' },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: number };

  const problems: string[] = [];
  for (const path of accountPages) await check(page, path, problems);
  for (const path of workspacePages) await check(page, `/workspace/${id}/${path}`, problems);

  // Offline: the offline mark shows; the pages that work offline must stay usable around it.
  await page.goto(`/workspace/${id}/dashboard`);
  await settled(page);
  await context.setOffline(true);
  // In a workspace the header's sync status says so (the page-wide offline mark is for the other pages).
  const offlineStatus = page.getByTestId('sync-online').first();
  await expect(offlineStatus).toHaveText('Offline');
  for (const path of offlinePages) {
    // Through the navigation (behind the menu button on a phone), as the app moves offline.
    const menu = page.getByRole('button', { name: /^(Menu|Close)$/ });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('link', { name: path, exact: true }).first().click();
    if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'true') await menu.click();
    await settled(page);
    await expect(offlineStatus).toHaveText('Offline');
    for (const c of await coveredControls(page)) problems.push(`offline ${path}: ${c.control} covered by ${c.coveredBy}`);
  }
  await context.setOffline(false);

  // A toast never lies over the cookie notice's buttons.
  await page.goto(`/workspace/${id}/settings`);
  await settled(page);
  await page.getByRole('button', { name: 'Save general' }).click();
  await expect(page.getByText('Workspace updated').first()).toBeVisible();
  for (const c of await coveredControls(page, '[data-testid="cookie-consent"]'))
    problems.push(`with a toast: ${c.control} covered by ${c.coveredBy}`);
  expect(problems).toEqual([]);
});

test('an open dialog keeps the page behind it out of reach, and a busy button leaves nothing behind', async ({ page }, info) => {
  const { workspaceId } = await newTraderWithWorkspace(page, 'layout-dialog', info.project.name, `Dialogs ${info.project.name}`);
  await page.goto(`/workspace/${workspaceId}/drive`);
  await settled(page);
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await expect(dialog).toBeVisible();
  expect(await exposedOutsideDialog(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  // The create button is busy while the folder is made; afterwards only the page is left to scan.
  await dialog.getByRole('textbox').first().fill('Receipts 2026');
  await dialog.getByRole('button', { name: /Create/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Receipts 2026')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
