import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { skipCookieConsent, uniqueEmail } from './auth-support.js';
import { answerVat } from './inventory-support.js';
import { createWorkspace, invitationPath, PASSWORD, registerAs, verifyByMail } from './invitation-support.js';

/** The workspace and account screens beyond the foundation journey, on desktop and phone. */

function shot(page: Page, info: TestInfo, name: string) {
  return page.screenshot({ path: `tests/screenshots/workspace-${info.project.name}-${name}.png`, fullPage: true });
}

async function openWorkspaceNav(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
}

test.beforeEach(async ({ page }) => {
  await skipCookieConsent(page);
});

test('an owner edits, invites, meets the plan limit and deletes the workspace', async ({ page }, info) => {
  const email = uniqueEmail('owner', info.project.name);
  await registerAs(page, email, 'Sipho Dlamini');
  await verifyByMail(page, email);

  await page.goto('/controlhub');
  await expect(page.getByRole('heading', { name: 'No workspaces yet' })).toBeVisible();
  await shot(page, info, '01-controlhub-empty');

  const id = await createWorkspace(page, 'Sipho Spares');

  await test.step('the control hub works from the keyboard: Tab to Open, Enter opens the dashboard', async () => {
    await page.goto('/controlhub');
    const open = page.getByRole('link', { name: 'Open Sipho Spares' });
    await expect(open).toBeVisible();
    for (let i = 0; i < 15 && !(await open.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/workspace/${id}/dashboard$`));
    await expect(page.getByText('Products: up to 10 on Mahala')).toBeVisible();
  });

  await test.step('the workspace theme has a dark mode, chosen from the workspace menu', async () => {
    await openWorkspaceNav(page);
    const mode = page.getByRole('navigation', { name: 'Workspace' });
    await mode.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');
    await shot(page, info, '01b-dashboard-dark');
    await mode.getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mode', 'light');
  });

  await test.step('the free plan allows one workspace: the server says so on create', async () => {
    await page.goto('/controlhub');
    await expect(page.getByText('Workspace limit reached')).toBeVisible();
    await page.getByRole('link', { name: 'Create workspace' }).click();
    await page.getByLabel('Workspace name').fill('Second shop');
    await answerVat(page, false);
    await page.getByRole('button', { name: 'Create workspace' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Workspace limit reached' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'See plans and upgrade' })).toBeVisible();
    await shot(page, info, '02-create-plan-limit');
  });

  await test.step('a name shorter than 2 characters is refused on the field', async () => {
    await page.getByLabel('Workspace name').fill('S');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  });

  await test.step('General: renaming shows the spec toast and the new name in the header', async () => {
    await page.goto(`/workspace/${id}/settings`);
    await page.getByLabel('Workspace name').fill('Sipho Spares & Repairs');
    await page.getByRole('button', { name: 'Save general' }).click();
    await expect(page.getByText('Workspace updated')).toBeVisible();
    await expect(page.getByTestId('workspace-name')).toHaveText('Sipho Spares & Repairs');
  });

  await test.step('Members: invite, change role, withdraw', async () => {
    const invitee = uniqueEmail('invitee', info.project.name);
    await page.getByLabel('Invite by email').fill(invitee);
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Invitation sent')).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: invitee });
    await expect(row.getByText('Invitation pending')).toBeVisible();
    await row.getByLabel(`Role of ${invitee}`).selectOption('admin');
    await expect(page.getByText('Member updated')).toBeVisible();
    await shot(page, info, '03-settings-members');
    await row.getByRole('button', { name: `Remove ${invitee}` }).click();
    await page.getByRole('dialog', { name: 'Remove member?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Member removed')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: invitee })).toHaveCount(0);
  });

  await test.step('a non-numeric workspace id is not found; an unknown one says so plainly', async () => {
    await page.goto('/workspace/abc/dashboard');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', `/workspace/${id}/dashboard`);
    await shot(page, info, '04-not-found');
    await page.goto('/workspace/999999/dashboard');
    await expect(page.getByRole('heading', { name: /Workspace not found|No access to this workspace/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Workspaces' })).toBeVisible();
    await shot(page, info, '05-workspace-missing');
  });

  await test.step('Danger zone: deleting goes to /controlhub with the spec toast', async () => {
    await page.goto(`/workspace/${id}/settings`);
    await page.getByRole('button', { name: 'Delete workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete workspace?' });
    await shot(page, info, '06-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete workspace' }).click();
    await expect(page).toHaveURL(/\/controlhub$/);
    await expect(page.getByText('Workspace deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No workspaces yet' })).toBeVisible();
  });
});

test('an invited person accepts the emailed link and sees the settings read-only', async ({ page, browser }, info) => {
  const owner = uniqueEmail('inviter', info.project.name);
  const invitee = uniqueEmail('joiner', info.project.name);
  await registerAs(page, owner, 'Lerato Nkosi');
  await verifyByMail(page, owner);
  const id = await createWorkspace(page, 'Lerato Florist');
  const invite = await page.request.post(`/api/workspaces/${id}/invitations`, { data: { email: invitee, role: 'member' } });
  expect(invite.ok()).toBe(true);

  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const other = await context.newPage();
  await skipCookieConsent(other);
  await registerAs(other, invitee, 'Bongani Zulu');

  await other.goto('/invitations/accept');
  await expect(other.getByText('This invitation link is incomplete')).toBeVisible();
  await shot(other, info, '07-invitation-incomplete');

  await other.goto('/invitations/accept?token=not-a-real-invitation-token');
  await expect(other.getByText('This invitation could not be accepted')).toBeVisible();
  await shot(other, info, '08-invitation-bad');

  let path: string | null = null;
  await expect.poll(() => (path = invitationPath(invitee))).not.toBeNull();

  // Signed out, the link detours through /auth (the invited address filled in) and comes back to join.
  expect((await other.request.post('/api/auth/logout')).ok()).toBe(true);
  await other.goto(path ?? '/');
  await expect(other).toHaveURL(/\/auth\?/);
  const form = other.getByRole('form', { name: 'Log in' });
  await expect(form.getByLabel('Email')).toHaveValue(invitee);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(other).toHaveURL(new RegExp(`/workspace/${id}/dashboard$`));
  await expect(other.getByTestId('workspace-name')).toHaveText('Lerato Florist');

  await openWorkspaceNav(other);
  await other.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings' }).click();
  await expect(other.getByText('You can view these settings; owners and admins can change them.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Save preferences' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Delete workspace' })).toHaveCount(0);
  await shot(other, info, '09-settings-member');
  await context.close();
});

test('profile, settings tabs and My Account, ending with deleting the account', async ({ page }, info) => {
  const email = uniqueEmail('profile', info.project.name);
  await registerAs(page, email, 'Naledi Khumalo');

  await test.step('/profile: a bad avatar URL is refused, a good profile saves', async () => {
    await page.goto('/profile');
    await page.getByLabel('Title').fill('Owner');
    await page.getByLabel('Avatar URL').fill('not a url');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Enter a full web address')).toBeVisible();
    await page.getByLabel('Avatar URL').fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Title')).toHaveValue('Owner');
    await shot(page, info, '10-profile');
  });

  await test.step('/settings: the wrong current password is refused', async () => {
    await page.goto('/settings');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('another-pass-1');
    await page.getByLabel('Confirm new password').fill('another-pass-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Update failed')).toBeVisible();
    await shot(page, info, '11-settings-account');
    await page.getByRole('tab', { name: 'Appearance' }).click();
    await expect(page).toHaveURL(/tab=appearance/);
    await expect(page.getByRole('radiogroup', { name: 'Colour mode' }).or(page.getByRole('group', { name: 'Colour mode' }))).toBeVisible();
    await shot(page, info, '12-settings-appearance');
  });

  await test.step('/settings?tab=subscription: the plan and the free trial, which asks for no card', async () => {
    await page.goto('/settings?tab=subscription');
    await expect(page.getByRole('button', { name: 'Start 30-day free trial' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mahala Plan' })).toBeVisible();
    await shot(page, info, '13-settings-subscription');
  });

  await test.step('/account: details, then delete with DELETE typed', async () => {
    await page.goto('/account');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('100', { exact: true })).toBeVisible();
    await shot(page, info, '14-account');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel('Type DELETE').fill('DELETE');
    await shot(page, info, '15-delete-account');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page).toHaveURL(/\/$/);
    const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(401);
  });
});
