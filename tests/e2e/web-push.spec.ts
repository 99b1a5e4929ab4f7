import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { underServiceWorker } from './sw-support';

/**
 * Web Push reaching the installed app (issue 37 §5): a push delivered to the app's service worker
 * (through the DevTools protocol, as the browser's push service would hand it over) is shown as a
 * notification, one per notification however often it arrives.
 */

/** Delivers pushes to the app's service worker, as the browser's push service would. */
async function pushTo(context: BrowserContext, page: Page) {
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  return (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data });
}

/** The notifications the app's service worker shows now. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => {
      const data: unknown = n.data;
      return { title: n.title, body: n.body, tag: n.tag, data };
    });
  });
}

test.describe('Web Push', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
  });

  test('a push is shown as its notification, once however often it is delivered', async ({ page, context }) => {
    await page.goto('/');
    await underServiceWorker(page);
    const push = await pushTo(context, page);
    const paid = { id: randomUUID(), title: 'Invoice INV-7 was paid', body: 'R 120.00 from Thandi', link: '/workspace/1/invoices' };

    await push(JSON.stringify(paid));
    const expected = { title: paid.title, body: paid.body, tag: paid.id, data: { link: paid.link } };
    await expect.poll(() => shownNotifications(page)).toEqual([expected]);

    // The push service may deliver one push twice: the notification replaces itself.
    await push(JSON.stringify(paid));
    const booked = { id: randomUUID(), title: 'A booking was made', body: 'Haircut, Friday 10:00', link: '/workspace/1/bookings' };
    await push(JSON.stringify(booked));
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.tag).sort()).toEqual([paid.id, booked.id].sort());
  });

  test('a push that cannot be read still shows that something came', async ({ page, context }) => {
    await page.goto('/');
    await underServiceWorker(page);
    const push = await pushTo(context, page);
    await push('not json');
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title: 'Vuka', body: 'You have a new notification', tag: 'vuka', data: { link: '/' } }]);
  });
});
