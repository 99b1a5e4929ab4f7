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
