import { expect, test, type Page } from '@playwright/test';
import { formatCents } from '../../schema/kit/money';
import { orderMessages } from '../../schema/marketplace/marketplace-orders';
import { registerViaUi, skipCookieConsent, uniqueEmail } from './auth-support';
import { addProduct, adjustStock, newTraderWithWorkspace } from './inventory-support';
import { payOnSandbox } from './paystack-support';

const rand = (cents: number) => formatCents(cents, 'ZAR');

/**
 * Tickets are not parcels: a cart of only tickets asks no delivery address and its order is complete
 * once paid; a cart with a parcel beside the tickets still asks where to deliver it.
 */
test('a cart of tickets checks out without an address and is delivered once paid; a parcel beside them asks the address', async ({
  page,
  browser,
}, info) => {
  test.slow();
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: `tests/screenshots/tickets-checkout-${info.project.name}-${name}.png`, fullPage: true });
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  const title = `Poetry Night ${tag}`;
  const poster = `Event poster ${tag}`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'tickets-checkout', info.project.name, `Market Theatre ${tag}`);

  await test.step('the organiser sells in rand: a poster in the marketplace and an event with paid tickets', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await page.goto(`/workspace/${workspaceId}/inventory`);
    await addProduct(page, { name: poster, price: '80', category: 'Prints' });
    await adjustStock(page, poster, { reason: 'Received from a supplier', quantity: '5' });
    await page.goto(`/workspace/${workspaceId}/storefront`);
    await page.getByText('Storefront open to buyers').click();
    await expect(page.getByText('Storefront open', { exact: true })).toBeVisible();
    await expect(page.getByTestId('storefront-link')).toBeVisible();
    const row = page.getByTestId('publish-row').filter({ hasText: poster });
    await row.getByText('In the marketplace').click();
    await expect(row.getByRole('checkbox', { name: /On my storefront/ })).toBeChecked();

    await page.goto(`/workspace/${workspaceId}/events`);
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('form', { name: 'New event' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Starts').fill('2031-03-20T19:00');
    await form.getByLabel('Location').fill('Market Theatre, Johannesburg');
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('navigation', { name: 'Event pages' }).getByRole('link', { name: 'Tickets' }).click();
    await page.getByRole('button', { name: 'Add ticket type' }).click();
    const dialog = page.getByRole('form', { name: 'New ticket type' });
    await dialog.getByLabel('Name').fill('Entry');
    await dialog.getByLabel('Price (R)').fill('120');
    await dialog.getByLabel('Quantity').fill('50');
    await dialog.getByRole('button', { name: 'Add ticket type' }).click();
    await expect(page.getByRole('heading', { name: 'Entry', exact: true })).toBeVisible();
    await page.getByRole('navigation', { name: 'Event pages' }).getByRole('link', { name: 'Details' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  });

  const buyerContext = await browser.newContext({ ...info.project.use, baseURL: new URL(page.url()).origin });
  const buyer = await buyerContext.newPage();
  const openEvent = async () => {
    await buyer.goto(`/events?q=${tag}`);
    await buyer.getByRole('link', { name: new RegExp(title) }).click();
    await expect(buyer.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  };

  await test.step('a buyer with only tickets in the cart is asked no address', async () => {
    await skipCookieConsent(buyer);
    await registerViaUi(buyer, 'Lerato Mokoena', uniqueEmail('ticket-only', info.project.name));
    await openEvent();
    await buyer.getByLabel('How many Entry').fill('2');
    await buyer.getByRole('button', { name: 'Add Entry to cart' }).click();
    await expect(buyer.getByTestId('cart-badge')).toHaveText('1');
    await buyer.goto('/checkout');
    await expect(buyer.getByTestId('checkout-total')).toHaveText(rand(24_000));
    await expect(buyer.getByRole('heading', { name: 'Nothing to deliver' })).toBeVisible();
    await expect(buyer.getByTestId('no-delivery')).toContainText('no delivery address is needed');
    await expect(buyer.getByLabel('Street address')).toHaveCount(0);
    await expect(buyer.getByLabel('Postal code')).toHaveCount(0);
    await expect(buyer.getByTestId('checkout-seller')).toContainText('Nothing to post: complete once paid.');
    await shot(buyer, '01-tickets-only');
  });

  await test.step('paid, the order is delivered with its tickets: no shipping step', async () => {
    await buyer.getByRole('button', { name: `Pay ${rand(24_000)}` }).click();
    await payOnSandbox(buyer, '4084084084084081');
    await expect(buyer.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible({ timeout: 30_000 });
    await buyer.goto('/orders');
    const order = buyer.getByTestId('order').first();
    await expect(order).toContainText('Delivered');
    await expect(order).toContainText('Nothing to deliver: complete once paid');
    await expect(order).not.toContainText('Shipping');
    await expect(order.getByRole('link', { name: /^Open ticket 2: / })).toBeVisible({ timeout: 30_000 });
    await shot(buyer, '02-delivered');
  });

  await test.step('a poster beside the tickets: the address is asked for the parcel, and refused empty', async () => {
    await openEvent();
    await buyer.getByLabel('How many Entry').fill('1');
    await buyer.getByRole('button', { name: 'Add Entry to cart' }).click();
    await expect(buyer.getByTestId('cart-badge')).toHaveText('1');
    await expect
      .poll(async () => (await (await buyer.request.get(`/api/marketplace?q=${encodeURIComponent(poster)}`)).text()).includes(poster))
      .toBe(true);
    await buyer.goto(`/marketplace?q=${encodeURIComponent(poster)}`);
    await buyer.getByTestId('product-card').filter({ hasText: poster }).click();
    await buyer.getByRole('button', { name: 'Add to cart' }).click();
    await expect(buyer.getByTestId('cart-badge')).toHaveText('2');
    await buyer.goto('/checkout');
    await expect(buyer.getByRole('heading', { name: 'Delivery address' })).toBeVisible();
    await expect(buyer.getByLabel('Street address')).toBeVisible();
    await buyer.getByRole('button', { name: /^Pay / }).click();
    await expect(buyer.getByText(orderMessages.line1Required)).toBeVisible();
    await expect(buyer.getByText(orderMessages.postalCode)).toBeVisible();
    await expect(buyer).toHaveURL(/\/checkout$/);
    await shot(buyer, '03-mixed-asks-address');
  });
  await buyerContext.close();
});
