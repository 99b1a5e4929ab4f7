import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { logIn, newTraderWithWorkspace } from './inventory-support';
import { addContact, contactRow, editContact, expectContact, indicator } from './sync-support';

/**
 * Issue 3 "Browser": two Chromium contexts on one workspace; one goes offline, both edit a contact
 * (different fields, and the same field), it comes back; both screens show the merged record and the
 * conflict log holds the losing value, which the person can put back.
 */

function shot(page: Page, info: TestInfo, name: string) {
  return page.screenshot({ path: `tests/screenshots/sync-${info.project.name}-${name}.png`, fullPage: true });
}

const NAME = 'Naledi Dlamini';

test('two devices edit one contact, one offline: fields merge, the same field keeps the server value and logs mine', async ({
  browser,
}, info) => {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  try {
    const { email, workspaceId } = await newTraderWithWorkspace(a, 'conflict', info.project.name, 'Naledi Spaza');
    const crm = `/workspace/${workspaceId}/crm`;

    await test.step('A adds a contact; it syncs', async () => {
      await a.goto(crm);
      await expect(a.getByRole('heading', { name: 'No contacts yet' })).toBeVisible();
      await shot(a, info, '01-crm-empty');
      await addContact(a, { name: NAME, phone: '0820000000', email: 'naledi@start.example', company: 'Start Co' });
      await expect(indicator(a).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
      await shot(a, info, '02-crm-list');
    });

    await test.step('B signs in as the same person and sees it', async () => {
      await logIn(b, email);
      await b.goto(crm);
      await expectContact(b, NAME, { phone: '0820000000', email: 'naledi@start.example', company: 'Start Co' });
    });

    await test.step('A goes offline and changes phone and company', async () => {
      await contextA.setOffline(true);
      await expect(indicator(a).getByTestId('sync-online')).toHaveText('Offline');
      await editContact(a, NAME, { phone: '0831111111', company: 'A Traders' });
      await expect(indicator(a).getByTestId('sync-changes')).toHaveText('1 change waiting');
      await expectContact(a, NAME, { phone: '0831111111', email: 'naledi@start.example', company: 'A Traders' });
      await shot(a, info, '03-offline-waiting');
    });

    await test.step('B, online, changes email and the same company field; it syncs first', async () => {
      await b.getByRole('button', { name: `Edit ${NAME}` }).click();
      await shot(b, info, '04-crm-edit-form');
      await b.getByRole('button', { name: 'Cancel' }).click();
      await editContact(b, NAME, { email: 'naledi@b.example', company: 'B Wholesale' });
      await expect(indicator(b).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
    });

    await test.step('A comes back: both screens show the merged record', async () => {
      await contextA.setOffline(false);
      const merged = { phone: '0831111111', email: 'naledi@b.example', company: 'B Wholesale' };
      await expectContact(a, NAME, merged);
      await expectContact(b, NAME, merged);
      await expect(indicator(a).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
      await expect(indicator(a).getByTestId('sync-conflicts')).toHaveText('1 conflict');
      await expect(contactRow(a, NAME).getByRole('link', { name: /has a sync conflict/ })).toBeVisible();
      await shot(a, info, '05-crm-conflict-mark');
    });

    await test.step("A's sync page holds the losing company value; 'Use my value' puts it back on both", async () => {
      await indicator(a).click();
      await expect(a).toHaveURL(/\/sync$/);
      const entry = a.getByTestId('conflict-entry');
      await expect(entry).toHaveCount(1);
      await expect(entry.getByRole('paragraph').first()).toContainText(`${NAME}`);
      await expect(entry.getByRole('paragraph').first()).toContainText('Company');
      await expect(entry.getByTestId('conflict-mine')).toHaveText('A Traders');
      await expect(entry.getByTestId('conflict-kept')).toHaveText('B Wholesale');
      await shot(a, info, '06-sync-page-conflict');
      await entry.getByRole('button', { name: 'Use my value' }).click();
      await expect(a.getByRole('heading', { name: 'No conflicts' })).toBeVisible();
      await a.goto(crm);
      const mine = { phone: '0831111111', email: 'naledi@b.example', company: 'A Traders' };
      await expectContact(a, NAME, mine);
      await expectContact(b, NAME, mine);
    });
  } finally {
    await contextA.close();
    await contextB.close();
  }
});

test('the indicator shows offline and what is waiting, then that all is synced', async ({ page, context }, info) => {
  const { workspaceId } = await newTraderWithWorkspace(page, 'indicator', info.project.name, 'Indicator Shop');
  await page.goto(`/workspace/${workspaceId}/crm`);
  await expect(indicator(page).getByTestId('sync-online')).toHaveText('Online');
  // The first pull has answered: the device has caught up before the network goes.
  await expect(indicator(page)).toHaveAccessibleName(/All changes synced, Synced just now/, { timeout: 20_000 });
  await shot(page, info, '10-indicator-synced');
  await context.setOffline(true);
  await expect(indicator(page).getByTestId('sync-online')).toHaveText('Offline');
  await addContact(page, { name: 'Sipho Offline', phone: '0711234567' });
  await addContact(page, { name: 'Lerato Offline' });
  await expect(indicator(page).getByTestId('sync-changes')).toHaveText('2 changes waiting');
  await expect(indicator(page)).toHaveAccessibleName(/Offline, 2 changes waiting/);
  await expect(indicator(page)).toContainText('Offline · 2 waiting');
  await shot(page, info, '11-indicator-offline');
  await context.setOffline(false);
  await expect(indicator(page).getByTestId('sync-online')).toHaveText('Online');
  await expect(indicator(page).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
  await expect(indicator(page)).toHaveAccessibleName(/Online, All changes synced/);
});

test('logging out with an unsynced change warns first, and Cancel keeps the person signed in', async ({ page, context }, info) => {
  const { workspaceId } = await newTraderWithWorkspace(page, 'logout', info.project.name, 'Logout Shop');
  await page.goto(`/workspace/${workspaceId}/crm`);
  await expect(indicator(page)).toHaveAccessibleName(/All changes synced, Synced just now/, { timeout: 20_000 });
  await context.setOffline(true);
  await expect(indicator(page).getByTestId('sync-online')).toHaveText('Offline');
  await addContact(page, { name: 'Unsynced Person' });
  await expect(indicator(page).getByTestId('sync-changes')).toHaveText('1 change waiting');

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const warning = page.getByRole('dialog', { name: 'Unsynced changes' });
  await expect(warning).toContainText("You have 1 change that hasn't synced yet");
  await shot(page, info, '20-logout-warning');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page).toHaveURL(/\/crm$/);
  await expect(contactRow(page, 'Unsynced Person')).toBeVisible();

  await test.step("'Sync and log out' once back online logs out with nothing lost", async () => {
    await context.setOffline(false);
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  });
});
