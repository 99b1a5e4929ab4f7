import { expect, test, type Page } from '@playwright/test';
import { mailsTo } from '../support/mailbox-file.js';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'vuka-cookie-consent',
      JSON.stringify({ necessary: true, analytics: false, marketing: false, decidedAt: '2026-01-01T00:00:00.000Z' }),
    );
    localStorage.setItem('vuka-desktop-notice-dismissed', 'true');
  });
});

const form = (page: Page) => page.locator('main form');

async function fill(page: Page, v: { name: string; email: string; subject: string; message: string }) {
  await form(page).getByLabel('Name').fill(v.name);
  await form(page).getByLabel('Email').fill(v.email);
  await form(page).getByLabel('Subject').fill(v.subject);
  await form(page).getByLabel('Message').fill(v.message);
}

const good = {
  name: 'Thandi Mokoena',
  email: 'thandi@example.com',
  subject: 'Question about POS',
  message: 'Does the till work offline at my stall?',
};

test('contact page shows the spec headings, information card, FAQ and structured data', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await expect(page.getByText("Have questions or feedback? We'd love to hear from you!")).toBeVisible();
  const info = page.getByRole('region', { name: 'Our Information' });
  await expect(info.getByRole('link', { name: 'hello@vuka.africa' })).toHaveAttribute('href', 'mailto:hello@vuka.africa');
  await expect(info).toContainText('Monday - Friday: 8:00 AM - 5:00 PM (SAST)');
  for (const name of ['Facebook', 'Instagram', 'X', 'LinkedIn']) await expect(info.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Send Us a Message' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  await page.getByText('How do I upgrade my plan?').click();
  await expect(page.getByText('open Settings, then Subscription, and choose a plan')).toBeVisible();
  await page.getByText('Is my data secure?').click();
  await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy');
  await expect(page.locator('main details')).toHaveCount(4);

  await expect(page).toHaveTitle('Contact Us | Vuka');
  const lds = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = lds.map((t) => JSON.parse(t)['@type']);
  expect(types).toEqual(['ContactPage', 'BreadcrumbList']);
  const crumbs = JSON.parse(lds[1]).itemListElement.map((i: { name: string }) => i.name);
  expect(crumbs).toEqual(['Home', 'Contact Us']);
});

test('the form shows each validation message, then sends and resets', async ({ page }) => {
  await page.goto('/contact');
  await form(page).getByRole('button', { name: 'Send Message' }).click();
  for (const msg of [
    'Name must be at least 2 characters',
    'Please enter a valid email address',
    'Subject must be at least 5 characters',
    'Message must be at least 10 characters',
  ]) {
    await expect(form(page).getByText(msg)).toBeVisible();
  }
  await fill(page, { name: 'T', email: 'not-an-email', subject: 'Hey', message: 'Too short' });
  await form(page).getByRole('button', { name: 'Send Message' }).click();
  await expect(form(page).getByText('Please enter a valid email address')).toBeVisible();
  // Four fields refused: focus goes to the first.
  await expect(form(page).getByLabel('Name')).toBeFocused();
  const subject = `Question about POS ${Date.now()}`;
  await fill(page, { ...good, subject });
  for (const msg of ['Name must be', 'valid email', 'Subject must be', 'Message must be']) {
    await expect(form(page).getByText(msg)).toHaveCount(0);
  }

  // Hold the request so the busy state is observable, then let it through to the real server.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  await form(page).getByRole('button', { name: /Send/ }).click();
  await expect(form(page).getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-disabled', 'true');
  const response = page.waitForResponse('**/api/contact');
  release();
  const res = await response;
  test.info().annotations.push({ type: 'contact-api', description: `POST /api/contact answered ${res.status()}` });
  expect(res.status(), 'the contact API must accept a valid message').toBe(200);
  const toast = page.getByTestId('toast-region');
  await expect(toast).toContainText('Message Sent');
  await expect(toast).toContainText("Thank you for contacting us. We'll get back to you soon!");
  await expect(form(page).getByLabel('Name')).toHaveValue('');
  await expect(form(page).getByLabel('Message')).toHaveValue('');
  await expect(form(page).getByRole('button', { name: 'Send Message' })).toBeEnabled();
  // The message reached the team's inbox (the brand address).
  await expect.poll(() => mailsTo('hello@vuka.africa').some((m) => m.raw.includes(subject)), { timeout: 15_000 }).toBe(true);
});

test('a server error keeps the values and shows the server message', async ({ page }) => {
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, json: { message: 'Mail is down right now' } }));
  await page.goto('/contact');
  await fill(page, good);
  await form(page).getByRole('button', { name: 'Send Message' }).click();
  const toast = page.getByTestId('toast-region');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('Mail is down right now');
  await expect(form(page).getByLabel('Name')).toHaveValue(good.name);
  await expect(form(page).getByLabel('Message')).toHaveValue(good.message);
  await expect(form(page).getByRole('button', { name: 'Send Message' })).toBeVisible();
});

test('a server error without a message shows the spec fallback', async ({ page }) => {
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: 'oops', contentType: 'text/plain' }));
  await page.goto('/contact');
  await fill(page, good);
  await form(page).getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast-region')).toContainText('There was a problem sending your message. Please try again later.');
  await expect(form(page).getByLabel('Subject')).toHaveValue(good.subject);
});

test('a network failure shows the connection message and keeps the values', async ({ page }) => {
  await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
  await page.goto('/contact');
  await fill(page, good);
  await form(page).getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast-region')).toContainText('There was a problem connecting to our server. Please try again later.');
  await expect(form(page).getByLabel('Email')).toHaveValue(good.email);
});
