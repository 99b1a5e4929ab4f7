import { expect, test, type Browser } from '@playwright/test';
import { waitForMails } from '../support/mailbox-file';
import { skipCookieConsent } from './auth-support';
import { newTraderWithWorkspace } from './inventory-support';
import { documentRow, fillLine, goTo } from './invoices-support';
import { expectAllSynced } from './sync-support';

/** The customer's own browser: the screen sizes the pages are looked at on (1280×800, 390×844). */
async function customerPage(browser: Browser | null, project: string) {
  if (!browser) throw new Error('no browser');
  const phone = project === 'phone';
  const visitor = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: phone,
    hasTouch: phone,
  });
  const page = await visitor.newPage();
  await skipCookieConsent(page);
  return { visitor, page };
}

/** A mail's link to a public page (quoted-printable undone). */
const linkIn = (raw: string) =>
  /https?:\/\/[^\s"<>]+\/storefront\/[^\s"<>]+\?t=[A-Za-z0-9_-]+/.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0] ?? '';

/**
 * A decorator quotes an event by e-mail; the customer opens the mail's link, reads the quote as it was
 * issued and accepts it. The seller is e-mailed once and finds the quote converted into a draft
 * invoice in the app, synced from the server.
 */
test('a quote e-mailed to a customer is accepted from its link, and the seller finds the invoice', async ({ page, context }, info) => {
  const customer = `thandi.quote.${info.project.name}.${Date.now()}@example.com`;
  const shop = `Décor ${info.project.name} ${Date.now() % 100_000}`;
  const { email: seller, workspaceId } = await newTraderWithWorkspace(page, 'quote', info.project.name, shop);

  await test.step('the workspace works in rand, with its address', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await page.getByLabel('Business address').fill('3 Main Road, Durban');
    await page.getByRole('button', { name: 'Save business details' }).click();
    await expect(page.getByText('Workspace updated').first()).toBeVisible();
  });

  let number = '';
  await test.step('the seller writes a quote and sends it by e-mail', async () => {
    await goTo(page, 'Invoices');
    await page.getByRole('link', { name: 'New quote' }).click();
    const form = page.getByRole('form', { name: 'New quote' });
    await form.getByLabel('Customer name').fill('Thandi Mokoena');
    await form.getByLabel('Customer email').fill(customer);
    await fillLine(page, 1, { description: 'Event décor for 60 guests', quantity: '1', price: '3000' });
    await form.getByRole('button', { name: 'Save draft' }).click();
    const heading = page.getByRole('heading', { name: /^Quote QUO-\d{6}$/ });
    await expect(heading).toBeVisible();
    number = /QUO-\d{6}/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const send = page.getByRole('dialog', { name: 'Send quote by e-mail' });
    await expect(send.getByLabel('Send to')).toHaveValue(customer);
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expectAllSynced(page);
  });

  const [mail] = await waitForMails(customer);
  const link = new URL(linkIn(mail.raw));
  expect(link.pathname).toContain(`/quote/${number}`);
  const { visitor, page: pub } = await customerPage(context.browser(), info.project.name);

  await test.step('the customer opens the link: the quote as issued, valid until its day, with "Accept quote"', async () => {
    await pub.goto(link.pathname + link.search);
    await expect(pub.getByRole('heading', { name: `Quote ${number}` })).toBeVisible();
    await expect(pub.getByText('3 Main Road, Durban')).toBeVisible();
    await expect(pub.getByTestId('valid-until')).toHaveText(/^\d{4}-\d\d-\d\d$/);
    await expect(pub.getByText('Event décor for 60 guests')).toBeVisible();
    // The shop's prices include VAT: the VAT is the part inside the total, and the row says so.
    await expect(pub.getByTestId('public-vat')).toHaveText('R\u00a0391.30');
    await expect(pub.getByText('VAT included', { exact: true })).toBeVisible();
    await expect(pub.getByRole('button', { name: 'Accept quote' })).toBeVisible();
    await pub.screenshot({ path: `tests/screenshots/quote-accept-${info.project.name}-01-public-quote.png`, fullPage: true });
  });

  await test.step('"Accept quote" asks first; Cancel changes nothing, then the customer accepts', async () => {
    await pub.getByRole('button', { name: 'Accept quote' }).click();
    const confirm = pub.getByRole('dialog', { name: `Accept quote ${number}?` });
    await expect(confirm).toContainText(shop);
    await pub.screenshot({ path: `tests/screenshots/quote-accept-${info.project.name}-02-confirm.png` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(pub.getByText('Quote accepted')).toHaveCount(0);
    await pub.getByRole('button', { name: 'Accept quote' }).click();
    await pub
      .getByRole('dialog', { name: `Accept quote ${number}?` })
      .getByRole('button', { name: 'Accept quote' })
      .click();
    await expect(pub.getByText('Quote accepted')).toBeVisible();
    await expect(pub.getByTestId('quote-standing')).toContainText('This quote is accepted.');
    await expect(pub.getByRole('button', { name: 'Accept quote' })).toHaveCount(0);
    await pub.screenshot({ path: `tests/screenshots/quote-accept-${info.project.name}-03-accepted.png`, fullPage: true });
    // Opened again (another tab, later): still accepted, nothing to press.
    await pub.reload();
    await expect(pub.getByTestId('quote-standing')).toContainText('This quote is accepted.');
    await expect(pub.getByRole('button', { name: 'Accept quote' })).toHaveCount(0);
    await pub.goto((link.pathname + link.search).replace(/t=.*/, 't=wrong'));
    await expect(pub.getByText(/not found/i).first()).toBeVisible();
  });
  await visitor.close();

  await test.step('the seller is e-mailed once and finds the quote converted into a draft invoice', async () => {
    const told = (await waitForMails(seller, 2)).filter((m) => m.raw.includes(`Quote accepted: ${number}`));
    expect(told).toHaveLength(1);
    await expect(page.getByTestId('document-status')).toHaveText('Converted', { timeout: 20_000 });
    await page.getByRole('link', { name: 'Open the invoice' }).click();
    await expect(page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible();
    await expect(page.getByTestId('customer-name')).toHaveText('Thandi Mokoena');
    await expect(page.getByTestId('document-status')).toHaveText('Draft');
    const invoiceNumber =
      /INV-\d{6}/.exec((await page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ }).textContent()) ?? '')?.[0] ?? '';
    expect(told[0].raw.replace(/=\r?\n/g, '')).toContain(invoiceNumber);
    await goTo(page, 'Invoices');
    await expect(documentRow(page, 'Invoices', invoiceNumber)).toContainText('Draft');
    await page.screenshot({ path: `tests/screenshots/quote-accept-${info.project.name}-04-seller-invoice.png`, fullPage: true });
  });
});
