import { expect, type Page } from '@playwright/test';

/**
 * The service worker installs, precaches the shell and every page's code, and takes this page (after
 * one reload). Only then does the app work with no network; a test that goes offline before this is
 * testing the browser's error page.
 */
export async function underServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Waits until the service worker has installed and taken this page (it claims open pages when it
 * activates). Before that, a page opened with no network is the browser's error page: tests that go
 * offline wait for this first, as a slow first install under load would otherwise race them.
 */
export async function serviceWorkerInCharge(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true);
}
