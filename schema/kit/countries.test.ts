import { describe, expect, it } from 'vitest';
import {
  countries,
  countryCode,
  countryCodes,
  countryDefaults,
  countryMessages,
  countryOptions,
  formatRate,
  percentToBp,
  isCountryCode,
} from './countries';

describe('country defaults', () => {
  it('South Africa starts in rand, Johannesburg time, 15 % VAT, VAT-inclusive prices (DESIGN.md §14)', () => {
    expect(countryDefaults('ZA')).toEqual({
      country: 'ZA',
      currency: 'ZAR',
      timezone: 'Africa/Johannesburg',
      vat_rate_bp: 1500,
      prices_include_vat: true,
    });
  });

  it('no country keeps the spec defaults: USD, UTC, no VAT', () => {
    for (const none of [null, undefined]) {
      expect(countryDefaults(none)).toEqual({ country: null, currency: 'USD', timezone: 'UTC', vat_rate_bp: 0, prices_include_vat: false });
    }
  });

  it('every country has a 3-letter currency, a time zone this runtime knows and a rate within 0–100 %', () => {
    for (const code of countryCodes) {
      const c = countries[code];
      expect(c.currency).toMatch(/^[A-Z]{3}$/);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: c.timezone })).not.toThrow();
      expect(c.vat_rate_bp).toBeGreaterThanOrEqual(0);
      expect(c.vat_rate_bp).toBeLessThanOrEqual(10_000);
      expect(Number.isInteger(c.vat_rate_bp)).toBe(true);
    }
  });

  it('the form offers every country, South Africa first, and "Other" last', () => {
    expect(countryOptions[0]).toEqual({ value: 'ZA', label: 'South Africa' });
    expect(countryOptions.at(-1)).toEqual({ value: 'other', label: 'Other' });
    expect(countryOptions).toHaveLength(countryCodes.length + 1);
  });

  it('only codes in the table are accepted, with a readable message', () => {
    expect(isCountryCode('ZA')).toBe(true);
    expect(isCountryCode('za')).toBe(false);
    expect(isCountryCode('toString')).toBe(false);
    const refused = countryCode.safeParse('XX');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe(countryMessages.unknown);
  });

  it('rates read as percentages', () => {
    expect(formatRate(1500)).toBe('15\u00a0%');
    expect(formatRate(750)).toBe('7.5\u00a0%');
    expect(formatRate(0)).toBe('0\u00a0%');
  });

  it('a typed percentage becomes basis points; rubbish and extra decimals are left for the schema to refuse', () => {
    expect(percentToBp('15')).toBe(1500);
    expect(percentToBp(' 7.5 % ')).toBe(750);
    expect(percentToBp('15,25')).toBe(1525);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('-1')).toBe(-100);
    expect(percentToBp('abc')).toBeNaN();
    expect(percentToBp('')).toBeNaN();
    expect(Number.isInteger(percentToBp('15.555'))).toBe(false);
  });
});
