import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { reviewMessages } from '../../schema/marketplace/marketplace-reviews';
import { formatCents } from '../../schema/kit/money';
import { registerViaUi, skipCookieConsent, uniqueEmail } from './auth-support';
import { addProduct, adjustStock, newTraderWithWorkspace } from './inventory-support';
import { payOnSandbox } from './paystack-support';

const rand = (cents: number) => formatCents(cents, 'ZAR');

/**
 * Reviews and wishlists as people use them: a guest is asked to sign in for both; a signed-in
 * shopper keeps a product in a wishlist and cannot review what they did not buy; after paying for
 * it they review it once (verified purchase), the seller answers and hides it.
 */
test('a buyer saves a product to a wishlist, buys it, reviews it once; the seller answers and hides the review', async ({
  page,
  browser,
}, info) => {
  test.slow();
  const phone = info.project.name === 'phone';
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: `tests/screenshots/marketplace-reviews-${info.project.name}-${name}.png`, fullPage: true });
  // Not shaped like the other marketplace tests' tags (project and time), whose typo-tolerant searches it would otherwise match.
  const tag = `r${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const jam = `Marula jam ${tag}`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'reviews', info.project.name, `Limpopo Pantry ${tag}`);

  await test.step('the seller sells in rand and publishes a product with stock', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await page.goto(`/workspace/${workspaceId}/inventory`);
    await addProduct(page, { name: jam, price: '65', category: 'Pantry' });
    await adjustStock(page, jam, { reason: 'Received from a supplier', quantity: '5' });
    await page.goto(`/workspace/${workspaceId}/storefront`);
    await page.getByText('Storefront open to buyers').click();
    await expect(page.getByText('Storefront open', { exact: true })).toBeVisible();
    const row = page.getByTestId('publish-row').filter({ hasText: jam });
    await row.getByText('In the marketplace').click();
    await expect(row.getByRole('checkbox', { name: /On my storefront/ })).toBeChecked();
  });

  const context = await browser.newContext({ ...info.project.use, baseURL: new URL(page.url()).origin });
  const buyer = await context.newPage();
  if (phone) await buyer.setViewportSize({ width: 390, height: 844 });
  await skipCookieConsent(buyer);

  await test.step('a guest sees no reviews yet and is asked to sign in for the wishlist', async () => {
    await expect
      .poll(async () => (await (await buyer.request.get(`/api/marketplace?q=${encodeURIComponent(jam)}`)).text()).includes(jam))
      .toBe(true);
    await buyer.goto(`/marketplace?q=${encodeURIComponent(jam)}`);
    const card = buyer.getByTestId('product-card').filter({ hasText: jam });
    // The first load of the marketplace on a fresh device fetches the app's chunks too: on a busy machine it can take a while.
    await expect(card).toBeVisible({ timeout: 30_000 });
    await buyer.getByRole('button', { name: `Save ${jam} to your wishlist` }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Sign in to save' });
    await expect(dialog).toContainText(reviewMessages.wishlistSignIn);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await card.click();
    await expect(buyer.getByRole('heading', { name: jam, level: 1 })).toBeVisible();
    await expect(buyer.getByTestId('rating-summary')).toHaveText('No reviews yet');
    await expect(buyer.getByText('Nobody has reviewed this product yet.')).toBeVisible();
    await expect(buyer.getByTestId('reviews')).toContainText('Sign in to review it.');
  });

  await test.step('signed in, the shopper saves it to the wishlist but may not review it before buying', async () => {
    const productPath = new URL(buyer.url()).pathname;
    await registerViaUi(buyer, 'Naledi Mahlangu', uniqueEmail('reviewer', info.project.name));
    await buyer.goto(productPath);
    await expect(buyer.getByTestId('reviews')).toContainText(reviewMessages.notBuyer);
    await expect(buyer.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
    const heart = buyer.getByRole('button', { name: 'Save to wishlist' });
    await heart.click();
    await expect(buyer.getByRole('button', { name: 'Saved to wishlist' })).toHaveAttribute('aria-pressed', 'true');
    await buyer.getByRole('link', { name: 'My Wishlist' }).click();
    await expect(buyer).toHaveURL(/\/account\/wishlist$/);
    await expect(buyer.getByRole('heading', { name: 'My Wishlist', level: 1 })).toBeVisible();
    const item = buyer.getByTestId('wishlist-item').filter({ hasText: jam });
    await expect(item).toContainText(rand(6500));
    await expect(item).toContainText(`Limpopo Pantry ${tag}`);
    await shot(buyer, '01-wishlist');
    // Removing it empties the list; the heart on the card adds it back.
    await item.getByRole('button', { name: `Remove ${jam} from your wishlist` }).click();
    await expect(buyer.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    await buyer.goto(`/marketplace?q=${encodeURIComponent(jam)}`);
    await buyer.getByRole('button', { name: `Save ${jam} to your wishlist` }).click();
    await expect(buyer.getByRole('button', { name: `Remove ${jam} from your wishlist` })).toHaveAttribute('aria-pressed', 'true');
    await shot(buyer, '02-search-heart');
    await buyer.goto('/account/wishlist');
    await expect(buyer.getByTestId('wishlist-item')).toHaveCount(1);
  });

  await test.step('the shopper buys it with the sandbox card', async () => {
    await buyer.getByRole('link', { name: jam }).click();
    await buyer.getByRole('button', { name: 'Add to cart' }).click();
    await expect(buyer.getByTestId('cart-badge')).toHaveText('1');
    await buyer.goto('/checkout');
    await expect(buyer.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    const fullName = buyer.getByLabel('Full name');
    if ((await fullName.inputValue()) === '') await fullName.fill('Naledi Mahlangu');
    await buyer.getByLabel('Street address').fill('4 Church St');
    await buyer.getByLabel('City or town').fill('Polokwane');
    await buyer.getByLabel('Province').selectOption('Limpopo');
    await buyer.getByLabel('Postal code').fill('0699');
    await buyer.getByRole('button', { name: `Pay ${rand(6500)}` }).click();
    await payOnSandbox(buyer, '4084 0840 8408 4081');
    await expect(buyer.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible({ timeout: 30_000 });
    await expect(buyer.getByTestId('order-payment')).toHaveText('Paid');
  });

  await test.step('the buyer reviews it: bad input is refused, then it is published once, as a verified purchase', async () => {
    await buyer.goto('/account/wishlist');
    await buyer.getByRole('link', { name: jam }).click();
    const form = buyer.getByRole('form', { name: 'Write a review' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Publish review' }).click();
    await expect(form.getByText(reviewMessages.rating)).toBeVisible();
    await expect(form.getByText(reviewMessages.titleRequired)).toBeVisible();
    await expect(form.getByText(reviewMessages.contentRequired)).toBeVisible();
    await form.getByRole('radio', { name: '4 stars' }).check();
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await form.getByLabel('Title').fill('Tastes of home');
    await form.getByLabel('Your review').fill('Sweet and tart, just like my gogo made it. Arrived well packed.');
    await form.getByRole('button', { name: 'Publish review' }).click();
    await expect(buyer.getByText('Review published')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(buyer.getByText('Thank you: you have reviewed this product.')).toBeVisible();
    const review = buyer.getByTestId('review');
    await expect(review).toHaveCount(1);
    await expect(review).toContainText('Tastes of home');
    await expect(review).toContainText('4 out of 5');
    await expect(review).toContainText('Naledi M.');
    await expect(review).toContainText('Verified purchase');
    await expect(buyer.getByTestId('rating-summary')).toHaveText(/4\.0 out of 5 \(1 review\)/);
  });

  await test.step('the seller answers the review; the product page shows the answer', async () => {
    await page.goto(`/workspace/${workspaceId}/storefront`);
    const review = page.getByTestId('seller-review').filter({ hasText: 'Tastes of home' });
    await expect(review).toContainText(`Naledi M. on ${jam}`);
    await expect(review.getByTestId('review-status')).toHaveText('Published');
    await review.getByLabel('Your response').fill('Thank you, Naledi! A new batch is on the way.');
    await review.getByRole('button', { name: 'Save response' }).click();
    await expect(page.getByText('Response saved')).toBeVisible();
    await buyer.reload();
    await expect(buyer.getByTestId('review')).toContainText('A new batch is on the way.');
    await expect(buyer.getByTestId('review')).toContainText("The seller's response");
    await shot(buyer, '03-product-reviews');
  });

  await test.step('the seller hides the review: it leaves the product page and the rating', async () => {
    const review = page.getByTestId('seller-review').filter({ hasText: 'Tastes of home' });
    await review.getByRole('button', { name: 'Hide from the product page' }).click();
    await expect(review.getByTestId('review-status')).toHaveText('Hidden');
    await shot(page, '04-seller-reviews');
    await buyer.reload();
    await expect(buyer.getByTestId('review')).toHaveCount(0);
    await expect(buyer.getByTestId('rating-summary')).toHaveText('No reviews yet');
    // Hidden is not gone: the buyer still has had their one review.
    await expect(buyer.getByText('Thank you: you have reviewed this product.')).toBeVisible();
  });
  await context.close();
});
