import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { skipCookieConsent, uniqueEmail } from './auth-support.js';
import { createWorkspace, invitationPath, registerAs, verifyByMail } from './invitation-support.js';

/**
 * A project's members: the owner invites a person to the workspace, adds them to a project and
 * assigns them a task, which they see as theirs; removed again, they lose the project and the picker.
 */

function shot(page: Page, info: TestInfo, name: string) {
  return page.screenshot({ path: `tests/screenshots/project-members-${info.project.name}-${name}.png`, fullPage: true });
}

function column(page: Page, label: string) {
  return page.getByRole('region', { name: label, exact: true });
}

test('an owner adds an invited person to a project and assigns them a task; removed, they leave the picker', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  await skipCookieConsent(page);
  const owner = uniqueEmail('pm-owner', info.project.name);
  const invitee = uniqueEmail('pm-joiner', info.project.name);
  await registerAs(page, owner, 'Lerato Nkosi');
  await verifyByMail(page, owner);
  const id = await createWorkspace(page, 'Lerato Builders');
  expect((await page.request.post(`/api/workspaces/${id}/invitations`, { data: { email: invitee, role: 'member' } })).ok()).toBe(true);

  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const other = await context.newPage();
  await skipCookieConsent(other);
  await registerAs(other, invitee, 'Bongani Zulu');
  let path: string | null = null;
  await expect.poll(() => (path = invitationPath(invitee))).not.toBeNull();
  await other.goto(path ?? '/');
  await expect(other).toHaveURL(new RegExp(`/workspace/${id}/dashboard$`));

  await page.goto(`/workspace/${id}/project-manager`);
  await page.getByRole('button', { name: 'New project' }).click();
  const newProject = page.getByRole('dialog', { name: 'New project' });
  await newProject.getByLabel('Name').fill('Market stall');
  await newProject.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { name: 'Market stall' })).toBeVisible();
  const projectPath = new URL(page.url()).pathname;

  await test.step('before being added, the invitee cannot open the project', async () => {
    await other.goto(projectPath);
    await expect(other.getByText('You are not a member of this project')).toBeVisible();
  });

  await test.step('the owner finds the invitee among the workspace members and adds them', async () => {
    await page.goto(projectPath);
    await expect(page.getByRole('heading', { name: 'Market stall' })).toBeVisible();
    await page.getByRole('link', { name: 'Members (1)' }).click();
    await expect(page).toHaveURL(`${projectPath}/members`);
    await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
    const screen = page.getByRole('main');
    await expect(screen.getByRole('list', { name: 'Project members' }).getByRole('listitem')).toHaveCount(1);
    await expect(screen.getByText('Project owner')).toBeVisible();
    const search = screen.getByLabel('Find a workspace member');
    await search.fill('nobody by this name');
    await expect(screen.getByText('No workspace member matches “nobody by this name”.')).toBeVisible();
    await search.fill('bongani');
    await shot(page, info, '01-add-member');
    await screen.getByRole('button', { name: 'Add Bongani Zulu' }).click();
    const list = screen.getByRole('list', { name: 'Project members' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').filter({ hasText: 'Bongani Zulu' })).toContainText('Member');
    await expect(screen.getByText('Everyone in the workspace is on this project.')).toBeVisible();
    await shot(page, info, '02-members');
    await page.getByRole('link', { name: '← Market stall' }).click();
    await expect(page.getByRole('link', { name: 'Members (2)' })).toBeVisible();
  });

  await test.step('the owner assigns the invitee a task', async () => {
    await expect(page.getByTestId('doc-status')).toContainText('Live');
    const form = page.getByRole('form', { name: 'New task' });
    await form.getByLabel('New task').fill('Paint the sign');
    await form.getByRole('button', { name: 'Add task' }).click();
    await page.getByRole('row', { name: 'Paint the sign' }).getByText('Paint the sign', { exact: true }).click();
    const task = page.getByRole('dialog');
    await task.getByLabel('Assignee').selectOption({ label: 'Bongani Zulu' });
    await task.getByRole('button', { name: 'Done' }).click();
    await expect(column(page, 'To do').getByRole('row', { name: 'Paint the sign' }).getByTestId('task-assignee')).toHaveText(
      'Bongani Zulu',
    );
  });

  await test.step('the invitee opens the project and sees the task as theirs, and the members read-only', async () => {
    await other.goto(projectPath);
    await expect(other.getByRole('heading', { name: 'Market stall' })).toBeVisible();
    await expect(column(other, 'To do').getByRole('row', { name: 'Paint the sign' }).getByTestId('task-assignee')).toHaveText(
      'Assigned to you',
    );
    await shot(other, info, '03-invitee-board');
    await other.getByRole('link', { name: 'Members (2)' }).click();
    const screen = other.getByRole('main');
    await expect(screen.getByRole('list', { name: 'Project members' }).getByRole('listitem')).toHaveCount(2);
    await expect(screen.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(screen.getByLabel('Find a workspace member')).toHaveCount(0);
    await expect(
      screen.getByText("Only the project's owners and the workspace's owners and admins can change who is on it."),
    ).toBeVisible();
    await shot(other, info, '04-members-read-only');
  });

  await test.step('the owner removes the invitee after confirming; the task keeps them as a former member', async () => {
    await page.getByRole('link', { name: 'Members (2)' }).click();
    const screen = page.getByRole('main');
    await screen.getByRole('button', { name: 'Remove Bongani Zulu' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Bongani Zulu?' });
    await expect(confirm).toContainText('Tasks assigned to them stay assigned, shown as a former member');
    await shot(page, info, '05-confirm-remove');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(screen.getByRole('list', { name: 'Project members' }).getByRole('listitem')).toHaveCount(2);
    await screen.getByRole('button', { name: 'Remove Bongani Zulu' }).click();
    await page.getByRole('dialog', { name: 'Remove Bongani Zulu?' }).getByRole('button', { name: 'Remove from project' }).click();
    await expect(screen.getByRole('list', { name: 'Project members' }).getByRole('listitem')).toHaveCount(1);
    await expect(screen.getByRole('button', { name: 'Add Bongani Zulu' })).toBeVisible();
    await shot(page, info, '06-removed');
    await page.getByRole('link', { name: '← Market stall' }).click();

    const card = column(page, 'To do').getByRole('row', { name: 'Paint the sign' });
    await expect(card.getByTestId('task-assignee')).toHaveText('A former member');
    await card.getByText('Paint the sign', { exact: true }).click();
    const task = page.getByRole('dialog');
    const picker = task.getByLabel('Assignee');
    await expect(picker.locator('option:checked')).toHaveText('A former member');
    await expect(picker.locator('option')).toHaveText(['Nobody', 'Lerato Nkosi', 'A former member']);
    await shot(page, info, '07-former-member');
    await picker.selectOption({ label: 'Nobody' });
    await expect(picker.locator('option')).toHaveText(['Nobody', 'Lerato Nkosi']);
    await task.getByRole('button', { name: 'Done' }).click();
  });

  await test.step('the removed person can no longer open the project', async () => {
    await other.reload();
    await expect(other.getByText('You are not a member of this project')).toBeVisible();
  });
  await context.close();
});
