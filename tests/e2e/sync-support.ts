import { expect, type Page } from '@playwright/test';

/** The contact's card on the CRM list. */
export function contactRow(page: Page, name: string) {
  return page.getByRole('list', { name: 'Contacts' }).getByRole('listitem', { name, exact: true });
}

/** Fills the New contact form and waits for the contact to be listed. */
export async function addContact(page: Page, fields: { name: string; phone?: string; email?: string; company?: string }) {
  await page.getByRole('button', { name: 'New contact' }).click();
  const form = page.getByRole('form', { name: 'New contact' });
  await form.getByLabel('Name').fill(fields.name);
  if (fields.phone) await form.getByLabel('Phone').fill(fields.phone);
  if (fields.email) await form.getByLabel('Email').fill(fields.email);
  if (fields.company) await form.getByLabel('Company').fill(fields.company);
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(contactRow(page, fields.name)).toBeVisible();
}

/** Opens the edit form of a contact, changes the given fields and saves. */
export async function editContact(page: Page, name: string, fields: { phone?: string; email?: string; company?: string }) {
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const form = page.getByRole('form', { name: `Edit ${name}` });
  if (fields.phone !== undefined) await form.getByLabel('Phone').fill(fields.phone);
  if (fields.email !== undefined) await form.getByLabel('Email').fill(fields.email);
  if (fields.company !== undefined) await form.getByLabel('Company').fill(fields.company);
  await form.getByRole('button', { name: 'Save contact' }).click();
  await expect(contactRow(page, name)).toBeVisible();
}

/** What the CRM list shows of a contact, waited on until it matches. */
export async function expectContact(page: Page, name: string, shown: { phone: string; email: string; company: string }) {
  const row = contactRow(page, name);
  await expect(row.getByTestId('contact-phone')).toHaveText(shown.phone, { timeout: 20_000 });
  await expect(row.getByTestId('contact-email')).toHaveText(shown.email, { timeout: 20_000 });
  await expect(row.getByTestId('contact-company')).toHaveText(shown.company, { timeout: 20_000 });
}

export function indicator(page: Page) {
  return page.getByTestId('sync-indicator');
}

/**
 * Waits until nothing is waiting to sync. If it never comes, the failure carries where each of the
 * page's replications stood (its queues, requests and leadership), so a stall can be read from the log.
 */
export async function expectAllSynced(page: Page, timeout = 20_000) {
  try {
    await expect(indicator(page)).not.toContainText(/waiting/, { timeout });
  } catch (err) {
    const state = await page
      .evaluate(() => (Reflect.get(globalThis, '__syncInspect') as (() => Promise<unknown>) | undefined)?.())
      .catch((e: unknown) => String(e));
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nSync state: ${JSON.stringify(state)}`, { cause: err });
  }
}
