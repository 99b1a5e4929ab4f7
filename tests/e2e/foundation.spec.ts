import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { waitForCode } from '../support/mailbox-file.js';
import { answerVat } from './inventory-support';

/**
 * The foundation journey (issue 2 "Done when"), as a person does it on a desktop and on a phone:
 * register, verify the emailed code, create a workspace, change a setting, log out and back in.
 */

const PASSWORD = 'correct-horse-42';

function shot(page: Page, info: TestInfo, name: string) {
  return page.screenshot({ path: `tests/screenshots/foundation-${info.project.name}-${name}.png`, fullPage: true });
}

/** On a phone the workspace navigation hides behind the Menu button. */
async function openWorkspaceNav(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
}

test('a new person registers, verifies, creates a workspace, and finds it again after logging back in', async ({ page }, info) => {
  const email = `journey-${info.project.name}-${Date.now()}@example.test`;
  const workspaceName = `Thandi's Kitchen ${info.project.name}`;

  await test.step('registers on /auth?tab=register and lands on /welcome', async () => {
    await page.goto('/auth?tab=register');
    // A first visit asks about cookies; the person answers before anything else.
    await page.getByTestId('cookie-consent').getByRole('button', { name: 'Reject All' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await expect(form).toBeVisible();
    await shot(page, info, '01-register');
    await form.getByLabel('Full name').fill('Thandi Mokoena');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    // Ticked from the keyboard: the styled box sits over the real input.
    for (const name of [/at least 18 years old/, /Terms of Service/]) {
      const box = form.getByRole('checkbox', { name });
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('region', { name: 'Verify your email' })).toBeVisible();
    await shot(page, info, '02-welcome');
  });

  await test.step('verifies the 6-digit code from the test SMTP server through the banner', async () => {
    const code = await waitForCode(email);
    await page.getByRole('button', { name: 'Enter Verification Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Verification Code' });
    await dialog.getByLabel('Verification code').fill(code);
    await shot(page, info, '03-verify-dialog');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    const success = page.getByRole('dialog', { name: 'Email Verified Successfully' });
    await expect(success).toBeVisible();
    await shot(page, info, '04-verified');
    await success.getByRole('button', { name: 'Continue to Dashboard' }).click();
  });

  await test.step('with no workspace yet, the dashboard starts by creating one, and shows it', async () => {
    await expect(page).toHaveURL(/\/workspace\/create$/);
    await page.getByLabel('Workspace name').fill(workspaceName);
    await page.getByLabel('Type').selectOption('food');
    await page.getByLabel('Industry').fill('Catering');
    await answerVat(page, true);
    await shot(page, info, '06-create');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page).toHaveURL(/\/workspace\/\d+\/dashboard$/);
    await expect(page.getByTestId('workspace-name')).toHaveText(workspaceName);
    await expect(page.getByRole('heading', { name: /Good (morning|afternoon|evening), Thandi/ })).toBeVisible();
    await expect(page.getByText('Products: up to 10 on Mahala')).toBeVisible();
    await shot(page, info, '07-dashboard');
  });

  await test.step('changes a preference in settings, and it is still there after a reload', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await expect(page).toHaveURL(/\/workspace\/\d+\/settings$/);
    const currency = page.getByLabel('Currency');
    // The workspace was created for South Africa (the default country): it trades in rand.
    await expect(currency).toHaveValue('ZAR');
    await shot(page, info, '08-settings');
    await currency.selectOption('USD');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Currency')).toHaveValue('USD');
  });

  await test.step('returns to /controlhub and sees the workspace', async () => {
    await openWorkspaceNav(page);
    await page.getByRole('link', { name: 'My Workspaces' }).click();
    await expect(page).toHaveURL(/\/controlhub$/);
    await expect(page.getByTestId('workspace-row').filter({ hasText: workspaceName })).toBeVisible();
    await shot(page, info, '09-controlhub');
  });

  await test.step('logs out through the account menu', async () => {
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await shot(page, info, '10-account-menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
    await page.goto('/controlhub');
    await expect(page).toHaveURL(/\/auth/);
  });

  await test.step('logs back in on /auth and lands on /controlhub with the workspace listed', async () => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await shot(page, info, '11-login');
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/controlhub$/);
    await expect(page.getByTestId('workspace-row').filter({ hasText: workspaceName })).toBeVisible();
    await shot(page, info, '12-controlhub-again');
  });
});
