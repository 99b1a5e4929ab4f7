import { expect, test, type Page } from '@playwright/test';
import { newTraderWithWorkspace } from './inventory-support';
import { addContact, contactRow, indicator } from './sync-support';

/**
 * Issue 3 "Only the leader tab replicates": two tabs of one signed-in browser share the device
 * database; one of them talks to the server, the other still sees every change and an honest status,
 * and takes over when the first is closed.
 */

/** Counts the sync requests a tab makes from now on. */
function syncRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/sync/')) seen.push(path);
  });
  return seen;
}

test('two tabs: only the leader syncs, the other sees changes and status, and takes over when the leader closes', async ({
  context,
}, info) => {
  const first = await context.newPage();
  const { workspaceId } = await newTraderWithWorkspace(first, 'tabs', info.project.name, 'Two Tabs Trading');
  const crm = `/workspace/${workspaceId}/crm`;
  await first.goto(crm);
  await expect(first.getByRole('heading', { name: 'No contacts yet' })).toBeVisible();
  await expect(indicator(first).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });

  const second = await context.newPage();
  await second.goto(crm);
  await expect(second.getByRole('heading', { name: 'No contacts yet' })).toBeVisible();
  // Let the second tab settle into following before counting.
  await second.waitForTimeout(1_000);
  const fromFirst = syncRequests(first);
  const fromSecond = syncRequests(second);

  await test.step('a contact added in the follower tab is pushed by the leader and shown in both', async () => {
    await addContact(second, { name: 'Sipho Ndlovu', phone: '0821234567' });
    await expect(contactRow(first, 'Sipho Ndlovu')).toBeVisible();
    await expect(indicator(second).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
    await expect(indicator(first).getByTestId('sync-changes')).toHaveText('All changes synced');
    await expect.poll(() => fromFirst.filter((p) => p === '/api/sync/contacts/push').length).toBeGreaterThan(0);
    expect(fromSecond).toEqual([]);
  });

  await test.step('offline, a follower change is counted as waiting in both tabs until it is pushed', async () => {
    await context.setOffline(true);
    await addContact(second, { name: 'Lerato Mokoena' });
    await expect(indicator(second).getByTestId('sync-changes')).toHaveText('1 change waiting');
    await expect(indicator(first).getByTestId('sync-changes')).toHaveText('1 change waiting');
    await context.setOffline(false);
    await expect(indicator(first).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
    await expect(indicator(second).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
    expect(fromSecond).toEqual([]);
  });

  await test.step('closing the leader hands syncing to the other tab', async () => {
    await first.close();
    const pushed = second.waitForResponse((r) => r.url().includes('/api/sync/contacts/push') && r.ok(), { timeout: 30_000 });
    await addContact(second, { name: 'Thabo Khumalo' });
    await pushed;
    await expect(indicator(second).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
    await second.screenshot({ path: `tests/screenshots/sync-tabs-${info.project.name}-taken-over.png`, fullPage: true });
  });
});
