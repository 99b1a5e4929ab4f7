import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { payMessages } from '../../schema/invoices/contract';
import { mimeAttachments } from '../support/mime';
import { waitForMails } from '../support/mailbox-file';
import { pdfText } from '../support/pdf-text';
import { skipCookieConsent } from './auth-support';
import { newTraderWithWorkspace } from './inventory-support';
import { documentRow, fillLine, goTo } from './invoices-support';
import { payOnSandbox } from './paystack-support';
import { expectAllSynced } from './sync-support';

/**
 * A freelancer writes an invoice with no network, downloads its PDF, records a part payment and
 * presses Send; back online the customer gets it once, with the PDF, and a page showing the balance,
 * where "Pay now" takes the rest by card through the Paystack sandbox and the invoice turns paid.
 */
test('an invoice written offline is downloaded as a PDF, part paid, e-mailed once and shown on its public page', async ({
  page,
  context,
}, info) => {
  const shot = (name: string) =>
    page.screenshot({ path: `tests/screenshots/invoice-outreach-${info.project.name}-${name}.png`, fullPage: true });
  const customer = `naledi.${info.project.name}.${Date.now()}@example.com`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'outreach', info.project.name, `Studio ${info.project.name}`);

  await test.step('the workspace is VAT registered, in rand', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await page.getByLabel('VAT number').fill('4987654321');
    await page.getByRole('button', { name: 'Save business details' }).click();
    await expect(page.getByText('Workspace updated').first()).toBeVisible();
    // With a signal, the invoices page fetches the PDF maker, so PDFs can be made offline later.
    const pdfMaker = page.waitForResponse((res) => /\/assets\/document-pdf-file-[\w-]+\.js$/.test(res.url()) && res.ok());
    await goTo(page, 'Invoices');
    await expect(page.getByTestId('numbers-left')).toBeVisible();
    await pdfMaker;
  });

  await context.setOffline(true);
  let number = '';
  await test.step('offline: writes an invoice and downloads its PDF', async () => {
    await page.getByRole('link', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Customer name').fill('Naledi Khumalo');
    await form.getByLabel('Customer email').fill(customer);
    await form.getByRole('switch', { name: 'Prices include VAT' }).click({ force: true });
    await fillLine(page, 1, { description: 'Logo design', quantity: '1', price: '2500' });
    await form.getByRole('button', { name: 'Save draft' }).click();
    const heading = page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ });
    await expect(heading).toBeVisible();
    number = /INV-\d{6}/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const text = await pdfText(new Uint8Array(readFileSync(await file.path())));
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(number);
    expect(text).toContain('Logo design');
    expect(text).toMatch(/Total\s+R\s?2,875\.00/);
  });

  await test.step('offline: marks it sent, records a part payment and presses Send', async () => {
    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await expect(page.getByTestId('document-status')).toHaveText('Sent');
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel('Amount').fill('3000');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByText('A payment cannot be more than the balance due.')).toBeVisible();
    await dialog.getByLabel('Amount').fill('1000');
    await dialog.getByLabel('Reference').fill('EFT 881');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByTestId('document-status')).toHaveText('Partially paid');
    await expect(page.getByTestId('balance-due')).toContainText('Balance due R\u00a01,875.00');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const send = page.getByRole('dialog', { name: 'Send invoice by e-mail' });
    await expect(send.getByLabel('Send to')).toHaveValue(customer);
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('outreach-status')).toContainText(`E-mail to ${customer} queued`);
    await shot('01-offline-sent');
  });

  await context.setOffline(false);
  await test.step('online: the e-mail reaches the customer once, with the PDF', async () => {
    await expectAllSynced(page);
    const [mail] = await waitForMails(customer);
    const [pdf] = mimeAttachments(mail.raw);
    expect(pdf.filename).toBe(`${number}.pdf`);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(number);
    expect(text).toMatch(/Balance due\s+R\s?1,875\.00/);
    await expect(page.getByTestId('outreach-status')).toContainText(`E-mail to ${customer} sent`, { timeout: 20_000 });
    expect(await waitForMails(customer)).toHaveLength(1);
  });

  await test.step('the public page shows the balance to the link holder, and nothing to a wrong token', async () => {
    const [mail] = await waitForMails(customer);
    const link =
      /https?:\/\/[^\s"<>]+\/storefront\/[^\s"<>]+\?t=[A-Za-z0-9_-]+/.exec(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0] ?? '';
    expect(link).toContain(`/invoice/${number}?t=`);
    const visitor = await context.browser()?.newContext({ viewport: page.viewportSize() ?? undefined });
    if (!visitor) throw new Error('no browser');
    const pub = await visitor.newPage();
    await skipCookieConsent(pub);
    const path = new URL(link).pathname + new URL(link).search;
    await pub.goto(path);
    await expect(pub.getByRole('heading', { name: `Tax Invoice ${number}` })).toBeVisible();
    await expect(pub.getByTestId('public-balance')).toHaveText('R\u00a01,875.00');
    await expect(pub.getByTestId('public-paid')).toHaveText('R\u00a01,000.00');
    await expect(pub.getByTestId('due-date')).toBeVisible();
    await expect(pub.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    await pub.screenshot({ path: `tests/screenshots/invoice-outreach-${info.project.name}-02-public.png`, fullPage: true });
    await pub.goto(path.replace(/t=.*/, 't=wrong'));
    await expect(pub.getByText(/not found/i).first()).toBeVisible();
    await expect(pub.getByTestId('public-balance')).toHaveCount(0);

    await test.step('offline, "Pay now" says it needs a connection', async () => {
      await pub.goto(path);
      await expect(pub.getByRole('button', { name: 'Pay now' })).toBeVisible();
      await visitor.setOffline(true);
      await expect(pub.getByText(payMessages.offline)).toBeVisible();
      await expect(pub.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
      await visitor.setOffline(false);
    });

    await test.step('the customer pays the balance by card; back on the page it shows Paid', async () => {
      await pub.getByRole('button', { name: 'Pay now' }).click();
      await payOnSandbox(pub, '4084 0840 8408 4081');
      await expect(pub).toHaveURL(new RegExp(`/invoice/${number}\\?`));
      await expect(pub.getByTestId('public-status')).toHaveText('Paid', { timeout: 20_000 });
      await expect(pub.getByText('Payment received')).toBeVisible();
      await expect(pub.getByTestId('public-balance')).toHaveText('R\u00a00.00');
      await expect(pub.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
      await pub.screenshot({ path: `tests/screenshots/invoice-outreach-${info.project.name}-03-public-paid.png`, fullPage: true });
    });
    await visitor.close();
    await page.reload();
    await expect(page.getByTestId('outreach-status')).toContainText('Viewed by the customer.');
  });

  await test.step('the seller sees the invoice paid after sync', async () => {
    await expect(page.getByTestId('document-status')).toHaveText('Paid', { timeout: 20_000 });
    await goTo(page, 'Invoices');
    await expect(documentRow(page, 'Invoices', number)).toContainText('Paid');
    await shot('04-seller-paid');
  });

  await test.step('a new VAT number and address reach new documents only: the sent invoice keeps what it was issued with', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await page.getByLabel('VAT number').fill('4111111111');
    await page.getByLabel('Business address').fill('9 New Street, Durban');
    await page.getByRole('button', { name: 'Save business details' }).click();
    await expect(page.getByText('Workspace updated').first()).toBeVisible();
    await goTo(page, 'Invoices');
    await documentRow(page, 'Invoices', number).getByRole('link').click();
    await expect(page.getByText('VAT no. 4987654321')).toBeVisible();
    await expect(page.getByText('VAT no. 4111111111')).toHaveCount(0);
    await expect(page.getByText('9 New Street, Durban')).toHaveCount(0);
    await shot('05-issued-seller-kept');
  });
});

