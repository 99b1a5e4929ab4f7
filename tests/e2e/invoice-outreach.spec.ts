import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { mimeAttachments } from '../support/mime';
import { waitForMails } from '../support/mailbox-file';
import { pdfText } from '../support/pdf-text';
import { skipCookieConsent } from './auth-support';
import { newTraderWithWorkspace } from './inventory-support';
import { fillLine, goTo } from './invoices-support';
import { indicator } from './sync-support';

/**
 * A freelancer writes an invoice with no network, downloads its PDF, records a part payment and
 * presses Send; back online the customer gets it once, with the PDF, and a page showing the balance.
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
    await expect(indicator(page)).not.toContainText(/waiting/, { timeout: 20_000 });
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
    await visitor.close();
    await page.reload();
    await expect(page.getByTestId('outreach-status')).toContainText('Viewed by the customer.');
  });
});
