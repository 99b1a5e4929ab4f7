import { describe, expect, it } from 'vitest';
import { creditPacks, cycleCredits, itemPriceCents, returnPath, subscriptionCheckout, subscriptionPriceCents } from './billing';

describe('billing prices', () => {
  it('the annual plan is twelve months less 20 %, in whole cents', () => {
    expect(subscriptionPriceCents('monthly')).toBe(49_900);
    expect(subscriptionPriceCents('annual')).toBe(479_040);
    expect(Number.isInteger(subscriptionPriceCents('annual'))).toBe(true);
    expect(1 - subscriptionPriceCents('annual') / (12 * subscriptionPriceCents('monthly'))).toBeCloseTo(0.2, 10);
  });

  it('bigger credit packs cost less per credit; the plan grants 100 credits a month', () => {
    const perCredit = creditPacks.map((p) => p.priceCents / p.credits);
    expect([...perCredit].sort((a, b) => b - a)).toEqual(perCredit);
    expect(itemPriceCents('credits_150')).toBe(12_900);
    expect(cycleCredits('monthly')).toBe(100);
    expect(cycleCredits('annual')).toBe(1200);
  });

  it('checkout only returns to our own billing pages', () => {
    for (const ok of [
      '/workspace/12/billing/subscription',
      '/workspace/3/billing/credits',
      '/settings?tab=subscription',
      '/subscription/topup',
    ]) {
      expect(returnPath.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'https://evil.test/',
      '//evil.test/settings',
      '/settings?tab=subscription&next=//evil',
      '/workspace/1/billing/history',
    ]) {
      expect(returnPath.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('promo codes are trimmed and upper-cased, and an empty one is no code', () => {
    const parsed = subscriptionCheckout.parse({ cycle: 'monthly', promo_code: ' launch20 ', return_path: '/subscription/topup' });
    expect(parsed.promo_code).toBe('LAUNCH20');
    expect(subscriptionCheckout.parse({ cycle: 'annual', promo_code: '', return_path: '/subscription/topup' }).promo_code).toBeUndefined();
  });
});
