import { expect, test } from '@playwright/test';
import { deliveryMessages } from '../../schema/invoices/contract';
import { waitForCode, waitForMails } from '../support/mailbox-file';
import { registerViaUi, skipCookieConsent, uniqueEmail } from './auth-support';
import { answerVat, PASSWORD } from './inventory-support';
import { fillLine, goTo } from './invoices-support';
import { serviceWorkerInCharge } from './sw-support';

/**
 * A trader who has not verified their e-mail address presses Send on an invoice: the invoice is kept
 * and marked sent, the screen says the e-mail was not sent and why, with a link to verify; once
 * verified, "Send again" reaches the customer, once.
 */
test('an unverified trader’s invoice e-mail is refused with the reason, and goes once the address is verified', async ({ page }, info) => {
  const email = uniqueEmail('unverified-send', info.project.name);
  const customer = `thabo.${info.project.name}.${Date.now()}@example.com`;

  await test.step('registers without verifying and opens a workspace', async () => {
    await skipCookieConsent(page);
    await registerViaUi(page, 'Sipho Dlamini', email, PASSWORD);
    await page.goto('/workspace/create');
    await page.getByLabel('Workspace name').fill(`Unverified ${info.project.name}`);
    await answerVat(page, true);
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page).toHaveURL(/\/workspace\/\d+\/dashboard$/);
    await serviceWorkerInCharge(page);
  });

  let invoiceUrl = '';
  await test.step('writes an invoice and presses Send: not sent, with why, and the invoice is kept', async () => {
    await goTo(page, 'Invoices');
    await expect(page.getByTestId('numbers-left')).toBeVisible();
    await page.getByRole('link', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Customer name').fill('Thabo Nkosi');
    await form.getByLabel('Customer email').fill(customer);
    await fillLine(page, 1, { description: 'Logo design', quantity: '1', price: '2500' });
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible();
    invoiceUrl = page.url();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const send = page.getByRole('dialog', { name: 'Send invoice by e-mail' });
    await expect(send.getByLabel('Send to')).toHaveValue(customer);
    await send.getByRole('button', { name: 'Send', exact: true }).click();

    const status = page.getByTestId('outreach-status');
    await expect(status).toContainText(`E-mail to ${customer} not sent`, { timeout: 45_000 });
    await expect(status).toContainText(deliveryMessages.unverified);
    await expect(page.getByTestId('document-status')).toHaveText('Sent');
    await page.screenshot({ path: `tests/screenshots/invoice-send-refused-${info.project.name}-01-unverified.png`, fullPage: true });
  });

  await test.step('follows the link, verifies the address, and sends again: the customer gets it once', async () => {
    await page.getByTestId('outreach-status').getByRole('link', { name: 'Verify your e-mail address' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    const code = await waitForCode(email);
    await page.getByRole('button', { name: 'Enter Verification Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Verification Code' });
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('dialog', { name: 'Email Verified Successfully' })).toBeVisible();

    await page.goto(invoiceUrl);
    await page.getByTestId('outreach-status').getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByTestId('outreach-status')).toContainText(`E-mail to ${customer} sent`, { timeout: 45_000 });
    expect(await waitForMails(customer)).toHaveLength(1);
  });
});
