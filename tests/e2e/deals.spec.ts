import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { dragByMouse } from './board-support';
import { fillDate } from './date-support';
import { newTraderWithWorkspace } from './inventory-support';

/**
 * Issue 38, first slice: a new workspace's sales board (the Sales pipeline's five stages), a deal
 * added, moved by mouse, keyboard or its stage list, won and lost (lost asks why), the columns' money
 * and the forecast; a deal added offline reaches the server when the network returns.
 */

function shot(page: Page, info: TestInfo, name: string) {
  return page.screenshot({ path: `tests/screenshots/deals-${info.project.name}-${name}.png`, fullPage: true });
}

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });

async function addDeal(page: Page, title: string, value: string, close: string) {
  await page.getByRole('button', { name: 'New deal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New deal' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Value').fill(value);
  await fillDate(dialog, 'Expected close date', close);
  await dialog.getByRole('button', { name: 'Add deal' }).click();
  await expect(dialog).toBeHidden();
  await expect(column(page, 'Lead').getByRole('row', { name: title })).toBeVisible();
}

test('the sales board: deals added, moved, won and lost, with each column’s money, the forecast and the planner; offline too', async ({
  page,
  context,
}, info) => {
  test.setTimeout(150_000);
  const { workspaceId } = await newTraderWithWorkspace(page, 'deals', info.project.name, `Thabo Events ${info.project.name}`);
  await page.goto(`/workspace/${workspaceId}/crm`);
  await page.getByRole('link', { name: 'Deals' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/crm/deals$`));

  await test.step('a new workspace starts with the Sales pipeline of five stages', async () => {
    for (const stage of ['Lead', 'Qualified', 'Proposal', 'Negotiation', 'Closing']) await expect(column(page, stage)).toBeVisible();
    await expect(page.getByText('Give deals an expected close date to see them here.')).toBeVisible();
  });

  await test.step('a deal without a title or with a bad value is refused, with the messages the server gives', async () => {
    await page.getByRole('button', { name: 'New deal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New deal' });
    await dialog.getByLabel('Value').fill('-20');
    await dialog.getByRole('button', { name: 'Add deal' }).click();
    await expect(dialog.getByText('Give the deal a title')).toBeVisible();
    await expect(dialog.getByText('Value must be an amount of 0 or more, in cents')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('deals added to Lead: the column counts them, totals them and weights them by its 10 %', async () => {
    await addDeal(page, 'Wedding catering', '12000', '2027-01-30');
    await addDeal(page, 'Year-end function', '4500.50', '2027-02-12');
    const lead = column(page, 'Lead');
    await expect(lead.getByRole('heading')).toContainText('2');
    await expect(lead.getByTestId('stage-total')).toHaveText('R 16,500.50 open · R 1,650.05 weighted');
    await shot(page, info, '01-board');
  });

  await test.step('a deal moves to another stage and takes its probability', async () => {
    if (info.project.name === 'phone') {
      await column(page, 'Lead').getByLabel('Stage of Wedding catering').selectOption({ label: 'Proposal' });
    } else {
      // The mouse: the card's handle dragged onto the Proposal column.
      await dragByMouse(page, page.getByRole('button', { name: 'Move Wedding catering' }), column(page, 'Proposal').getByRole('grid'));
    }
    const proposal = column(page, 'Proposal');
    await expect(proposal.getByRole('row', { name: 'Wedding catering' })).toBeVisible();
    await expect(proposal.getByRole('row', { name: 'Wedding catering' })).toContainText('50%');
    await expect(proposal.getByTestId('stage-total')).toHaveText('R 12,000.00 open · R 6,000.00 weighted');
    await expect(column(page, 'Lead').locator('[data-deal-id]')).toHaveCount(1);
  });

  if (info.project.name !== 'phone') {
    await test.step('the keyboard alone moves a card: its row, Right to the handle, Enter, Tab to a column, Enter', async () => {
      await column(page, 'Lead').getByRole('row', { name: 'Year-end function' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('button', { name: 'Move Year-end function' })).toBeFocused();
      // react-aria's drop places are buttons read by a screen reader: which one has focus, and in which column.
      const focusedPlace = () =>
        page.evaluate(() => {
          const at = document.activeElement;
          return `${at?.getAttribute('aria-label') ?? ''} in ${at?.closest('section')?.getAttribute('aria-label') ?? ''}`;
        });
      await page.keyboard.press('Enter');
      await expect.poll(focusedPlace).toMatch(/^(Insert|Drop) .* in Lead$/);
      // Tab walks to the next column's drop place.
      await page.keyboard.press('Tab');
      await expect.poll(focusedPlace).toMatch(/ in Qualified$/);
      await page.keyboard.press('Enter');
      await expect(column(page, 'Qualified').getByRole('row', { name: 'Year-end function' })).toBeVisible();
      await expect(column(page, 'Lead').locator('[data-deal-id]')).toHaveCount(0);
    });
  }

  await test.step('won counts at full value in the forecast; lost asks why and leaves it', async () => {
    await page.getByRole('button', { name: 'Mark Wedding catering won' }).click();
    await expect(page.getByRole('row', { name: 'Wedding catering' })).toContainText('Won');
    const other = info.project.name === 'phone' ? 'Lead' : 'Qualified';
    await page.getByRole('button', { name: 'Mark Year-end function lost' }).click();
    const dialog = page.getByRole('dialog', { name: 'Why was Year-end function lost?' });
    await dialog.getByRole('button', { name: 'Mark lost' }).click();
    await expect(dialog.getByText('Say why the deal was lost')).toBeVisible();
    await dialog.getByRole('button', { name: 'No budget' }).click();
    await dialog.getByRole('button', { name: 'Mark lost' }).click();
    await expect(dialog).toBeHidden();
    await expect(column(page, other).getByRole('row', { name: 'Year-end function' })).toContainText('Lost: No budget');
    // The wedding was won today: its month holds its full value; the lost function is in no month.
    const forecast = page.getByTestId('forecast');
    await expect(forecast.getByRole('row')).toHaveCount(2);
    await expect(forecast).toContainText('R 12,000.00');
    await shot(page, info, '02-won-lost');
  });

  await test.step('a deal added offline is kept on the device and reaches the server when the network returns', async () => {
    await context.setOffline(true);
    await addDeal(page, 'Matric dance decor', '8000', '2027-03-05');
    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/sync/deals/pull?workspace=${workspaceId}&seq=0&id=&limit=100`);
          const body = (await res.json()) as { documents: { title: string }[] };
          return body.documents.map((d) => d.title).sort();
        },
        { timeout: 30_000 },
      )
      .toEqual(['Matric dance decor', 'Wedding catering', 'Year-end function']);
    await page.reload();
    await expect(column(page, 'Lead').getByRole('row', { name: 'Matric dance decor' })).toBeVisible();
    await shot(page, info, '03-after-sync');
  });

  await test.step('an open deal’s expected close date is on the planner, and opens the board', async () => {
    await page.goto(`/workspace/${workspaceId}/planner?view=month&date=2027-03-05`);
    const entry = page.getByTestId('planner-month').getByRole('link', { name: /^Deal closes: Matric dance decor/ });
    await expect(entry).toBeVisible();
    // A won or lost deal closes no more: neither is on the calendar.
    await page.goto(`/workspace/${workspaceId}/planner?view=month&date=2027-01-30`);
    await expect(page.getByTestId('planner-month')).toBeVisible();
    await expect(page.getByTestId('planner-month').getByRole('link', { name: /^Deal closes: / })).toHaveCount(0);
    await page.goto(`/workspace/${workspaceId}/planner?view=month&date=2027-03-05`);
    await page
      .getByTestId('planner-month')
      .getByRole('link', { name: /^Deal closes: Matric dance decor/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/crm/deals$`));
  });
});