/**
 * "Pay now" on an invoice without the customer's e-mail asks for one; a card payment that arrives
 * after the seller recorded the balance paid is kept as the customer's credit, shown to the seller.
 */
test('"Pay now" asks for the e-mail, and a card payment after the invoice was paid shows the seller a credit', async ({
  page,
  context,
}, info) => {
  const { workspaceId } = await newTraderWithWorkspace(page, 'paynow', info.project.name, `Salon ${info.project.name}`);
  await page.goto(`/workspace/${workspaceId}/invoices/new`);
  const form = page.getByRole('form', { name: 'New invoice' });
  await form.getByLabel('Customer name').fill('Ayanda Mthembu');
  await fillLine(page, 1, { description: 'Hair styling', quantity: '1', price: '450' });
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(page.getByTestId('document-status')).toHaveText('Sent');
  await expectAllSynced(page);
  await page.getByRole('button', { name: 'Share link' }).click();
  const share = (await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')) ?? '';
  const link = new URL(decodeURIComponent(share.replace('https://wa.me/?text=', '')));

  const visitor = await context.browser()?.newContext({ viewport: page.viewportSize() ?? undefined });
  if (!visitor) throw new Error('no browser');
  const pub = await visitor.newPage();
  await skipCookieConsent(pub);
  await pub.goto(link.pathname + link.search);

  await test.step('the customer is asked for an e-mail; a wrong one is refused', async () => {
    const pay = pub.getByRole('form', { name: 'Pay now' });
    await pay.getByRole('button', { name: 'Pay now' }).click();
    await expect(pay.getByText('Please enter a valid email address')).toBeVisible();
    await pay.getByLabel('Your e-mail (for the receipt)').fill('ayanda@');
    await pay.getByRole('button', { name: 'Pay now' }).click();
    await expect(pay.getByText('Please enter a valid email address')).toBeVisible();
    await pub.screenshot({ path: `tests/screenshots/invoice-outreach-${info.project.name}-05-pay-email.png`, fullPage: true });
    await pay.getByLabel('Your e-mail (for the receipt)').fill('ayanda@example.com');
    await pay.getByRole('button', { name: 'Pay now' }).click();
    await expect(pub.getByRole('heading', { name: 'Paystack sandbox checkout' })).toBeVisible();
  });

  await test.step('meanwhile the seller records the balance paid', async () => {
    await page.getByRole('button', { name: 'Record payment' }).click();
    await page.getByRole('dialog', { name: 'Record payment' }).getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByTestId('document-status')).toHaveText('Paid');
    await expectAllSynced(page);
  });

  await test.step('the card payment still arrives: the invoice stays paid and the seller sees the credit', async () => {
    await payOnSandbox(pub, '4084 0840 8408 4081');
    await expect(pub.getByText('Payment received')).toBeVisible({ timeout: 20_000 });
    await expect(pub.getByTestId('public-status')).toHaveText('Paid');
    await expect(pub.getByTestId('public-balance')).toHaveText('R\u00a00.00');
    await visitor.close();
    await page.reload();
    await expect(page.getByTestId('document-status')).toHaveText('Paid');
    await expect(page.getByTestId('online-credit')).toContainText('The customer paid R\u00a0450.00 by card beyond the balance');
    await page.screenshot({ path: `tests/screenshots/invoice-outreach-${info.project.name}-06-seller-credit.png`, fullPage: true });
  });
});
