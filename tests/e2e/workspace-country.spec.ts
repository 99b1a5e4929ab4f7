import { expect, test, type Page } from '@playwright/test';
import { waitForCode } from '../support/mailbox-file.js';
import { registerViaUi, skipCookieConsent, uniqueEmail } from './auth-support';
import { addProduct } from './inventory-support';
import { vatMessages } from '../../schema/kit/vat';
import { fillLine, goTo } from './invoices-support';

/**
 * A South African trader starts right: the workspace is created for South Africa, so the till sells
 * in rand with 15 % VAT inside prices, a new invoice's prices hold 15 % VAT too, and every date follows the
 * workspace's date format (and changes when the format does).
 */

const R = (amount: string) => `R\u00a0${amount}`;
const SHOTS = '/tmp/shots-locale';

/** A day as the workspace (Johannesburg) sees it, in a given order of parts. */
function johannesburgDay(order: 'iso' | 'dmy', at = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Johannesburg', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return order === 'iso' ? `${parts.year}-${parts.month}-${parts.day}` : `${parts.day}/${parts.month}/${parts.year}`;
}

function fact(page: Page, label: string) {
  return page.locator(`dt:text-is("${label}") + dd`);
}

test('a South African workspace sells in rand with 15 % VAT and writes dates in its own format', async ({ page }, info) => {
  // The phone project checks the 390 × 844 phone the issue names.
  if (info.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png`, fullPage: true });
  const email = uniqueEmail('country', info.project.name);

  await test.step('registers and verifies', async () => {
    await skipCookieConsent(page);
    await registerViaUi(page, 'Sipho Dlamini', email);
    const code = await waitForCode(email);
    await page.getByRole('button', { name: 'Enter Verification Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Verification Code' });
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog', { name: 'Email Verified Successfully' }).getByRole('button', { name: 'Continue to Dashboard' }).click();
    // With no workspace yet, the dashboard starts by creating one.
    await expect(page).toHaveURL(/\/workspace\/create$/);
  });

  let workspaceId = 0;
  await test.step('creates a workspace: South Africa is chosen already, and the form says what it sets', async () => {
    await page.goto('/workspace/create');
    const country = page.getByLabel('Country');
    await expect(country).toHaveValue('ZA');
    await expect(
      page.getByText('Amounts in ZAR, times in Africa/Johannesburg, VAT 15\u00a0% when registered, included in prices.'),
    ).toBeVisible();
    await country.selectOption({ label: 'Other' });
    await expect(page.getByText('Amounts in USD, times in UTC, no VAT.')).toBeVisible();
    // With no country there is no VAT to ask about.
    await expect(page.getByRole('radiogroup', { name: 'Is the business VAT registered?' })).toHaveCount(0);
    await country.selectOption({ label: 'South Africa' });
    await page.getByLabel('Workspace name').fill(`Soweto Spaza ${info.project.name}`);
    // A South African business is asked whether it is VAT registered: nothing is charged silently.
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page.getByText(vatMessages.registeredRequired)).toBeVisible();
    await expect(page).toHaveURL(/\/workspace\/create$/);
    const group = page.getByRole('radiogroup', { name: 'Is the business VAT registered?' });
    await group.getByText('Yes, it charges VAT', { exact: true }).click();
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page.getByText(vatMessages.numberRequired)).toBeVisible();
    await page.getByLabel('VAT number').fill('5123456789');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page.getByText(vatMessages.zaNumber)).toBeVisible();
    await expect(page.getByLabel('VAT number')).toBeFocused();
    await page.getByLabel('VAT number').fill('4123456789');
    await shot('create-workspace');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page).toHaveURL(/\/workspace\/\d+\/dashboard$/);
    workspaceId = Number(/\/workspace\/(\d+)\//.exec(page.url())?.[1]);
  });

  await test.step('the dashboard writes the creation date in the workspace format (YYYY-MM-DD, Johannesburg)', async () => {
    await expect(fact(page, 'Created')).toHaveText(johannesburgDay('iso'));
  });

  await test.step('the till sells in rand with 15 % VAT inside a product that has no rate of its own', async () => {
    await goTo(page, 'Inventory');
    await addProduct(page, { name: 'Amasi 2L', price: '46' });
    await goTo(page, 'Point of Sale');
    await page.getByRole('button', { name: 'Add Amasi 2L' }).click();
    await expect(page.getByTestId('cart-total')).toHaveText(R('46.00'));
    // 46.00 × 15 / 115 = 6.00 of VAT already inside the price.
    await expect(page.locator('dt:text-is("VAT included") + dd')).toHaveText(R('6.00'));
  });

  await test.step('a new invoice starts its lines at 15 % VAT, inside its prices as the workspace says, in rand', async () => {
    await page.goto(`/workspace/${workspaceId}/invoices/new`);
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Customer name').fill('Lerato Mokoena');
    await fillLine(page, 1, { description: 'Catering for 20', quantity: '1', price: '1000' });
    await expect(form.getByRole('listitem', { name: 'Line 1' }).getByLabel('VAT %')).toHaveValue('15');
    await expect(form.getByRole('switch', { name: 'Prices include VAT' })).toBeChecked();
    // 1000.00 × 15 / 115 = 130.43 of VAT inside the price.
    await expect(form.getByTestId('tax')).toHaveText(R('130.43'));
    await expect(form.getByTestId('total')).toHaveText(R('1,000.00'));
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { name: /^Invoice / })).toBeVisible();
    await expect(fact(page, 'Issued')).toHaveText(johannesburgDay('iso'));
  });
  const invoiceUrl = page.url();

  await test.step('settings: a VAT rate over 100 % is refused on its field; then DD/MM/YYYY is chosen', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    const business = page.getByRole('region', { name: 'Business and tax' });
    await expect(business.getByLabel('Country')).toHaveValue('ZA');
    const rate = business.getByLabel('VAT rate (%)');
    await expect(rate).toHaveValue('15');
    await rate.fill('150');
    await business.getByLabel('VAT number').fill('4123456789');
    await business.getByRole('button', { name: 'Save business details' }).click();
    await expect(business.getByText('VAT rate must be between 0 % and 100 %')).toBeVisible();
    await expect(rate).toBeFocused();
    await rate.fill('15');
    await business.getByRole('button', { name: 'Save business details' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();

    const emailSettings = page.getByRole('region', { name: 'Email' });
    await emailSettings.getByLabel('Cc', { exact: true }).fill('accounts@spaza.example, not an address');
    await emailSettings.getByRole('button', { name: 'Save email' }).click();
    await expect(emailSettings.getByText('Please enter a valid email address')).toBeVisible();
    await expect(emailSettings.getByLabel('Cc', { exact: true })).toBeFocused();
    await emailSettings.getByLabel('Cc', { exact: true }).fill('');

    const preferences = page.getByRole('region', { name: 'Preferences' });
    await preferences.getByLabel('Date format').selectOption('DD/MM/YYYY');
    await preferences.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated').first()).toBeVisible();
    // The toasts go after 5 s; the screenshots show the settings, not them.
    await expect(page.getByText('Workspace updated')).toHaveCount(0, { timeout: 15_000 });
    await shot('settings');
    await business.screenshot({ path: `${SHOTS}/${info.project.name}-settings-business.png` });
    await preferences.screenshot({ path: `${SHOTS}/${info.project.name}-settings-preferences.png` });
  });

  await test.step('the dashboard and the invoice now write DD/MM/YYYY', async () => {
    await goTo(page, 'Dashboard');
    await expect(fact(page, 'Created')).toHaveText(johannesburgDay('dmy'));
    await page.goto(invoiceUrl);
    await expect(fact(page, 'Issued')).toHaveText(johannesburgDay('dmy'));
    // The seller's VAT number, saved in settings, is on the invoice as a tax invoice needs it.
    await expect(page.getByTestId('seller-registration')).toHaveText('VAT no. 4123456789');
  });

  await test.step('after a reload the settings keep what was saved', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await expect(page.getByRole('region', { name: 'Preferences' }).getByLabel('Date format')).toHaveValue('DD/MM/YYYY');
    const business = page.getByRole('region', { name: 'Business and tax' });
    await expect(business.getByLabel('VAT number')).toHaveValue('4123456789');
    await expect(business.getByLabel('VAT rate (%)')).toHaveValue('15');
  });
});
