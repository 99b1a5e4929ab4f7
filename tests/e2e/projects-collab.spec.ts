import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { waitForCode } from '../support/mailbox-file.js';
import { registerViaUi, skipCookieConsent, uniqueEmail } from './auth-support';
import { fillDate } from './date-support';
import { logIn, newTraderWithWorkspace } from './inventory-support';

/**
 * Issue 17, the rest: both cursors in a shared description, the calendar view, drive files attached
 * to a task, team channels, a card moved on the board, and an emptied title refused.
 */

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `tests/screenshots/projects-collab-${info.project.name}-${name}.png`, fullPage: true });
}

function column(page: Page, label: string) {
  return page.getByRole('region', { name: label, exact: true });
}

async function addTask(page: Page, title: string) {
  const form = page.getByRole('form', { name: 'New task' });
  await form.getByLabel('New task').fill(title);
  await form.getByRole('button', { name: 'Add task' }).click();
  await expect(column(page, 'To do').getByRole('row', { name: title })).toBeVisible();
}

async function openTask(page: Page, title: string) {
  await page.getByRole('row', { name: title }).getByText(title, { exact: true }).click();
  return page.getByRole('dialog');
}

/** A small PDF: the drive checks a file's first bytes against its name. */
const PDF = '%PDF-1.4\n% sign sizes: 120 x 60 cm\n%%EOF\n';

/** The workspace's today (Africa/Johannesburg), as the calendar counts it. */
function workspaceToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
}

