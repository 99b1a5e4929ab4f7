import { expect, test, type Browser, type Page } from '@playwright/test';
import { fillDate } from './date-support';
import { fillLine } from './invoices-support';
import { logIn, newTraderWithWorkspace } from './inventory-support';
import { addPlannerItem, editPlannerItem, expectPlannerItem, isoInDays, plannerEntry } from './planner-support';
import { indicator } from './sync-support';

/**
 * Issue 12 "Done when": on a 390×844 phone, two browser contexts on one workspace, one offline; both
 * edit one planner item (different fields, and the same field); after reconnecting both show the
 * merged item and the conflict log holds the losing value. An invoice's due date is on the month view.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const TITLE = 'Stock take';

function phoneContext(browser: Browser) {
  return browser.newContext(PHONE);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/work/shots/planner-${name}.png`, fullPage: true });
}

test('two phones edit one planner item, one offline: fields merge, the same field keeps the server value and logs mine; invoice due dates are on the month', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const contextA = await phoneContext(browser);
  const contextB = await phoneContext(browser);
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  const day = isoInDays(2);
  const due = isoInDays(5);
  try {
    const { email, workspaceId } = await newTraderWithWorkspace(a, 'planner', info.project.name, 'Planner Spaza');
    const planner = `/workspace/${workspaceId}/planner`;

    await test.step('A writes an invoice due in five days', async () => {
      await a.goto(`/workspace/${workspaceId}/invoices/new`);
      const form = a.getByRole('form', { name: 'New invoice' });
      await form.getByLabel('Customer name').fill('Lindiwe Dube');
      await fillLine(a, 1, { description: 'Catering', quantity: '1', price: '1200' });
      await fillDate(form, 'Due date', due);
      await form.getByRole('button', { name: 'Save draft' }).click();
      await expect(a.getByRole('heading', { name: /^Invoice / })).toBeVisible();
    });

    await test.step('A opens the planner from the navigation: the phone shows the agenda, empty', async () => {
      await a.goto(`/workspace/${workspaceId}/dashboard`);
      await a.getByRole('button', { name: 'Menu', exact: true }).click();
      await a.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Planner', exact: true }).click();
      await expect(a).toHaveURL(new RegExp(`${planner}$`));
      await expect(a.getByRole('button', { name: 'Agenda', exact: true })).toHaveAttribute('aria-pressed', 'true');
      // The invoice's due date is already on the agenda, from the invoices module.
      await expect(a.getByRole('link', { name: /^Open invoice due: / })).toBeVisible();
    });

    await test.step('the form refuses an item without a title and one that ends before it starts', async () => {
      await a.getByRole('button', { name: 'New item' }).click();
      const form = a.getByRole('form', { name: 'New planner item' });
      await fillDate(form, 'Start date', day);
      await fillDate(form, 'End date', isoInDays(1));
      await form.getByRole('button', { name: 'Add item' }).click();
      await expect(form.getByText('Give the item a title')).toBeVisible();
      await expect(form.getByText('The end cannot be before the start')).toBeVisible();
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(a.getByTestId('planner-entry')).toHaveCount(1);
    });

    await test.step('A adds an item; it syncs', async () => {
      await addPlannerItem(a, { title: TITLE, date: day, time: '09:00', description: 'Count everything' });
      await expectPlannerItem(a, TITLE, { time: '09:00', description: 'Count everything', color: '#FFD700' });
      await expect(indicator(a).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
    });

    await test.step('B signs in as the same person and sees it', async () => {
      await logIn(b, email);
      await b.goto(planner);
      await expectPlannerItem(b, TITLE, { time: '09:00', description: 'Count everything', color: '#FFD700' });
    });

    await test.step('A goes offline and changes the description and the start time', async () => {
      await contextA.setOffline(true);
      await expect(indicator(a).getByTestId('sync-online')).toHaveText('Offline');
      await editPlannerItem(a, TITLE, { description: 'Count the shop only', time: '10:00' });
      await expect(indicator(a).getByTestId('sync-changes')).toHaveText('1 change waiting');
      await expectPlannerItem(a, TITLE, { time: '10:00', description: 'Count the shop only', color: '#FFD700' });
    });

    await test.step('B, online, changes the colour and the same start time; it syncs first', async () => {
      await editPlannerItem(b, TITLE, { colour: 'Green', time: '11:00' });
      await expect(indicator(b).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
    });

    await test.step('A comes back: both phones show the merged item', async () => {
      await contextA.setOffline(false);
      const merged = { time: '11:00', description: 'Count the shop only', color: '#00A86B' };
      await expectPlannerItem(a, TITLE, merged);
      await expectPlannerItem(b, TITLE, merged);
      await expect(indicator(a).getByTestId('sync-changes')).toHaveText('All changes synced', { timeout: 20_000 });
      await expect(indicator(a).getByTestId('sync-conflicts')).toHaveText('1 conflict');
      await expect(plannerEntry(a, TITLE).getByRole('link', { name: /has a sync conflict/ })).toBeVisible();
      await shoot(a, 'phone-agenda-conflict');
    });

    await test.step("A's conflict log holds the losing start time", async () => {
      await plannerEntry(a, TITLE)
        .getByRole('link', { name: /has a sync conflict/ })
        .click();
      await expect(a).toHaveURL(/\/sync$/);
      const entry = a.getByTestId('conflict-entry');
      await expect(entry).toHaveCount(1);
      await expect(entry.getByRole('paragraph').first()).toContainText(`Planner item “${TITLE}”`);
      await expect(entry.getByRole('paragraph').first()).toContainText('Start time');
      await expect(entry.getByTestId('conflict-mine')).toHaveText('10:00');
      await expect(entry.getByTestId('conflict-kept')).toHaveText('11:00');
    });

    await test.step('a comment: an empty one is refused on its field, a written one is listed', async () => {
      await a.goto(planner);
      await a.getByRole('button', { name: `Edit ${TITLE}` }).click();
      const comments = a.getByRole('form', { name: 'Add a comment' });
      await comments.getByRole('button', { name: 'Add comment' }).click();
      await expect(comments.getByText('A comment cannot be empty')).toBeVisible();
      await expect(comments.getByLabel('New comment')).toBeFocused();
      await comments.getByLabel('New comment').fill('Bring the clipboard');
      await comments.getByRole('button', { name: 'Add comment' }).click();
      await expect(a.getByRole('list', { name: 'Comments' }).getByText('Bring the clipboard')).toBeVisible();
      await expect(comments.getByLabel('New comment')).toHaveValue('');
    });

    await test.step('the month view shows the item and the invoice due date', async () => {
      await a.goto(`${planner}?view=month&date=${due}`);
      const month = a.getByTestId('planner-month');
      await expect(month.getByRole('link', { name: /^Invoice due: INV-\d{6} · Lindiwe Dube$/ })).toBeVisible();
      await shoot(a, 'phone-month');
      await a.goto(`${planner}?view=week&date=${day}`);
      await expect(a.getByTestId('planner-week').getByRole('button', { name: new RegExp(`^Event: ${TITLE} at 11:00`) })).toBeVisible();
      await shoot(a, 'phone-week');
      await a.goto(`${planner}?view=agenda&date=${isoInDays(0)}`);
      await expect(plannerEntry(a, TITLE)).toBeVisible();
      await shoot(a, 'phone-agenda');
    });

    await test.step('on a desktop the planner opens on the month, with the week and agenda a click away', async () => {
      const desktop = await browser.newContext(DESKTOP);
      const d = await desktop.newPage();
      try {
        await logIn(d, email);
        await d.goto(`${planner}?date=${due}`);
        await expect(d.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute('aria-pressed', 'true');
        await expect(d.getByTestId('planner-month').getByRole('link', { name: /^Invoice due: / })).toBeVisible();
        await shoot(d, 'desktop-month');
        await d.getByRole('button', { name: 'Week', exact: true }).click();
        await d.getByRole('button', { name: 'Today', exact: true }).click();
        await expect(d.getByTestId('planner-week')).toBeVisible();
        await shoot(d, 'desktop-week');
        await d.getByRole('button', { name: 'Agenda', exact: true }).click();
        await expect(plannerEntry(d, TITLE)).toBeVisible();
        await shoot(d, 'desktop-agenda');
        // /dashboard opens the workspace used last.
        await d.goto('/dashboard');
        await expect(d).toHaveURL(new RegExp(`/workspace/${workspaceId}/dashboard$`));
      } finally {
        await desktop.close();
      }
    });

    await test.step('deleting asks first; Cancel keeps the item, Delete removes it', async () => {
      await a.getByRole('button', { name: `Delete ${TITLE}` }).click();
      const confirm = a.getByRole('dialog', { name: 'Delete item?' });
      await expect(confirm).toContainText(`${TITLE} will be deleted from this workspace's planner on every device.`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(plannerEntry(a, TITLE)).toBeVisible();
      await a.getByRole('button', { name: `Delete ${TITLE}` }).click();
      await a.getByRole('dialog', { name: 'Delete item?' }).getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(a.getByText('Item deleted')).toBeVisible();
      await expect(plannerEntry(a, TITLE)).toHaveCount(0);
    });
  } finally {
    await contextA.close();
    await contextB.close();
  }
});

test('/dashboard signed out goes to /auth', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});
