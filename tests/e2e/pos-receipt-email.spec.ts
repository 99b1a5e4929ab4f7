import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForMails } from '../support/mailbox-file';
import { quotedPrintableText } from '../support/mime';
import { uniqueEmail } from './auth-support';
import { addProduct, adjustStock, newTraderWithWorkspace } from './inventory-support';
import { expectAllSynced } from './sync-support';

/**
 * The reminder switch in settings; then a sale rung up with no signal for a customer made at the
 * till, its receipt e-mailed (address checked, prefilled from the customer) and, back online, the
 * test SMTP server gets that receipt once with its lines, total and link.
 */

/** Opens a page of the workspace through its navigation (behind Menu on a phone). */
async function open(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name, exact: true }).click();
}

test('invoice reminders are switched in settings; a receipt e-mailed offline reaches the customer once', async ({
  page,
  context,
}, info) => {
  test.setTimeout(180_000);
  const shot = (name: string, target?: Locator) =>
    (target ?? page).screenshot({
      path: `tests/screenshots/receipt-email-${info.project.name}-${name}.png`,
      ...(target ? {} : { fullPage: true }),
    });
  await newTraderWithWorkspace(page, 'receipt-mail', info.project.name, `Corner ${info.project.name}`);
  const customer = uniqueEmail('receipt-buyer', info.project.name);

  await test.step('settings: reminders are on by default, and stay off once switched off', async () => {
    await open(page, 'Settings');
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated').first()).toBeVisible();
    const section = page.getByRole('region', { name: 'Invoice reminders' });
    const toggle = page.getByRole('switch', { name: 'E-mail payment reminders to customers' });
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled();
    await section.scrollIntoViewIfNeeded();
    await shot('01-reminders-on', section);
    await section.getByText('E-mail payment reminders to customers').click();
    await expect(page.getByText('Invoice reminders switched off')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'E-mail payment reminders to customers' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'E-mail payment reminders to customers' })).toBeEnabled();
    await shot('02-reminders-off', section);
    await section.getByText('E-mail payment reminders to customers').click();
    await expect(page.getByText('Invoice reminders switched on')).toBeVisible();
  });

  await test.step('online: a product with stock, and a shift', async () => {
    await open(page, 'Inventory');
    await addProduct(page, { name: 'Maize meal 5kg', price: '64.90', vat: '0' });
    await adjustStock(page, 'Maize meal 5kg', { reason: 'Received from a supplier', quantity: '12' });
    await open(page, 'Point of Sale');
    await expect(page.getByText('Receipt numbers are reserved with the first sale')).toBeVisible();
    await page.getByRole('button', { name: 'Open shift' }).click();
    const shift = page.getByRole('dialog', { name: 'Open shift' });
    await shift.getByLabel('Opening float').fill('50');
    await shift.getByRole('button', { name: 'Open shift' }).click();
    await expect(page.getByTestId('shift-status')).toContainText('Shift open since');
    await expect(page.getByText('5 receipt numbers ready on this device')).toBeVisible();
  });

  await context.setOffline(true);
  await expect(page.getByTestId('sync-online')).toHaveText('Offline');

  await test.step('offline: a sale for a new customer, and its receipt e-mailed', async () => {
    await page.getByRole('button', { name: 'Add Maize meal 5kg' }).click();
    await page.getByRole('button', { name: 'Add customer' }).click();
    await page.getByRole('dialog', { name: 'Choose customer' }).getByRole('button', { name: 'New customer' }).click();
    const made = page.getByRole('dialog', { name: 'New customer' });
    await made.getByLabel('Name').fill('Sipho Ndlovu');
    await made.getByLabel('Email').fill(customer);
    await made.getByRole('button', { name: 'Save customer' }).click();
    await expect(page.getByTestId('sale-customer')).toHaveText('Sipho Ndlovu');
    await page.getByRole('button', { name: /^Charge R/ }).click();
    const pay = page.getByRole('dialog', { name: 'Take payment' });
    await pay.getByRole('button', { name: /^Exact/ }).click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    const done = page.getByRole('dialog', { name: 'Sale complete' });
    await expect(done.getByTestId('receipt-number')).toHaveText('Receipt no. 1');

    await done.getByRole('button', { name: 'E-mail receipt' }).click();
    const ask = page.getByRole('dialog', { name: 'E-mail the receipt' });
    await expect(ask.getByLabel('Send to')).toHaveValue(customer);
    await ask.getByLabel('Send to').fill('sipho-at-example');
    await ask.getByRole('button', { name: 'Send receipt' }).click();
    await expect(ask.getByText('Please enter a valid email address')).toBeVisible();
    await shot('03-email-dialog');
    await ask.getByLabel('Send to').fill(customer);
    await ask.getByRole('button', { name: 'Send receipt' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByText('Receipt e-mail queued')).toBeVisible();
    await expect(done.getByTestId('receipt-email-status')).toHaveText(
      `Receipt e-mail to ${customer} queued (goes out once this device has synced).`,
    );
    await done.getByTestId('receipt-email-status').scrollIntoViewIfNeeded();
    await shot('04-email-queued', done);
  });

  await context.setOffline(false);
  await test.step('online: the customer gets the receipt once, and the till shows it sent', async () => {
    await expectAllSynced(page);
    const [mail] = await waitForMails(customer);
    const text = quotedPrintableText(mail.raw);
    expect(text).toContain('Subject: Receipt 1 from Corner');
    expect(text).toContain('1 × Maize meal 5kg: R 64.90');
    expect(text).toContain('Total: R 64.90');
    expect(text).toMatch(/\/r\/[A-Za-z0-9_-]{22}/);
    const status = page.getByRole('dialog', { name: 'Sale complete' }).getByTestId('receipt-email-status');
    await expect(status).toHaveText(`Receipt e-mail to ${customer} sent.`, { timeout: 20_000 });
    await status.scrollIntoViewIfNeeded();
    await shot('05-email-sent', page.getByRole('dialog', { name: 'Sale complete' }));
    expect(await waitForMails(customer)).toHaveLength(1);
  });
});
