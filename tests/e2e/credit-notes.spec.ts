import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { creditMessages } from '../../schema/invoices/invoices';
import { mimeAttachments } from '../support/mime';
import { waitForMails } from '../support/mailbox-file';
import { pdfText } from '../support/pdf-text';
import { newTraderWithWorkspace } from './inventory-support';
import { fillLine, goTo } from './invoices-support';
import { expectAllSynced } from './sync-support';
import { closeToasts, skipCookieConsent } from './auth-support';

/**
 * A sent invoice is never edited: a VAT-registered seller corrects it with a credit note that names
 * it, written with no signal. Its PDF is a "Tax Credit Note", the invoice's balance drops by it, and
 * it goes to the customer by e-mail once online. A credit note on a draft, or for more than is left,
 * is refused with the reason.
 */
test('a sent invoice is corrected by a credit note written offline: its PDF, the lower balance and its e-mail', async ({
  page,
  context,
}, info) => {
  test.setTimeout(180_000);
  const shot = (name: string) =>
    page.screenshot({ path: `tests/screenshots/credit-notes-${info.project.name}-${name}.png`, fullPage: true });
  const customer = `bongani.${info.project.name}.${Date.now()}@example.com`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'credit', info.project.name, `Furniture ${info.project.name}`);

  await test.step('the workspace is VAT registered, in rand', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await page.getByLabel('VAT number').fill('4123456789');
    await page.getByRole('button', { name: 'Save business details' }).click();
    await expect(page.getByText('Workspace updated').first()).toBeVisible();
    const pdfMaker = page.waitForResponse((res) => /\/assets\/document-pdf-file-[\w-]+\.js$/.test(res.url()) && res.ok());
    await goTo(page, 'Invoices');
    await expect(page.getByTestId('numbers-left')).toBeVisible();
    await pdfMaker;
  });

  let number = '';
  let invoiceUrl = '';
  await test.step('an invoice of R 2,530.00 (VAT on top); while a draft it takes no credit note', async () => {
    await page.getByRole('link', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Customer name').fill('Bongani Zulu');
    await form.getByLabel('Customer email').fill(customer);
    await form.getByRole('switch', { name: 'Prices include VAT' }).click({ force: true });
    await fillLine(page, 1, { description: 'Chairs', quantity: '4', price: '500' });
    await fillLine(page, 2, { description: 'Delivery', quantity: '1', price: '200' });
    await form.getByRole('button', { name: 'Save draft' }).click();
    const heading = page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ });
    await expect(heading).toBeVisible();
    number = /INV-\d{6}/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
    invoiceUrl = page.url();
    await expect(page.getByRole('link', { name: 'Credit note', exact: true })).toHaveCount(0);
    await page.goto(`${invoiceUrl}/credit-note`);
    await expect(page.getByText(creditMessages.draft)).toBeVisible();
    await page.getByRole('link', { name: 'Back to the invoice' }).click();
    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await expect(page.getByTestId('document-status')).toHaveText('Sent');
    await expectAllSynced(page);
  });

  await test.step('online, the credit note form opens (credit note numbers are reserved now); then the signal goes', async () => {
    await page.getByRole('link', { name: 'Credit note', exact: true }).click();
    await expect(page.getByRole('heading', { name: `Credit note for ${number}` })).toBeVisible();
    await expect(page.getByTestId('left-to-credit')).toHaveText('Left to credit: R\u00a02,530.00 of R\u00a02,530.00');
    await page.goto(`/workspace/${workspaceId}/sync`);
    await expect(page.getByTestId('numbers-credit_note')).toHaveText(/^\d+ ready$/, { timeout: 20_000 });
    await page.goto(`${invoiceUrl}/credit-note`);
    await expect(page.getByRole('heading', { name: `Credit note for ${number}` })).toBeVisible();
  });

  await context.setOffline(true);
  let creditNumber = '';
  await test.step('offline: bad input is refused with the reason, then one chair is credited', async () => {
    const form = page.getByRole('form', { name: `Credit note for ${number}` });
    await form.getByRole('button', { name: 'Issue credit note' }).click();
    await expect(form.getByText(creditMessages.reason)).toBeVisible();
    await expect(form.getByText(creditMessages.nothing)).toBeVisible();
    await form.getByLabel('Credit quantity: Chairs').fill('5');
    await form.getByLabel('Reason').fill('One chair arrived broken');
    await form.getByRole('button', { name: 'Issue credit note' }).click();
    await expect(form.getByText(creditMessages.quantity)).toBeVisible();
    await form.getByLabel('Credit quantity: Chairs').fill('1');
    await expect(page.getByTestId('credit-note-total')).toHaveText('This credit note: R\u00a0575.00');
    await shot('01-form');
    await form.getByRole('button', { name: 'Issue credit note' }).click();
    const heading = page.getByRole('heading', { name: /^Credit note CRN-\d{6}$/ });
    await expect(heading).toBeVisible();
    creditNumber = /CRN-\d{6}/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
    await expect(page.getByTestId('credit-for')).toHaveText(`Credits invoice ${number} · Reason: One chair arrived broken`);
    await shot('02-credit-note');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${creditNumber}.pdf`);
    const text = await pdfText(new Uint8Array(readFileSync(await file.path())));
    expect(text).toContain('Tax Credit Note');
    expect(text).toContain(creditNumber);
    expect(text).toContain(`Credits invoice: ${number}`);
    expect(text).toContain('Chairs');
    expect(text).not.toContain('Delivery');
    expect(text).toMatch(/Total credited\s+R\s?575\.00/);
    expect(text).toContain('Reason: One chair arrived broken');
  });

  await test.step('offline: the invoice shows the credit and its lower balance; more than is left is refused', async () => {
    await page.getByRole('link', { name: `← Invoice ${number}` }).click();
    await expect(page.getByTestId('balance-due')).toHaveText('Credited R\u00a0575.00 · Balance due R\u00a01,955.00');
    await expect(page.getByTestId('credit-notes')).toContainText(creditNumber);
    await expect(page.getByTestId('document-status')).toHaveText('Sent');
    await page.getByRole('link', { name: 'Credit note', exact: true }).click();
    const form = page.getByRole('form', { name: `Credit note for ${number}` });
    await expect(page.getByTestId('left-to-credit')).toHaveText('Left to credit: R\u00a01,955.00 of R\u00a02,530.00');
    await form.getByLabel('What do you credit?').selectOption('amount');
    await form.getByLabel('Amount to credit').fill('2000');
    await form.getByLabel('Reason').fill('Goodwill');
    await closeToasts(page);
    await form.getByRole('button', { name: 'Issue credit note' }).click();
    await expect(form.getByText(`${creditMessages.overCredit} R\u00a01,955.00 is left to credit.`)).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await shot('03-invoice-credited');
  });

  await test.step('offline: the credit note is listed under Credit notes, not among the invoices', async () => {
    await goTo(page, 'Invoices');
    await expect(page.getByRole('list', { name: 'Invoices' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Invoices' })).not.toContainText(creditNumber);
    await page.getByRole('tab', { name: 'Credit notes' }).click();
    const notes = page.getByRole('list', { name: 'Credit notes' }).getByRole('listitem');
    await expect(notes).toHaveCount(1);
    await expect(notes.getByTestId('document-number')).toHaveText(creditNumber);
    await expect(notes).toContainText(`corrects invoice ${number}`);
    await expect(notes.getByTestId('document-total')).toHaveText('R\u00a0575.00');
    await page.getByLabel('Search credit notes').fill(number);
    await expect(notes).toHaveCount(1);
    await page.getByLabel('Search credit notes').fill('nobody');
    await expect(page.getByText('No credit notes match')).toBeVisible();
    await page.getByLabel('Search credit notes').fill('');
    await shot('04-credit-notes-list');
    await notes.getByRole('link').click();
    await expect(page.getByRole('heading', { name: `Credit note ${creditNumber}` })).toBeVisible();
    await page.getByRole('link', { name: `← Invoice ${number}` }).click();
    await expect(page.getByTestId('credit-notes')).toContainText(creditNumber);
  });

  await context.setOffline(false);
  await test.step('online: the credit note syncs and goes to the customer by e-mail once, with its PDF', async () => {
    await expectAllSynced(page);
    await page.getByTestId('credit-notes').getByRole('link', { name: creditNumber }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const send = page.getByRole('dialog', { name: 'Send credit note by e-mail' });
    await expect(send.getByLabel('Send to')).toHaveValue(customer);
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('outreach-status')).toContainText(`E-mail to ${customer} sent`, { timeout: 30_000 });
    const [mail] = await waitForMails(customer);
    const [pdf] = mimeAttachments(mail.raw);
    expect(pdf.filename).toBe(`${creditNumber}.pdf`);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Tax Credit Note');
    expect(text).toContain(`Credits invoice: ${number}`);
    expect(await waitForMails(customer)).toHaveLength(1);
  });

  await test.step("the customer's page by the invoice's share link shows the credit and the lower balance", async () => {
    await page.getByRole('link', { name: `← Invoice ${number}` }).click();
    await page.getByRole('button', { name: 'Share link' }).click();
    const whatsApp = await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    const link = new URL(decodeURIComponent(/text=(.+)$/.exec(whatsApp ?? '')?.[1] ?? ''));
    const visitor = await context.browser()?.newContext({ viewport: page.viewportSize() ?? undefined });
    if (!visitor) throw new Error('no browser');
    const pub = await visitor.newPage();
    await skipCookieConsent(pub);
    await pub.goto(link.pathname + link.search);
    await expect(pub.getByRole('heading', { name: `Tax Invoice ${number}` })).toBeVisible();
    await expect(pub.getByTestId('public-total')).toHaveText('R\u00a02,530.00');
    await expect(pub.getByTestId('public-credited')).toHaveText('−R\u00a0575.00');
    await expect(pub.getByTestId('public-balance')).toHaveText('R\u00a01,955.00');
    await expect(pub.getByTestId('public-credit-notes')).toContainText(`${creditNumber}, R\u00a0575.00`);
    await pub.screenshot({ path: `tests/screenshots/credit-notes-${info.project.name}-05-public-page.png`, fullPage: true });
    await visitor.close();
  });
});
