import { expect, test, type Page } from '@playwright/test';
import { formatCents } from '../../schema/kit/money';
import { variantMessages } from '../../schema/inventory/product-variants';
import { skipCookieConsent } from './auth-support';
import { addProduct, adjustStock, newTraderWithWorkspace, productRow } from './inventory-support';

const rand = (cents: number) => formatCents(cents, 'ZAR');

/**
 * Variants as people use them: a trader sells a T-shirt in Red / M, Red / L and Blue / M, each with
 * its own price and stock, and publishes it; a buyer finds one card for the shirt, picks an option
 * (by keyboard) and puts it in the cart, which names the option.
 */
test('a seller adds a product with two variants and publishes it; a buyer picks an option and the cart names it', async ({
  page,
  browser,
}, info) => {
  test.slow();
  const phone = info.project.name === 'phone';
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: `tests/screenshots/variants-${info.project.name}-${name}.png`, fullPage: true });
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const shirt = `T-shirt ${tag}`;
  const { workspaceId } = await newTraderWithWorkspace(page, 'variants', info.project.name, `Durban Threads ${tag}`);

  await test.step('the seller adds the shirt, then two variants with their own price and opening stock', async () => {
    await page.goto(`/workspace/${workspaceId}/settings`);
    await page.getByLabel('Currency').selectOption('ZAR');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await page.goto(`/workspace/${workspaceId}/inventory`);
    await addProduct(page, { name: shirt, price: '150', sku: 'TS-RM', category: 'Clothing' });
    await adjustStock(page, shirt, { reason: 'Received from a supplier', quantity: '3' });

    await page.getByRole('button', { name: `Edit ${shirt}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${shirt}` });
    const variants = dialog.getByTestId('variants-section');
    await variants.getByRole('button', { name: 'Add variant' }).click();
    // The first variant asks what the shirt itself is; an option left empty is refused on its field.
    await variants.getByRole('button', { name: 'Add variant' }).click();
    await expect(variants.getByText(variantMessages.nameRequired).first()).toBeVisible();
    await variants.getByLabel("This product's option").fill('Red / M');
    await variants.getByLabel('Option', { exact: true }).fill('Red / L');
    await variants.getByLabel('Variant price').fill('170');
    await variants.getByLabel('Variant SKU').fill('TS-RL');
    await variants.getByLabel('Opening stock').fill('2');
    await variants.getByRole('button', { name: 'Add variant' }).click();
    await expect(variants.getByTestId('variant-row').filter({ hasText: 'Red / L' })).toContainText('On hand: 2');

    // With no signal a variant is added all the same: it is a product on the device, synced later.
    await page.context().setOffline(true);
    await variants.getByRole('button', { name: 'Add variant' }).click();
    await variants.getByLabel('Option', { exact: true }).fill('Blue / M');
    await variants.getByLabel('Variant price').fill('150');
    await variants.getByRole('button', { name: 'Add variant' }).click();
    const blue = variants.getByTestId('variant-row').filter({ hasText: 'Blue / M' });
    await expect(blue).toContainText('On hand: 0');
    await page.context().setOffline(false);
    await expect(variants.getByRole('listitem', { name: `${shirt} — Red / M` })).toContainText('On hand: 3');
    await shot(page, '01-edit-variants');
    await dialog.getByRole('button', { name: 'Cancel' }).first().click();
    await expect(dialog).toHaveCount(0);

    // The shirt's own option is renamed in its form, and cannot be left empty while it has variants.
    await page.getByRole('button', { name: `Edit ${shirt} — Red / M`, exact: true }).click();
    const mainForm = page.getByRole('dialog', { name: `Edit ${shirt} — Red / M` });
    await expect(mainForm.getByLabel('Option', { exact: true }).first()).toHaveValue('Red / M');
    await mainForm.getByLabel('Option', { exact: true }).first().fill('');
    await mainForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(mainForm.getByText(variantMessages.nameRequired).first()).toBeVisible();
    await shot(page, '01-main-option-required');
    await mainForm.getByLabel('Option', { exact: true }).first().fill('Red / Medium');
    await mainForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(mainForm).toHaveCount(0);
    await expect(productRow(page, `${shirt} — Red / Medium`)).toBeVisible();
    await page.getByRole('button', { name: `Edit ${shirt} — Red / Medium`, exact: true }).click();
    await page
      .getByRole('dialog', { name: `Edit ${shirt} — Red / Medium` })
      .getByLabel('Option', { exact: true })
      .first()
      .fill('Red / M');
    await page
      .getByRole('dialog', { name: `Edit ${shirt} — Red / Medium` })
      .getByRole('button', { name: 'Save' })
      .first()
      .click();
    await expect(productRow(page, `${shirt} — Red / M`)).toBeVisible();

    // The list names each variant with its option, as the till does.
    await expect(productRow(page, `${shirt} — Red / L`)).toContainText(rand(17000));
    await expect(productRow(page, `${shirt} — Blue / M`)).toBeVisible();
    await expect(productRow(page, `${shirt} — Red / M`)).toBeVisible();
    await shot(page, '02-inventory-list');

    // The till lists each option under its full name, with its own stock.
    await page.goto(`/workspace/${workspaceId}/pos`);
    await expect(page.getByRole('button', { name: `Add ${shirt} — Red / L` })).toContainText('2 in stock');
    await expect(page.getByRole('button', { name: `Add ${shirt} — Red / M` })).toContainText('3 in stock');
    await shot(page, '03-till');
  });

  await test.step('the seller opens the storefront and puts the shirt in the marketplace: its variants follow', async () => {
    await page.goto(`/workspace/${workspaceId}/storefront`);
    await page.getByText('Storefront open to buyers').click();
    await expect(page.getByTestId('storefront-link')).toBeVisible();
    const main = page.getByTestId('publish-row').filter({ hasText: `${shirt} — Red / M` });
    await main.getByText('In the marketplace').click();
    for (const option of ['Red / M', 'Red / L', 'Blue / M']) {
      await expect(
        page
          .getByTestId('publish-row')
          .filter({ hasText: `${shirt} — ${option}` })
          .getByRole('checkbox', { name: /In the marketplace/ }),
      ).toBeChecked();
    }
    await shot(page, '04-storefront');
  });

  const buyer = await browser.newContext({
    ...info.project.use,
    ...(phone ? { viewport: { width: 390, height: 844 } } : {}),
    baseURL: new URL(page.url()).origin,
  });
  const guest = await buyer.newPage();
  await skipCookieConsent(guest);

  await test.step('a buyer finds one card for the shirt, from its lowest price', async () => {
    await expect
      .poll(async () => (await (await guest.request.get(`/api/marketplace?q=${encodeURIComponent(shirt)}`)).text()).includes('price_from'))
      .toBe(true);
    await guest.goto(`/marketplace?q=${encodeURIComponent(shirt)}`);
    const card = guest.getByTestId('product-card').filter({ hasText: shirt });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`From${rand(15000)}`);
    await shot(guest, '05-search');
    await card.click();
  });

  await test.step('the buyer picks an option by keyboard: its price and stock show, a sold-out one says so', async () => {
    await expect(guest.getByRole('heading', { name: shirt, level: 1 })).toBeVisible();
    const picker = guest.getByRole('radiogroup', { name: variantMessages.pickOption });
    await expect(picker.getByRole('radio')).toHaveCount(3);
    // Main product first, then the options by name: Red / M, Blue / M, Red / L.
    await expect(picker.getByRole('radio', { name: /Red \/ M/ })).toBeChecked();
    await picker.getByRole('radio', { name: /Red \/ M/ }).focus();
    await guest.keyboard.press('ArrowRight');
    await expect(picker.getByRole('radio', { name: /Blue \/ M/ })).toBeChecked();
    await expect(guest.getByText(variantMessages.optionSoldOut)).toBeVisible();
    await guest.keyboard.press('ArrowRight');
    await expect(picker.getByRole('radio', { name: /Red \/ L/ })).toBeChecked();
    await expect(guest.locator('[data-price-cents="17000"]').first()).toBeVisible();
    await shot(guest, '06-product-page');
    await guest.getByRole('button', { name: 'Add to cart' }).click();
    await expect(guest.getByText(`1 × ${shirt} — Red / L`)).toBeVisible();
  });

  await test.step('the cart names the option', async () => {
    await guest.goto('/cart');
    const item = guest.getByTestId('cart-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`${shirt} — Red / L`);
    await expect(guest.getByTestId('cart-total')).toHaveText(rand(17000));
    await shot(guest, '07-cart');
  });
  await buyer.close();
});
