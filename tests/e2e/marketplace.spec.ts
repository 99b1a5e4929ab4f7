import { expect, test, type Page } from '@playwright/test';
import { marketMessages } from '../../schema/marketplace/marketplace';
import { formatCents } from '../../schema/kit/money';
import { registerViaUi, skipCookieConsent, uniqueEmail } from './auth-support';
import { addProduct, adjustStock, newTraderWithWorkspace } from './inventory-support';
import { payOnSandbox } from './paystack-support';

const rand = (cents: number) => formatCents(cents, 'ZAR');

/** The row of one product on the seller's Storefront page. */
const publishRow = (page: Page, name: string) => page.getByTestId('publish-row').filter({ hasText: name });

/**
 * The first slice of the marketplace, as people use it: a seller opens a storefront and publishes
 * products; a guest finds one by search (with a typo), opens it, fills a cart; signs up and finds the
 * cart kept on the account.
 */
test('a seller publishes, a guest finds the product by search and fills a cart that is merged at sign-up', async ({
  page,
  browser,
}, info) => {
  // Two accounts, a seller's setup and a buyer's whole visit: a long walk through the app.
  test.slow();
  const phone = info.project.name === 'phone';
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: `tests/screenshots/marketplace-${info.project.name}-${name}.png`, fullPage: true });
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const chocolate = `Dark chocolate slab ${tag}`;
  const tea = `Rooibos tea ${tag}`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'market', info.project.name, `Soweto Sweets ${tag}`);

  await test.step('the seller sells in rand and adds two products with stock', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await page.goto(`/workspace/${workspaceId}/inventory`);
    await addProduct(page, { name: chocolate, price: '45', category: 'Sweets', lowStock: '1' });
    await addProduct(page, { name: tea, price: '30', category: 'Drinks' });
    await adjustStock(page, chocolate, { reason: 'Received from a supplier', quantity: '5' });
  });

  await test.step('the storefront page refuses a bad order prefix, then opens the shop and publishes', async () => {
    await page.goto(`/workspace/${workspaceId}/storefront`);
    await expect(page.getByRole('heading', { name: 'Storefront', level: 1 })).toBeVisible();
    const prefix = page.getByLabel('Order number prefix');
    await expect(prefix).toHaveValue('ORD');
    await expect(page.getByLabel('How buyers pay')).toContainText('EFT (bank transfer)');
    await prefix.fill('OR-D');
    await page.getByRole('button', { name: 'Save storefront' }).click();
    await expect(page.getByText(marketMessages.orderPrefix)).toBeVisible();
    await expect(prefix).toBeFocused();
    await prefix.fill('ORD');
    await page.getByLabel('Return policy').fill('Unopened slabs may be returned within 7 days.');
    await page.getByRole('button', { name: 'Save storefront' }).click();
    await expect(page.getByText('Storefront saved')).toBeVisible();

    await page.getByText('Storefront open to buyers').click();
    await expect(page.getByText('Storefront open', { exact: true })).toBeVisible();
    // The public link appears above the products once the shop is open: wait for it, so the tap lands on the row.
    await expect(page.getByTestId('storefront-link')).toBeVisible();
    await publishRow(page, chocolate).getByText('In the marketplace').click();
    await expect(publishRow(page, chocolate).getByRole('checkbox', { name: /On my storefront/ })).toBeChecked();
    await publishRow(page, tea).getByText('On my storefront').click();
    await expect(publishRow(page, tea).getByRole('checkbox', { name: /On my storefront/ })).toBeChecked();
    await expect(page.getByTestId('storefront-link')).toBeVisible();
    // The payout account: the seller's share of each card payment is paid into it.
    await page.getByLabel('Account holder or business name').fill(`Soweto Sweets ${tag}`);
    await page.getByLabel('Bank code').fill('632005');
    await page.getByLabel('Account number').fill('12ab');
    await page.getByRole('button', { name: 'Save payout account' }).click();
    await expect(page.getByText('Enter the account number (6 to 20 digits)')).toBeVisible();
    await page.getByLabel('Account number').fill('1234567890');
    await page.getByRole('button', { name: 'Save payout account' }).click();
    await expect(page.getByText('Payout account saved')).toBeVisible();
    await expect(page.getByText(/paid into your payout account \(ACCT_/)).toBeVisible();
    await shot(page, '01-seller-storefront');
  });
  const shopPath = new URL((await page.getByTestId('storefront-link').getAttribute('href')) ?? '', 'http://x').pathname;

  // The buyer is someone else, on their own device.
  const buyer = await browser.newContext({ ...info.project.use, baseURL: new URL(page.url()).origin });
  const guest = await buyer.newPage();
  await skipCookieConsent(guest);

  await test.step('a guest searches with a typo and finds only the marketplace product', async () => {
    // The seller's publish travels by sync: ask the marketplace until it has arrived.
    await expect
      .poll(async () => (await (await guest.request.get(`/api/marketplace?q=${encodeURIComponent(chocolate)}`)).text()).includes(chocolate))
      .toBe(true);
    await guest.goto(`/marketplace?q=${encodeURIComponent(`choclate ${tag}`)}`);
    await expect(guest.getByTestId('product-card').filter({ hasText: chocolate })).toBeVisible();
    await expect(guest.getByTestId('product-card')).toHaveCount(1);
    await guest.goto('/marketplace');
    await guest.getByLabel('Search products').fill(`choclate ${tag}`);
    await guest.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(guest).toHaveURL(/q=choclate/);
    const card = guest.getByTestId('product-card').filter({ hasText: chocolate });
    await expect(card).toContainText(rand(4500));
    await expect(card).toContainText('In stock');
    await shot(guest, '02-search');
    await card.click();
  });

  // A second seller (after the typo search above, which their product would also match), on their own device: one product, two in stock, in the marketplace.
  const scarf = `Wool scarf ${tag}`;
  const knitsContext = await browser.newContext({ ...info.project.use, baseURL: new URL(page.url()).origin });
  const knits = await knitsContext.newPage();
  let knitsWorkspace = 0;
  await test.step('a second seller opens a storefront with one product', async () => {
    const second = await newTraderWithWorkspace(knits, 'market-b', info.project.name, `Durban Knits ${tag}`);
    knitsWorkspace = second.workspaceId;
    await knits.goto(`/workspace/${second.workspaceId}/settings`);
    await knits.getByLabel('Currency').selectOption('ZAR');
    await knits.getByRole('button', { name: 'Save preferences' }).click();
    await expect(knits.getByText('Workspace updated')).toBeVisible();
    await knits.goto(`/workspace/${second.workspaceId}/inventory`);
    await addProduct(knits, { name: scarf, price: '350', category: 'Clothing', lowStock: '1' });
    await adjustStock(knits, scarf, { reason: 'Received from a supplier', quantity: '2' });
    await knits.goto(`/workspace/${second.workspaceId}/storefront`);
    await knits.getByText('Storefront open to buyers').click();
    await expect(knits.getByText('Storefront open', { exact: true })).toBeVisible();
    // The public link appears above the products once the shop is open: wait for it, so the tap lands on the row.
    await expect(knits.getByTestId('storefront-link')).toBeVisible();
    await publishRow(knits, scarf).getByText('In the marketplace').click();
    await expect(publishRow(knits, scarf).getByRole('checkbox', { name: /On my storefront/ })).toBeChecked();
  });

  await test.step('the product page shows price, stock and seller, and refuses a bad quantity', async () => {
    await expect(guest.getByRole('heading', { name: chocolate, level: 1 })).toBeVisible();
    await expect(guest.getByText(rand(4500)).first()).toBeVisible();
    await expect(guest.getByTestId('stock-state')).toHaveText('In stock');
    await expect(guest.getByRole('link', { name: `Soweto Sweets ${tag}` })).toBeVisible();
    const quantity = guest.getByLabel('Quantity');
    for (const [typed, message] of [
      ['0', 'Quantity must be at least 1'],
      ['-1', 'Quantity must be at least 1'],
      ['6', 'Only 5 left in stock.'],
    ] as const) {
      await quantity.fill(typed);
      await guest.getByRole('button', { name: 'Add to cart' }).click();
      await expect(guest.getByText(message)).toBeVisible();
    }
    await expect(guest.getByTestId('cart-badge')).toHaveCount(0);
    await quantity.fill('2');
    await guest.getByRole('button', { name: 'Add to cart' }).click();
    await expect(guest.getByTestId('cart-badge')).toHaveText('1');
    await shot(guest, '03-product');
  });

  await test.step('the storefront shows its public products and return policy', async () => {
    await guest.getByRole('link', { name: `Soweto Sweets ${tag}` }).click();
    await expect(guest).toHaveURL(new RegExp(`${shopPath}$`));
    await expect(guest.getByRole('heading', { name: `Soweto Sweets ${tag}`, level: 1 })).toBeVisible();
    await expect(guest.getByTestId('product-card')).toHaveCount(2);
    await expect(guest.getByText('Unopened slabs may be returned within 7 days.')).toBeVisible();
    await shot(guest, '04-storefront');
  });

  await test.step('the guest cart is kept on the device, with its total', async () => {
    if (phone) {
      await guest.getByRole('button', { name: 'Menu' }).click();
      await expect(guest.getByRole('navigation', { name: 'Marketplace menu' }).getByRole('link', { name: 'Services' })).toBeVisible();
      await guest.getByRole('button', { name: 'Close', exact: true }).click();
    }
    await guest.getByRole('link', { name: /^Cart, 1 item/ }).click();
    await expect(guest).toHaveURL(/\/cart$/);
    await expect(guest.getByTestId('cart-item')).toHaveCount(1);
    await expect(guest.getByTestId('cart-quantity')).toHaveText('2');
    await expect(guest.getByTestId('cart-total')).toHaveText(rand(9000));
    await guest.getByRole('button', { name: `One more ${chocolate}` }).click();
    await expect(guest.getByTestId('cart-total')).toHaveText(rand(13500));
    await shot(guest, '05-guest-cart');
  });

  await test.step('signing up merges the guest cart into the account', async () => {
    await registerViaUi(guest, 'Lerato Buyer', uniqueEmail('buyer', info.project.name));
    await guest.goto('/cart');
    await expect(guest.getByTestId('cart-item')).toHaveCount(1);
    await expect(guest.getByTestId('cart-quantity')).toHaveText('3');
    await expect(guest.getByTestId('checkout-link')).toBeVisible();
    await expect(guest.getByTestId('cart-badge')).toHaveText('1');
    // The device's copy is gone: the account holds the cart now.
    expect(await guest.evaluate(() => localStorage.getItem('vuka-guest-cart'))).toBe('[]');
    // Beyond the stock is refused with the reason, and the cart stays as it was.
    await guest.getByRole('button', { name: `One more ${chocolate}` }).click();
    await guest.getByRole('button', { name: `One more ${chocolate}` }).click();
    await guest.getByRole('button', { name: `One more ${chocolate}` }).click();
    await expect(guest.getByText('Only 5 left in stock.')).toBeVisible();
    await expect(guest.getByTestId('cart-quantity')).toHaveText('5');
    await shot(guest, '06-account-cart');
  });

  await test.step("the buyer adds the second seller's scarf: one cart, two sellers", async () => {
    await expect
      .poll(async () => (await (await guest.request.get(`/api/marketplace?q=${encodeURIComponent(scarf)}`)).text()).includes(scarf))
      .toBe(true);
    await guest.goto(`/marketplace?q=${encodeURIComponent(scarf)}`);
    await guest.getByTestId('product-card').filter({ hasText: scarf }).click();
    await expect(guest.getByRole('heading', { name: scarf, level: 1 })).toBeVisible();
    await guest.getByRole('button', { name: 'Add to cart' }).click();
    await expect(guest.getByTestId('cart-badge')).toHaveText('2');
    await guest.goto('/cart');
    await expect(guest.getByTestId('cart-item')).toHaveCount(2);
  });

  await test.step('the buyer checks out: the address is checked, then one card payment on the sandbox', async () => {
    await guest.getByTestId('checkout-link').click();
    await expect(guest).toHaveURL(/\/checkout$/);
    await expect(guest.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(guest.getByTestId('checkout-seller')).toHaveCount(2);
    await expect(guest.getByTestId('checkout-seller').filter({ hasText: `Soweto Sweets ${tag}` })).toContainText(rand(22500));
    await expect(guest.getByTestId('checkout-seller').filter({ hasText: `Durban Knits ${tag}` })).toContainText(rand(35000));
    await expect(guest.getByTestId('checkout-total')).toHaveText(rand(57500));
    await guest.getByRole('button', { name: `Pay ${rand(57500)}` }).click();
    await expect(guest.getByText('Enter a street address')).toBeVisible();
    await expect(guest.getByText('Enter a 4-digit postal code')).toBeVisible();
    await shot(guest, '07-checkout-errors');
    await guest.getByLabel('Street address').fill('12 Vilakazi St');
    await guest.getByLabel('City or town').fill('Soweto');
    await guest.getByLabel('Province').selectOption('Gauteng');
    await guest.getByLabel('Postal code').fill('1804');
    await shot(guest, '08-checkout');
    await guest.getByRole('button', { name: `Pay ${rand(57500)}` }).click();
    await payOnSandbox(guest, '4084 0840 8408 4081');
    await expect(guest).toHaveURL(/\/checkout\/complete\?/);
    await expect(guest.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible({ timeout: 30_000 });
    await expect(guest.getByTestId('order-payment')).toHaveText(['Paid', 'Paid']);
    await shot(guest, '09-confirmation');
    await expect(guest.getByTestId('cart-badge')).toHaveCount(0);
  });

  await test.step('stock fell through the ledger; the seller ships the order with a tracking number', async () => {
    await guest.goto(`/marketplace?q=${encodeURIComponent(chocolate)}`);
    await expect(guest.getByTestId('product-card').filter({ hasText: chocolate })).toContainText('Out of stock');
    await guest.goto(`/marketplace?q=${encodeURIComponent(scarf)}`);
    await expect(guest.getByTestId('product-card').filter({ hasText: scarf })).toContainText('Only 1 left');
    await knits.goto(`/workspace/${knitsWorkspace}/orders`);
    await expect(knits.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(knits.getByTestId('seller-order')).toHaveCount(1);
    await expect(knits.getByTestId('seller-order')).toContainText(rand(35000));
    // At a market with no signal, the seller still reads what to pack, as last read, and ships it:
    // the change waits on the device, shown at once, and goes when the signal is back.
    await knits.context().setOffline(true);
    await knits.reload();
    await expect(knits.getByText('You are offline')).toBeVisible();
    await expect(knits.getByTestId('seller-order')).toContainText(rand(35000));
    await knits.getByTestId('seller-order').getByRole('link').click();
    await expect(knits.getByRole('heading', { name: /^Order ORD-/ })).toBeVisible();
    await expect(knits.getByText('refunding an order needs a connection.')).toBeVisible();
    await expect(knits.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
    await knits.getByLabel('Move the order to').selectOption('shipped');
    await knits.getByLabel('Tracking number').fill('KN778899ZA');
    await knits.getByRole('button', { name: 'Update order' }).click();
    await expect(knits.getByTestId('order-change')).toContainText('Shipped — waiting to sync.');
    await expect(knits.getByTestId('order-status')).toHaveText('Shipped');
    await expect(knits.getByTestId('order-tracking')).toHaveText('KN778899ZA');
    await shot(knits, '10-seller-order-offline');
    await knits.getByRole('link', { name: '← All orders' }).click();
    const knitsRow = knits.getByTestId('seller-order');
    await expect(knitsRow.getByTestId('order-pending')).toHaveText('Waiting to sync');
    await expect(knitsRow.getByTestId('order-status')).toHaveText('Shipped');
    await shot(knits, '10-seller-orders-offline');
    // Back online, the change syncs and the server's answer replaces the wait.
    await knits.context().setOffline(false);
    await expect(knitsRow.getByTestId('order-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(knitsRow.getByTestId('order-status')).toHaveText('Shipped');
    await knitsRow.getByRole('link').click();
    await expect(knits.getByTestId('order-change')).toHaveAttribute('data-state', 'applied');
    await expect(knits.getByTestId('order-change')).toContainText('— applied.');
    await expect(knits.getByTestId('order-tracking')).toHaveText('KN778899ZA');
    await shot(knits, '10-seller-order-synced');
    await page.goto(`/workspace/${workspaceId}/orders`);
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    const row = page.getByTestId('seller-order').filter({ hasText: 'Lerato Buyer' });
    await expect(row).toContainText('Paid');
    await expect(page.getByTestId('seller-order')).toHaveCount(1);
    await shot(page, '10-seller-orders');
    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { name: /^Order ORD-/ })).toBeVisible();
    await page.getByLabel('Move the order to').selectOption('shipped');
    await page.getByLabel('Tracking number').fill('PX123456ZA');
    await page.getByRole('button', { name: 'Update order' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Shipped');
    await expect(page.getByTestId('order-tracking')).toHaveText('PX123456ZA');
    await expect(page.getByTestId('order-change')).toHaveAttribute('data-state', 'applied');
  });

  await test.step('the buyer sees the order shipped in My Orders; the seller refunds it and the buyer sees refunded', async () => {
    await guest.goto('/orders');
    await expect(guest.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await expect(guest.getByTestId('order')).toHaveCount(2);
    const order = guest.getByTestId('order').filter({ hasText: `Soweto Sweets ${tag}` });
    await expect(order.getByTestId('order-status')).toHaveText('Shipped');
    await expect(order.getByTestId('order-tracking')).toHaveText('PX123456ZA');
    // The order the other seller shipped offline, once synced.
    const knitted = guest.getByTestId('order').filter({ hasText: `Durban Knits ${tag}` });
    await expect(knitted.getByTestId('order-status')).toHaveText('Shipped');
    await expect(knitted.getByTestId('order-tracking')).toHaveText('KN778899ZA');
    await shot(guest, '11-my-orders');
    await page.getByText('Put the items back in stock').click();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    // A whole refund is said once, by the order's status.
    await expect(page.getByTestId('order-status')).toHaveText('Refunded');
    await expect(page.getByTestId('order-payment')).toHaveCount(0);
    await shot(page, '12-seller-order-refunded');
    await guest.reload();
    await expect(order.getByTestId('order-status')).toHaveText('Refunded');
    await expect(order.getByTestId('order-payment')).toHaveCount(0);
    const other = guest.getByTestId('order').filter({ hasText: `Durban Knits ${tag}` });
    await expect(other.getByTestId('order-payment')).toHaveText('Paid');
    await guest.goto(`/marketplace?q=${encodeURIComponent(chocolate)}`);
    await expect(guest.getByTestId('product-card').filter({ hasText: chocolate })).toContainText('In stock');
  });

  await test.step('a change made offline that the order no longer allows is kept, not applied, with the reason', async () => {
    // The knitter, offline again, marks the shipped order delivered; meanwhile it is refunded from another device.
    const orderUrl = new URL(knits.url());
    await knits.context().setOffline(true);
    await knits.getByLabel('Move the order to').selectOption('delivered');
    await knits.getByRole('button', { name: 'Update order' }).click();
    await expect(knits.getByTestId('order-change')).toContainText('Delivered — waiting to sync.');
    await expect(knits.getByTestId('order-status')).toHaveText('Delivered');
    const refunded = await knits.request.post(`${orderUrl.pathname.replace('/workspace/', '/api/workspaces/')}/refunds`, {
      data: {},
      headers: { origin: orderUrl.origin },
    });
    expect(refunded.status()).toBe(200);
    await knits.context().setOffline(false);
    const answer = knits.getByTestId('order-change');
    await expect(answer).toHaveAttribute('data-state', 'refused', { timeout: 30_000 });
    await expect(answer).toContainText('Not applied: An order cannot move to that status from where it is. It is refunded now.');
    await expect(knits.getByTestId('order-status')).toHaveText('Refunded');
    await shot(knits, '13-seller-order-not-applied');
  });

  await test.step('Services answers a real page; the directory lists the shop', async () => {
    await guest.goto('/marketplace/services');
    // Other walks publish services on the same server, so the page shows either its list or its empty state.
    await expect(guest.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
    await expect(
      guest.getByRole('list', { name: 'Services to book' }).or(guest.getByRole('heading', { name: 'No services to book yet' })),
    ).toBeVisible();
    await guest.goto(`/directory?q=${encodeURIComponent(tag)}`);
    await expect(guest.getByRole('link', { name: `Soweto Sweets ${tag}` })).toBeVisible();
    await shot(guest, '13-directory');
  });

  await test.step('without JavaScript, the product URL carries its name, price and JSON-LD', async () => {
    const productPath = await guest.evaluate(() => window.location.pathname);
    expect(productPath).toBe('/directory');
    await guest.goto(`/marketplace?q=${encodeURIComponent(chocolate)}`);
    await guest.getByTestId('product-card').filter({ hasText: chocolate }).click();
    await expect(guest.getByRole('heading', { name: chocolate, level: 1 })).toBeVisible();
    const url = new URL(guest.url());
    const res = await guest.request.get(url.pathname);
    const html = await res.text();
    expect(html).toContain(`<title>${chocolate} – ${rand(4500)} | Vuka</title>`);
    expect(html).toContain(`<link rel="canonical" href="`);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Record<string, unknown>,
    );
    expect(ld[0]).toMatchObject({ '@type': 'Product', name: chocolate, offers: { price: '45.00', priceCurrency: 'ZAR' } });
    const sitemap = await (await guest.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`${url.pathname}</loc>`);
    expect(sitemap).toContain(`${shopPath}</loc>`);
  });
  await buyer.close();
  await knitsContext.close();
});
