import { expect, type Page } from '@playwright/test';
import { fillDate } from './date-support';

/** A YYYY-MM-DD date `days` from today on this machine (the browser's clock is the same). */
export function isoInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The planner item's card in the agenda view. */
export function plannerEntry(page: Page, title: string) {
  return page
    .getByRole('list', { name: 'Agenda', exact: true })
    .getByTestId('planner-entry')
    .filter({ has: page.getByTestId('planner-title').getByText(title, { exact: true }) });
}

/** Adds an item through the New item dialog; it is then listed in the agenda. */
export async function addPlannerItem(page: Page, fields: { title: string; date: string; time?: string; description?: string }) {
  await page.getByRole('button', { name: 'New item' }).click();
  const form = page.getByRole('form', { name: 'New planner item' });
  await form.getByLabel('Title').fill(fields.title);
  await fillDate(form, 'Start date', fields.date);
  if (fields.time) await fillDate(form, 'Start time', fields.time);
  if (fields.description) await form.getByLabel('Description').fill(fields.description);
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form).toHaveCount(0);
}

/** Opens an item's edit dialog from the agenda, changes the given fields (the colour by its swatch's name) and saves. */
export async function editPlannerItem(page: Page, title: string, fields: { time?: string; description?: string; colour?: string }) {
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const form = page.getByRole('form', { name: `Edit ${title}` });
  if (fields.time !== undefined) await fillDate(form, 'Start time', fields.time);
  if (fields.description !== undefined) await form.getByLabel('Description').fill(fields.description);
  if (fields.colour !== undefined) {
    const swatch = form.getByRole('listbox', { name: 'Colour' }).getByRole('option', { name: fields.colour, exact: true });
    await swatch.click();
    await expect(swatch).toHaveAttribute('aria-selected', 'true');
  }
  await form.getByRole('button', { name: 'Save item' }).click();
  await expect(form).toHaveCount(0);
}

/** What the agenda shows of an item, waited on until it matches. */
export async function expectPlannerItem(page: Page, title: string, shown: { time: string; description: string; color: string }) {
  const entry = plannerEntry(page, title);
  await expect(entry.getByTestId('planner-time')).toHaveText(shown.time, { timeout: 20_000 });
  await expect(entry.getByTestId('planner-description')).toHaveText(shown.description, { timeout: 20_000 });
  await expect(entry.getByTestId('planner-color')).toHaveAttribute('data-color', shown.color, { timeout: 20_000 });
}