test('cursors, calendar, attachments, channels, and a card moved on the board', async ({ browser }, info) => {
  test.setTimeout(300_000);
  const phone = info.project.name === 'phone';
  const contextA = await browser.newContext(phone ? { viewport: { width: 390, height: 844 } } : {});
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  let projectUrl = '';
  let fileUrl = '';
  try {
    const { email, workspaceId } = await newTraderWithWorkspace(a, 'collab', info.project.name, 'Thandi Builders');

    await test.step('A starts a project with two tasks; B, the same person on another device, opens it', async () => {
      await a.goto(`/workspace/${workspaceId}/project-manager`);
      await a.getByRole('button', { name: 'New project' }).click();
      const dialog = a.getByRole('dialog', { name: 'New project' });
      await dialog.getByLabel('Name').fill('Market stall');
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await expect(a.getByRole('heading', { name: 'Market stall' })).toBeVisible();
      projectUrl = new URL(a.url()).pathname;
      await addTask(a, 'Paint the sign');
      await addTask(a, 'Order stock');
      await shot(a, info, '01-board');
      await logIn(b, email);
      await b.goto(projectUrl);
      await expect(column(b, 'To do').getByRole('row')).toHaveCount(2);
    });

    await test.step('both cursors show in the shared description, each in the other one’s text', async () => {
      const dialogA = await openTask(a, 'Paint the sign');
      const textA = dialogA.getByLabel('Description');
      await textA.click();
      await textA.pressSequentially('Red and gold letters');
      const dialogB = await openTask(b, 'Paint the sign');
      const textB = dialogB.getByLabel('Description');
      await expect(textB).toHaveValue('Red and gold letters');
      await textB.click();
      await b.keyboard.press('End');
      // B selects "letters": A sees B's selection tinted and B's caret named.
      for (let i = 0; i < 7; i++) await b.keyboard.press('Shift+ArrowLeft');
      await expect(dialogA.getByTestId('remote-caret')).toHaveAttribute('data-name', 'Thandi Mokoena');
      await expect(dialogA.getByTestId('remote-selection')).toHaveText('letters');
      await expect(dialogA.getByTestId('description-peers')).toContainText('Thandi Mokoena is editing');
      // A types at the start; B's caret stays on the same letters in A's view.
      await textA.press('Home');
      await textA.pressSequentially('Big ');
      await expect(textB).toHaveValue('Big Red and gold letters');
      await expect(dialogA.getByTestId('remote-selection')).toHaveText('letters');
      // And A's caret shows in B's text.
      await expect(dialogB.getByTestId('remote-caret')).toBeVisible();
      await shot(a, info, '02-task-cursors');
      await shot(b, info, '03-task-cursors-other');
    });

    await test.step('a title emptied to spaces is refused and the task keeps its title', async () => {
      const dialogA = a.getByRole('dialog');
      await dialogA.getByRole('textbox', { name: 'Title' }).fill('   ');
      await dialogA.getByRole('button', { name: 'Save title' }).click();
      await expect(dialogA.getByText('Give the task a title')).toBeVisible();
      await expect(dialogA.getByRole('heading', { name: 'Paint the sign' })).toBeVisible();
      await expect(column(b, 'To do').getByRole('row', { name: 'Paint the sign' })).toHaveCount(1);
    });

    await test.step('A uploads a file to the task through the drive; B sees it; it comes off and back from the drive', async () => {
      const dialogA = a.getByRole('dialog');
      await expect(dialogA.getByText('No files attached.')).toBeVisible();
      await dialogA
        .getByTestId('attach-upload')
        .setInputFiles({ name: 'sign-sizes.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
      const attached = dialogA.getByRole('list', { name: 'Attached files' });
      await expect(attached.getByRole('link', { name: 'sign-sizes.pdf', exact: true })).toBeVisible();
      await expect(
        b.getByRole('dialog').getByRole('list', { name: 'Attached files' }).getByRole('link', { name: 'sign-sizes.pdf', exact: true }),
      ).toBeVisible();
      fileUrl = (await attached.getByRole('link', { name: 'sign-sizes.pdf', exact: true }).getAttribute('href')) ?? '';
      const read = await a.request.get(fileUrl);
      expect(read.status()).toBe(200);
      expect(await read.text()).toBe(PDF);
      await shot(a, info, '04-task-attachment');
      await dialogA.getByRole('button', { name: 'Remove sign-sizes.pdf' }).click();
      await expect(dialogA.getByText('No files attached.')).toBeVisible();
      await dialogA.getByRole('button', { name: 'Attach from the drive' }).click();
      const drive = dialogA.getByRole('group', { name: 'Files in the drive' });
      await drive.getByRole('button', { name: 'Attach sign-sizes.pdf' }).click();
      await expect(attached.getByRole('link', { name: 'sign-sizes.pdf', exact: true })).toBeVisible();
      await dialogA.getByRole('button', { name: 'Done' }).click();
      await b.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    });

    await test.step('the calendar: tasks by due date, moved to another day', async () => {
      const today = workspaceToday();
      const day = `${today.slice(0, 8)}15`;
      const moved = `${today.slice(0, 8)}20`;
      await a.getByRole('tab', { name: 'Calendar' }).click();
      const tray = a.getByTestId('undated');
      await expect(tray.getByTestId('calendar-task')).toHaveCount(2);
      if (!phone) {
        const grid = a.getByTestId('task-calendar');
        // Drag with the mouse from the tray (above the month) onto the 15th.
        await tray.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        const chip = await tray.getByTestId('calendar-task').filter({ hasText: 'Paint the sign' }).boundingBox();
        const target = await grid.locator(`[data-day="${day}"]`).boundingBox();
        if (!chip || !target) throw new Error('chip or day not on screen');
        await a.mouse.move(chip.x + chip.width / 2, chip.y + chip.height / 2);
        await a.mouse.down();
        await a.mouse.move(chip.x + 20, chip.y + 10, { steps: 5 });
        await a.mouse.move(target.x + target.width / 2, target.y + target.height + 10, { steps: 10 });
        await a.mouse.up();
        const cell = grid.locator('td').filter({ has: a.locator(`[data-day="${day}"]`) });
        await expect(cell.getByTestId('calendar-task')).toHaveText(/Paint the sign/);
        await expect(tray.getByTestId('calendar-task')).toHaveCount(1);
        // The keyboard walks the days: the 15th, then the 16th; Page Down is next month.
        await grid.locator(`[data-day="${day}"]`).click();
        await expect(a.getByRole('heading', { name: /^Due / })).toContainText('15');
        await a.keyboard.press('ArrowRight');
        await expect(grid.locator(`[data-day="${day.slice(0, 8)}16"]`)).toBeFocused();
        await a.keyboard.press('Enter');
        const addForm = a.getByRole('form', { name: /^New task due/ });
        await addForm.getByRole('textbox').fill('Collect the banner');
        await addForm.getByRole('button', { name: 'Add task' }).click();
        await expect(grid.locator('td').filter({ has: a.locator(`[data-day="${day.slice(0, 8)}16"]`) })).toContainText(
          'Collect the banner',
        );
        // The same move by keyboard alone: the handle, Enter, Tab to a day, Enter.
        await shot(a, info, '05-calendar');
        const title = await a.getByRole('heading', { level: 2 }).first().textContent();
        await grid.locator(`[data-day="${day.slice(0, 8)}16"]`).focus();
        await a.keyboard.press('PageDown');
        await expect(a.getByRole('heading', { level: 2 }).first()).not.toHaveText(title ?? '');
        await a.getByRole('button', { name: 'Today' }).click();
      } else {
        // On a phone: the agenda. A task gets its date from its page, then moves from the agenda.
        await tray.getByRole('button', { name: 'Paint the sign', exact: true }).click();
        const dialog = a.getByRole('dialog');
        await fillDate(dialog, 'Due date', day);
        await dialog.getByRole('button', { name: 'Done' }).click();
        const agenda = a.getByTestId('task-agenda');
        const group = agenda.getByRole('list', { name: /^Due / });
        await expect(group).toHaveCount(1);
        await expect(group.getByRole('button', { name: 'Paint the sign', exact: true })).toBeVisible();
        await shot(a, info, '05-calendar');
        await fillDate(group, 'Due date', moved);
        await expect(
          agenda.getByRole('list', { name: /^Due / }).getByRole('button', { name: 'Paint the sign', exact: true }),
        ).toBeVisible();
        await expect(agenda.getByRole('heading', { name: /20/ })).toBeVisible();
      }
      // The other device's board shows the due date as it came through the document.
      await expect(column(b, 'To do').getByRole('row', { name: 'Paint the sign' })).toContainText(phone ? moved : day);
    });

    await test.step('on the board, a card moves to another column', async () => {
      await a.getByRole('tab', { name: 'Board', exact: true }).click();
      if (phone) {
        // On a phone the columns scroll sideways: the card moves from its page.
        const card = await openTask(a, 'Order stock');
        await card.getByLabel('Status').selectOption('in_progress');
        await card.getByRole('button', { name: 'Done' }).click();
      } else {
        const from = await a.getByRole('button', { name: 'Move Order stock', exact: true }).boundingBox();
        const target = await column(a, 'In progress').getByRole('grid').boundingBox();
        if (!from || !target) throw new Error('card or column not on screen');
        await a.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await a.mouse.down();
        await a.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
        await a.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
        await a.mouse.up();
      }
      await expect(column(a, 'In progress').getByRole('row', { name: 'Order stock' })).toBeVisible();
      await expect(column(b, 'In progress').getByRole('row', { name: 'Order stock' })).toBeVisible();
      await shot(a, info, '06-board-moved');
    });

    await test.step('chat and standups, as a phone and a desktop see them', async () => {
      await a.getByRole('tab', { name: 'Chat' }).click();
      await a.getByRole('form', { name: 'New message' }).getByLabel('Message').fill('Sign is up');
      await a.getByRole('button', { name: 'Send' }).click();
      await expect(a.getByText('Sign is up')).toBeVisible();
      await shot(a, info, '07-chat');
      await a.getByRole('tab', { name: 'Standups' }).click();
      await a.getByRole('textbox', { name: 'Done', exact: true }).fill('Painted the sign');
      await a.getByRole('button', { name: 'Post my standup' }).click();
      await expect(a.getByRole('list', { name: "Today's standups" })).toContainText('Painted the sign');
      await shot(a, info, '08-standups');
    });

    await test.step('team channels: start one, talk, react, see who is typing', async () => {
      await a.goto(`/workspace/${workspaceId}/project-manager`);
      await a.getByRole('link', { name: 'Team channels' }).click();
      await expect(a.getByRole('heading', { name: 'Team channels' })).toBeVisible();
      await expect(a.getByText('No channels yet. Start the first one.')).toBeVisible();
      const form = a.getByRole('form', { name: 'New channel' });
      await form.getByLabel('New channel').fill('   ');
      await form.getByRole('button', { name: 'Create channel' }).click();
      await expect(form.getByText('Give the channel a name')).toBeVisible();
      await form.getByLabel('New channel').fill('Market Day');
      await expect(form.getByText('It will be #market-day')).toBeVisible();
      await form.getByRole('button', { name: 'Create channel' }).click();
      await expect(a.getByRole('heading', { name: '# market-day' })).toBeVisible();
      await expect(a.getByTestId('doc-status')).toHaveText('Live');

      await b.goto(`/workspace/${workspaceId}/project-manager/channels`);
      await b.getByRole('link', { name: '# market-day' }).click();
      await expect(b.getByTestId('doc-status')).toHaveText('Live');
      await b.getByRole('form', { name: 'New message' }).getByLabel('Message').fill('On my way');
      await expect(a.getByTestId('presence')).toContainText('is typing');
      await b.getByRole('button', { name: 'Send' }).click();
      await expect(a.getByText('On my way')).toBeVisible();
      await a.getByRole('button', { name: 'React +1' }).click();
      await expect(b.getByRole('button', { name: 'React +1, 1' })).toBeVisible();
      await expect(a.getByTestId('presence')).toContainText('Here now: Thandi Mokoena');
      await shot(a, info, '09-channel');
    });

    await test.step('someone outside the workspace reads neither the attached file nor the channel', async () => {
      const contextC = await browser.newContext();
      const c = await contextC.newPage();
      try {
        const other = uniqueEmail('collab-outsider', info.project.name);
        await skipCookieConsent(c);
        await registerViaUi(c, 'Sipho Outsider', other);
        const code = await waitForCode(other);
        await c.getByRole('button', { name: 'Enter Verification Code' }).click();
        const dialog = c.getByRole('dialog', { name: 'Enter Verification Code' });
        await dialog.getByLabel('Verification code').fill(code);
        await dialog.getByRole('button', { name: 'Verify' }).click();
        await expect(c.getByRole('dialog', { name: 'Email Verified Successfully' })).toBeVisible();
        expect((await c.request.get(fileUrl)).status()).toBe(404);
        const outcome = await c.evaluate(
          (doc) =>
            new Promise<string>((resolve) => {
              const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/api/yjs/${doc}`);
              ws.binaryType = 'arraybuffer';
              let bytes = 0;
              ws.onmessage = (e) => {
                bytes += e.data instanceof ArrayBuffer ? e.data.byteLength : 1;
              };
              ws.onopen = () => resolve('open');
              ws.onclose = () => resolve(`closed after ${bytes} bytes`);
            }),
          `channel:${workspaceId}:market-day`,
        );
        expect(outcome).toBe('closed after 0 bytes');
      } finally {
        await contextC.close();
      }
    });
  } finally {
    await contextA.close();
    await contextB.close();
  }
});
