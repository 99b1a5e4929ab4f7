import { expect, test } from '@playwright/test';
import { newTraderWithWorkspace } from './inventory-support';
import { payOnSandbox } from './paystack-support';

/** Billing through the local Paystack sandbox: upgrade by card, buy credits, and offline. */
test('a trader starts the free trial without a card, subscribes by card, buys AI credits, and sees billing needs a connection offline', async ({
  page,
  context,
}, info) => {
  const shot = (name: string) => page.screenshot({ path: `tests/screenshots/billing-${info.project.name}-${name}.png`, fullPage: true });
  const { workspaceId } = await newTraderWithWorkspace(page, 'billing', info.project.name, `Billing ${info.project.name}`);
  const status = page.getByTestId('plan-status');

  await test.step('the workspace nav leads to billing, on the free plan', async () => {
    if (info.project.name === 'phone') await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/billing/subscription$`));
    await expect(status).toHaveText('You are on the free Mahala Plan.');
    await expect(page.getByText('Due today')).toHaveCount(0);
    await shot('01-subscription-free');
  });

  await test.step('upgrading from free starts the 30-day trial at once, without a card', async () => {
    await page.getByRole('button', { name: 'Start 30-day free trial' }).click();
    await expect(status).toContainText('You are on a free trial of the Vuka Plan until');
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/billing/subscription$`));
    await expect(page.getByRole('heading', { name: 'Paystack sandbox checkout' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start 30-day free trial' })).toHaveCount(0);
    await shot('01b-trial');
  });

  await test.step('during the trial, subscribing asks for a card', async () => {
    const due = page.locator('p', { hasText: 'Due today' });
    await expect(due).toContainText('R\u00a0499.00');
    await page.getByText('Annual · save 20%').click();
    await expect(page.getByRole('radio', { name: /Annual/ })).toBeChecked();
    await expect(due).toContainText('R\u00a04,790.40');
    await shot('01c-subscription-trial');
  });

  await test.step('a declined card leaves the plan as it was and says so', async () => {
    await page.getByRole('button', { name: 'Upgrade to the Vuka Plan' }).click();
    await payOnSandbox(page, '4000 0000 0000 0002');
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/billing/subscription\\?`));
    await expect(page.getByTestId('checkout-outcome')).toHaveText(
      'Your card was declined (Declined). Nothing was charged and your plan has not changed.',
    );
    await expect(status).toContainText('You are on a free trial of the Vuka Plan until');
    await shot('02-declined');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('checkout-outcome')).toHaveCount(0);
  });

  await test.step('the test card upgrades the account at once', async () => {
    await page.getByText('Monthly', { exact: true }).click();
    await expect(page.getByRole('radio', { name: /Monthly/ })).toBeChecked();
    await page.getByRole('button', { name: 'Upgrade to the Vuka Plan' }).click();
    await payOnSandbox(page, '4084 0840 8408 4081');
    await expect(page.getByTestId('checkout-outcome')).toContainText('Payment received. Your Vuka Plan is active until');
    await expect(status).toContainText('Your Vuka Plan is active. It renews on');
    await expect(page.getByText('AI credits on your account: 200')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    await shot('04-subscription-active');
  });

  await test.step('buys a credit pack with the card just saved', async () => {
    await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'AI credits' }).click();
    await expect(page.getByTestId('credit-balance')).toHaveText('200');
    await page.getByText('50 credits', { exact: true }).click();
    await expect(page.getByRole('radio', { name: '50 credits for R\u00a049.00' })).toBeChecked();
    await expect(page.getByLabel('Pay with')).toHaveValue(/\d+/);
    await expect(page.getByLabel('Pay with').locator('option:checked')).toHaveText('Visa •••• 4081 (default)');
    await page.getByRole('button', { name: 'Buy 50 credits for R\u00a049.00' }).click();
    await expect(page.getByTestId('charge-outcome')).toHaveText('Payment received. 50 AI credits were added to your account.');
    await expect(page.getByTestId('credit-balance')).toHaveText('250');
    await shot('05-credits');
  });

  await test.step('buys another pack through checkout with a new card', async () => {
    await page.getByText('150 credits', { exact: true }).click();
    await page.getByLabel('Pay with').selectOption({ label: 'A new card' });
    await page.getByRole('button', { name: 'Buy 150 credits for R\u00a0129.00' }).click();
    await payOnSandbox(page, '4084084084084081');
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/billing/credits\\?`));
    await expect(page.getByTestId('checkout-outcome')).toHaveText('Payment received. 150 AI credits were added to your account.');
    await expect(page.getByTestId('credit-balance')).toHaveText('400');
  });

  await test.step('history lists the payments and the credit ledger', async () => {
    await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'History' }).click();
    const payments = page.getByRole('list', { name: 'Payments' });
    await expect(payments.getByRole('listitem')).toHaveCount(4);
    await expect(payments.getByRole('listitem', { name: 'Vuka Plan, annual, Failed' })).toBeVisible();
    await expect(payments.getByRole('listitem', { name: 'Vuka Plan, monthly, Paid' })).toContainText('R\u00a0499.00');
    const ledger = page.getByRole('list', { name: 'AI credit activity' });
    await expect(ledger).toContainText('+150 credits');
    await expect(ledger).toContainText('+50 credits');
    await expect(ledger).toContainText('+100 credits');
    await shot('06-history');
  });

  await test.step('saved cards open inside the workspace, with the billing links beside them', async () => {
    await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'Saved cards' }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/billing/cards$`));
    await expect(page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('workspace-name')).toHaveText(`Billing ${info.project.name}`);
    await shot('06b-workspace-cards');
    await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/billing/history$`));
  });

  await test.step('offline, a billing page says plainly it needs a connection', async () => {
    await context.setOffline(true);
    await expect(page.getByTestId('online-only')).toHaveText(
      "You're offline. Billing needs a connection; it will be back when you reconnect.",
    );
    await expect(page.getByRole('list', { name: 'Payments' })).toHaveCount(0);
    await shot('07-offline');
    await context.setOffline(false);
    await expect(page.getByRole('list', { name: 'Payments' })).toBeVisible();
  });

  await test.step('saved cards and the subscription tab of settings', async () => {
    await page.goto('/payment-methods');
    await expect(page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('Expires 12/2039')).toBeVisible();
    await shot('08-payment-methods');
    await page.goto('/settings?tab=subscription');
    await expect(status).toContainText('Your Vuka Plan is active.');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Vuka Plan?' });
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(status).toContainText('Your Vuka Plan is cancelled and stays active until');
    await shot('09-settings-cancelled');
  });
});
