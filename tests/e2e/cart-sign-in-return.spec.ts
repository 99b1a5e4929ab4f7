import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { waitForCode } from '../support/mailbox-file.js';
import { registerByApi, skipCookieConsent, tick, uniqueEmail, verifyByApi } from './auth-support';
import { addProduct, adjustStock, newTraderWithWorkspace, PASSWORD } from './inventory-support';

/**
 * A guest who fills a cart and then signs in (from the cart, or sent by checkout) comes back to the
 * cart with the same items, whether they log in to an account they have or register a new one.
 */
test('a guest who signs in or registers from the cart comes back to the cart with its items', async ({ page, browser }, info) => {
  test.slow();
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: `tests/screenshots/cart-sign-in-return-${info.project.name}-${name}.png`, fullPage: true });
  const tag = `c${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const honey = `Fynbos honey ${tag}`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'cart-return', info.project.name, `Overberg Hives ${tag}`);

  await test.step('a seller publishes a product with stock', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await page.goto(`/workspace/${workspaceId}/inventory`);
    await addProduct(page, { name: honey, price: '85', category: 'Pantry' });
    await adjustStock(page, honey, { reason: 'Received from a supplier', quantity: '9' });
    await page.goto(`/workspace/${workspaceId}/storefront`);
    await page.getByText('Storefront open to buyers').click();
    await expect(page.getByText('Storefront open', { exact: true })).toBeVisible();
    const row = page.getByTestId('publish-row').filter({ hasText: honey });
    await row.getByText('In the marketplace').click();
    await expect(row.getByRole('checkbox', { name: /On my storefront/ })).toBeChecked();
  });

  await test.step('a shopper with an account fills a cart as a guest, logs in from the cart and is back at it', async () => {
    const email = uniqueEmail('cart-login', info.project.name);
    const shopper = await guestWithHoney(browser, page, info, honey);
    // The account exists already (made through the API); this device is signed out.
    await registerByApi(shopper, 'Ayanda Khumalo', email, PASSWORD);
    expect((await shopper.request.post('/api/auth/logout')).ok()).toBe(true);
    await shopper.goto('/cart');
    await expect(shopper.getByTestId('cart-item')).toContainText(honey);
    await shopper.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(shopper).toHaveURL(/\/auth\?redirect=%2Fcart$/);
    const form = shopper.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(shopper).toHaveURL(/\/cart$/);
    await expectHoneyInCart(shopper, honey);
    await expect(shopper.getByTestId('checkout-link')).toBeVisible();
    await shot(shopper, 'after-login');
    await shopper.context().close();
  });

  await test.step('a new shopper sent to sign in by checkout registers, verifies and is back at the cart', async () => {
    const email = uniqueEmail('cart-register', info.project.name);
    const shopper = await guestWithHoney(browser, page, info, honey);
    await shopper.goto('/checkout');
    await expect(shopper).toHaveURL(/\/auth\?redirect=%2Fcart$/);
    await shopper.getByRole('tab', { name: 'Register' }).click();
    const form = shopper.getByRole('form', { name: 'Register' });
    await form.getByLabel('Full name').fill('Lerato Dlamini');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await tick(form, /at least 18/);
    await tick(form, /I accept the/);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(shopper).toHaveURL(/\/cart$/);
    await expectHoneyInCart(shopper, honey);
    // The e-mail code arrives over SMTP; once verified, the cart is still the same.
    await verifyByApi(shopper, await waitForCode(email));
    await shopper.reload();
    await expectHoneyInCart(shopper, honey);
    await expect(shopper.getByTestId('checkout-link')).toBeVisible();
    await shot(shopper, 'after-register');
    await shopper.context().close();
  });
});

/** A fresh device that, as a guest, has put two jars of the product in its cart. */
async function guestWithHoney(browser: Browser, seller: Page, info: TestInfo, honey: string): Promise<Page> {
  const context = await browser.newContext({ ...info.project.use, baseURL: new URL(seller.url()).origin });
  const guest = await context.newPage();
  await skipCookieConsent(guest);
  await expect
    .poll(async () => (await (await guest.request.get(`/api/marketplace?q=${encodeURIComponent(honey)}`)).text()).includes(honey))
    .toBe(true);
  await guest.goto(`/marketplace?q=${encodeURIComponent(honey)}`);
  const card = guest.getByTestId('product-card').filter({ hasText: honey });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.click();
  await expect(guest.getByRole('heading', { name: honey, level: 1 })).toBeVisible();
  await guest.getByLabel('Quantity').fill('2');
  await guest.getByRole('button', { name: 'Add to cart' }).click();
  await expect(guest.getByTestId('cart-badge')).toHaveText('1');
  return guest;
}

async function expectHoneyInCart(page: Page, honey: string) {
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByTestId('cart-item')).toContainText(honey);
  await expect(page.getByTestId('cart-quantity')).toHaveText('2');
}
