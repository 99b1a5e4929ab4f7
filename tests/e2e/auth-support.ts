import type { Page } from '@playwright/test';
import { brand } from '../../schema/brand';

/** Stores a cookie decision so the consent dialog does not cover the auth screens. */
export async function skipCookieConsent(page: Page) {
  const key = `${brand.storagePrefix}-cookie-consent`;
  await page.addInitScript((k) => {
    localStorage.setItem(k, JSON.stringify({ necessary: true, analytics: false, marketing: false, decidedAt: '2026-01-01T00:00:00.000Z' }));
  }, key);
}

export function uniqueEmail(tag: string, project: string): string {
  return `${tag}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
