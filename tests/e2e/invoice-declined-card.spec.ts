import { expect, test } from '@playwright/test';
import { skipCookieConsent } from './auth-support';
import { newTraderWithWorkspace } from './inventory-support';
import { fillLine } from './invoices-support';
import { payOnSandbox } from './paystack-support';
import { expectAllSynced } from './sync-support';

/**
 * A customer's card is declined at the checkout: back on the invoice's page the decline and its
 * reason show at once, with "Try again"; the card page names the shop; another card then pays.
 */
test('a declined card on an invoice shows the reason and "Try again" at once, and retrying pays it', async ({ page, context }, info) => {
  const shop = `Salon ${info.project.name} ${Date.now() % 100_000}`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'declined', info.project.name, shop);
  await page.goto(`/workspace/${workspaceId}/settings`);
  await page.getByLabel('Currency').selectOption('ZAR');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Workspace updated')).toBeVisible();
  await page.goto(`/workspace/${workspaceId}/invoices/new`);
  const form = page.getByRole('form', { name: 'New invoice' });
  await form.getByLabel('Customer name').fill('Ayanda Mthembu');
  await form.getByLabel('Customer email').fill(`ayanda.${info.project.name}.${Date.now()}@example.com`);
  await fillLine(page, 1, { description: 'Hair styling', quantity: '1', price: '450' });
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(page.getByTestId('document-status')).toHaveText('Sent');
  await expectAllSynced(page);
  await page.getByRole('button', { name: 'Share link' }).click();
  const share = (await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')) ?? '';
  const link = new URL(decodeURIComponent(share.replace('https://wa.me/?text=', '')));

  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const phone = info.project.name === 'phone';
  const visitor = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: phone,
    hasTouch: phone,
  });
  const pub = await visitor.newPage();
  await skipCookieConsent(pub);
  await pub.goto(link.pathname + link.search);

  await test.step('the card page names the shop; the card is declined', async () => {
    await pub.getByRole('button', { name: 'Pay now' }).click();
    await expect(pub.getByRole('heading', { name: 'Paystack sandbox checkout' })).toBeVisible();
    await expect(pub.getByText(`${shop} ·`)).toBeVisible();
    await expect(pub.getByText(/^Vuka ·/)).toHaveCount(0);
    await payOnSandbox(pub, '4000 0000 0000 0002');
  });

  await test.step('back on the invoice: the decline, its reason and "Try again", with nothing waiting', async () => {
    await expect(pub).toHaveURL(/\/invoice\/INV-\d{6}\?/);
    await expect(pub.getByText('The payment did not go through')).toBeVisible();
    await expect(pub.getByTestId('checkout-reason')).toHaveText('The card payment service said: Declined.');
    await expect(pub.getByText('Confirming your payment')).toHaveCount(0);
    await expect(pub.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(pub.getByTestId('public-status')).toHaveText('Unpaid');
    await pub.screenshot({ path: `tests/screenshots/invoice-declined-${info.project.name}-01-declined.png`, fullPage: true });
  });

  await test.step('"Try again" with another card pays the invoice', async () => {
    await pub.getByRole('button', { name: 'Try again' }).click();
    await payOnSandbox(pub, '4084 0840 8408 4081');
    await expect(pub.getByText('Payment received')).toBeVisible({ timeout: 20_000 });
    await expect(pub.getByTestId('public-status')).toHaveText('Paid');
    await expect(pub.getByTestId('public-balance')).toHaveText('R\u00a00.00');
    await expect(pub.getByRole('button', { name: /Pay now|Try again/ })).toHaveCount(0);
    await pub.screenshot({ path: `tests/screenshots/invoice-declined-${info.project.name}-02-paid.png`, fullPage: true });
  });
  await visitor.close();
  await expect(page.getByTestId('document-status')).toHaveText('Paid', { timeout: 20_000 });
});
