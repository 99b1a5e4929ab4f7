import { expect, test, type Page } from '@playwright/test';
import { skipCookieConsent } from './auth-support';
import { newTraderWithWorkspace } from './inventory-support';
import { fillLine } from './invoices-support';
import { expectAllSynced } from './sync-support';

/** The bell in the workspace header, named by how many are unread. */
const bell = (page: Page) => page.getByTestId('notification-bell');

/**
 * The notification centre (issue 37 §5): a customer opens an invoice's public link and the trader's
 * bell counts it; opening it leads to the invoice and the count drops; offline the bell shows the
 * last list it had; and a choice of how a kind is told survives a reload.
 */
test('a viewed invoice rings the bell, opening it leads to the invoice, and a choice of e-mail is kept while a refused push says why', async ({
  page,
  context,
}, info) => {
  const phone = info.project.name === 'phone';
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  const shot = (name: string) => page.screenshot({ path: `tests/screenshots/notifications-${info.project.name}-${name}.png` });
  const { workspaceId } = await newTraderWithWorkspace(page, 'bell', info.project.name, `Spaza ${info.project.name}`);

  await test.step('a new trader has no notifications yet', async () => {
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText('No notifications yet')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await shot('01-empty');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(bell(page)).toBeFocused();
  });

  let number = '';
  let link = new URL('http://localhost');
  await test.step('the trader sends an invoice and shares its link', async () => {
    await page.goto(`/workspace/${workspaceId}/invoices/new`);
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Customer name').fill('Naledi Khumalo');
    await fillLine(page, 1, { description: 'Logo design', quantity: '1', price: '900' });
    await form.getByRole('button', { name: 'Save draft' }).click();
    const heading = page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ });
    await expect(heading).toBeVisible();
    number = /INV-\d{6}/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await expect(page.getByTestId('document-status')).toHaveText('Sent');
    await expectAllSynced(page);
    await page.getByRole('button', { name: 'Share link' }).click();
    const share = (await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')) ?? '';
    link = new URL(decodeURIComponent(share.replace('https://wa.me/?text=', '')));
    await page.goto(`/workspace/${workspaceId}/dashboard`);
  });

  await test.step('the customer opens the link in another browser; the bell counts it', async () => {
    const visitor = await context.browser()?.newContext({ viewport: page.viewportSize() ?? undefined });
    if (!visitor) throw new Error('no browser');
    const pub = await visitor.newPage();
    await skipCookieConsent(pub);
    await pub.goto(link.pathname + link.search);
    await expect(pub.getByRole('heading', { name: new RegExp(`Invoice ${number}$`) })).toBeVisible();
    await visitor.close();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
    await expect(page.getByTestId('notification-count')).toHaveText('1');
  });

  await test.step('opening it leads to the invoice and the count drops to 0', async () => {
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('listitem').filter({ hasText: number });
    await expect(item).toContainText('viewed');
    await expect(item).toContainText('(unread)');
    await expect(item).toContainText(`Spaza ${info.project.name}`);
    await shot('02-one-unread');
    if (phone) await item.getByRole('button').click();
    else {
      // By keyboard: Tab past "Mark all as read" and Close to the notification, Enter opens it.
      const target = item.getByRole('button');
      for (let i = 0; i < 4 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      await expect(target).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/invoices/`));
    await expect(page.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    // The server agrees: a fresh page still counts none.
    await page.reload();
    await expect(page.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
  });

  await test.step('offline, the bell shows the last list it had and says it may be out of date', async () => {
    await context.setOffline(true);
    // Coming back to the tab asks again; offline, the kept list answers.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText(/You're offline\. This is the list from .*; it may be out of date\./)).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: number })).toContainText('viewed');
    await shot('03-offline');
    await page.keyboard.press('Escape');
    await context.setOffline(false);
  });

  await test.step('an e-mail choice is saved and survives a reload', async () => {
    await page.goto('/settings?tab=notifications');
    const viewed = page.getByRole('switch', { name: 'E-mail: An invoice is viewed' });
    await expect(viewed).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'E-mail: An invoice is paid' })).toBeChecked();
    // This browser was never allowed to show notifications: push stays off, and the page says why.
    const pushPaid = page.getByRole('switch', { name: 'Push: An invoice is paid' });
    await pushPaid.click({ force: true });
    await expect(
      page.getByText(/This browser blocks notifications from this site|Push stays off until you allow notifications/),
    ).toBeVisible();
    await expect(pushPaid).not.toBeChecked();
    await viewed.click({ force: true });
    await expect(viewed).toBeChecked();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await expect(page.getByText('Notification choices saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save choices' })).toBeDisabled();
    await page.screenshot({ path: `tests/screenshots/notifications-${info.project.name}-04-choices.png`, fullPage: true });
    await page.reload();
    await expect(page.getByRole('switch', { name: 'E-mail: An invoice is viewed' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'E-mail: An invoice is paid' })).toBeChecked();
  });
});
