import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { skipCookieConsent, tick, uniqueEmail } from './auth-support.js';
import { createWorkspace, invitationPath, PASSWORD, registerAs, verifyByMail } from './invitation-support.js';

/** The e-mailed invitation link carries a signed-out person through /auth into the workspace. */

function shot(page: Page, info: TestInfo, name: string) {
  return page.screenshot({ path: `tests/screenshots/invitation-${info.project.name}-${name}.png`, fullPage: true });
}

/** An owner's workspace and an invitation mailed to `invitee`; returns the workspace id and the link's path. */
async function invite(page: Page, info: TestInfo, invitee: string, workspace: string) {
  const owner = uniqueEmail('owner', info.project.name);
  await registerAs(page, owner, 'Lerato Nkosi');
  await verifyByMail(page, owner);
  const id = await createWorkspace(page, workspace);
  expect((await page.request.post(`/api/workspaces/${id}/invitations`, { data: { email: invitee, role: 'member' } })).ok()).toBe(true);
  let path: string | null = null;
  await expect.poll(() => (path = invitationPath(invitee))).not.toBeNull();
  return { id, path: path ?? '/' };
}

test.beforeEach(async ({ page }) => {
  await skipCookieConsent(page);
});

test('a new person opens the invitation link, registers with the invited address and lands on the workspace', async ({
  page,
  browser,
}, info) => {
  const invitee = uniqueEmail('newcomer', info.project.name);
  const { id, path } = await invite(page, info, invitee, 'Lerato Florist');

  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const other = await context.newPage();
  await skipCookieConsent(other);
  await other.goto(path);
  await expect(other).toHaveURL(/\/auth\?/);
  const token = new URL(path, 'http://x').searchParams.get('token') ?? '';
  expect(token.length).toBeGreaterThan(10);
  // The token waits in the tab; the sign-in page's address holds only where to come back to.
  expect(other.url()).not.toContain(token);
  expect(new URL(other.url()).searchParams.get('redirect')).toBe('/invitations/accept');
  await expect(other.getByText('You have been invited to a workspace')).toBeVisible();
  const form = other.getByRole('form', { name: 'Register' });
  await expect(form.getByLabel('Email')).toHaveValue(invitee);
  await shot(other, info, '01-register-from-link');
  await form.getByLabel('Full name').fill('Bongani Zulu');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await tick(form, /at least 18/);
  await tick(form, /I accept the/);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(other).toHaveURL(new RegExp(`/workspace/${id}/dashboard$`));
  await expect(other.getByTestId('workspace-name')).toHaveText('Lerato Florist');
  await shot(other, info, '02-joined-after-register');

  const members: { email: string; status: string }[] = await (await page.request.get(`/api/workspaces/${id}/members`)).json();
  expect(members.find((m) => m.email === invitee)?.status).toBe('active');
  await context.close();
});

test('a person with an account opens the invitation link, logs in and lands on the workspace', async ({ page, browser }, info) => {
  const invitee = uniqueEmail('existing', info.project.name);
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const other = await context.newPage();
  await skipCookieConsent(other);
  await registerAs(other, invitee, 'Sipho Dlamini');
  expect((await other.request.post('/api/auth/logout')).ok()).toBe(true);

  const { id, path } = await invite(page, info, invitee, 'Lerato Bakery');
  await other.goto(path);
  await expect(other).toHaveURL(/\/auth\?/);
  const form = other.getByRole('form', { name: 'Log in' });
  await expect(form.getByLabel('Email')).toHaveValue(invitee);
  await expect(other.getByText('Log in with the invited email address and you join the workspace straight away.')).toBeVisible();
  await shot(other, info, '03-login-from-link');
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(other).toHaveURL(new RegExp(`/workspace/${id}/dashboard$`));
  await expect(other.getByTestId('workspace-name')).toHaveText('Lerato Bakery');
  await context.close();
});

test('a used or made-up invitation link, signed out, says so and offers to log in', async ({ page }, info) => {
  await page.goto('/invitations/accept?token=not-a-real-invitation-token');
  await expect(page.getByText('This invitation could not be accepted')).toBeVisible();
  await expect(page.getByText('This invitation is invalid or has already been used')).toBeVisible();
  await shot(page, info, '04-bad-link-signed-out');
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a return path to another site is ignored: signing in ends on My Workspaces', async ({ page }, info) => {
  const email = uniqueEmail('redirect', info.project.name);
  await registerAs(page, email, 'Naledi Mokoena');
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  await page.goto(`/auth?redirect=${encodeURIComponent('//evil.example/steal')}&email=${encodeURIComponent(email)}`);
  const form = page.getByRole('form', { name: 'Log in' });
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/controlhub$/);
});
