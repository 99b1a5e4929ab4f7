import { expect, test } from '@playwright/test';
import { skipCookieConsent, uniqueEmail } from './auth-support';
import { newTraderWithWorkspace } from './inventory-support';
import { payOnSandbox } from './paystack-support';

/**
 * Issue 37 §1: tickets follow the one VAT rule. A VAT-registered organiser's event takes paid
 * registrations for approval on its own page; the buyer pays by card and, back on the page, reads
 * what they paid with the VAT in it (the tickets' e-mail saying the same is events.spec.ts's).
 */
test('a registered organiser’s paid registration shows "VAT included" on the event page, at both sizes', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const { workspaceId } = await newTraderWithWorkspace(page, 'ticket-vat', info.project.name, 'Jozi Sounds');
  const origin = new URL(page.url()).origin;
  async function call(method: 'post' | 'patch', path: string, data: unknown) {
    const res = await page.request[method](path, { data, headers: { origin } });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  }
  const title = `Patrons' evening ${info.project.name}${Date.now().toString(36)}`;
  const event = await call('post', `/api/workspaces/${workspaceId}/events`, { title, start_date: '2030-08-01T19:30', status: 'published' });
  const eventId = String(event.id);
  await call('patch', `/api/workspaces/${workspaceId}/events/${eventId}`, { requires_approval: true });
  await call('post', `/api/workspaces/${workspaceId}/events/${eventId}/ticket-types`, { name: 'Patron', price_cents: 25_000, quantity: 4 });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const small = viewport.width < 500;
    const context = await browser.newContext({ viewport, ...(small ? { isMobile: true, hasTouch: true } : {}) });
    const buyer = await context.newPage();
    await skipCookieConsent(buyer);
    await buyer.goto(`/marketplace/events/${String(event.slug)}`);
    await expect(buyer.getByRole('heading', { name: title })).toBeVisible();
    const form = buyer.getByRole('form', { name: 'Get tickets' });
    await form.getByLabel('How many Patron').fill('1');
    await form.getByLabel('Your name').fill('Zanele Buyer');
    const email = uniqueEmail(`ticket-vat-${viewport.width}`, info.project.name);
    await form.getByLabel('E-mail for the tickets').fill(email);
    await form.getByRole('button', { name: 'Pay by card' }).click();
    await payOnSandbox(buyer, '4084084084084081');
    // Back on the event page: paid, waiting for the organiser, with the VAT inside R 250 (15 %: R 32.61).
    await expect(buyer.getByText('Payment received: the organiser approves registrations for this event')).toBeVisible({
      timeout: 30_000,
    });
    await expect(buyer.getByTestId('ticket-payment')).toHaveText(/^Paid R\s?250\.00 · VAT included R\s?32\.61$/);
    await buyer.screenshot({ path: `tests/screenshots/ticket-vat-${info.project.name}-paid-${viewport.width}.png`, fullPage: true });
    await context.close();
  }
});
