import { describe, expect, it } from 'vitest';
import {
  completeRates,
  convertFromZar,
  countries,
  currencyCodes,
  currencySymbols,
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  displayPrice,
  fallbackRates,
  formatCountryAmount,
  formatPrice,
} from './currency';

describe('currency (spec §9)', () => {
  it('offers the nine display currencies with their symbols, ZAR by default', () => {
    expect(currencyCodes).toEqual(['USD', 'ZAR', 'EUR', 'INR', 'PKR', 'BDT', 'CAD', 'NGN', 'KES']);
    expect(currencyCodes.map((c) => currencySymbols[c])).toEqual(['$', 'R', '€', '₹', 'Rs', '৳', 'C$', '₦', 'KSh']);
    expect(DEFAULT_CURRENCY).toBe('ZAR');
  });

  it('has the built-in rates per USD', () => {
    expect(fallbackRates).toEqual({
      USD: 1,
      ZAR: 18.25,
      EUR: 0.85,
      INR: 83.5,
      PKR: 285,
      BDT: 110,
      CAD: 1.35,
      NGN: 780,
      KES: 145,
    });
  });

  it('converts ZAR as amount / rate[ZAR] * rate[target]', () => {
    expect(convertFromZar(499, 'USD', fallbackRates)).toBeCloseTo(499 / 18.25, 10);
    expect(convertFromZar(499, 'INR', fallbackRates)).toBeCloseTo((499 / 18.25) * 83.5, 10);
    expect(convertFromZar(499, 'ZAR', fallbackRates)).toBe(499);
    expect(convertFromZar(100, 'EUR', { ZAR: 20, EUR: 0.9 })).toBeCloseTo(4.5, 10);
  });

  it('a conversion that cannot be computed returns the unconverted amount', () => {
    expect(convertFromZar(499, 'EUR', { ZAR: 18.25 })).toBe(499);
    expect(convertFromZar(499, 'EUR', { EUR: 0.85 })).toBe(499);
    expect(convertFromZar(499, 'EUR', { ZAR: 0, EUR: 0.85 })).toBe(499);
    expect(convertFromZar(499, 'EUR', { ZAR: Number.NaN, EUR: 0.85 })).toBe(499);
  });

  it('a price that cannot be converted is shown unconverted, in Rand', () => {
    expect(displayPrice(499, 'EUR', { ZAR: 18.25 })).toBe('R499');
  });

  it('a missing or bad rate for one currency falls back to its built-in rate', () => {
    const { rates, fallbacks } = completeRates({ ZAR: 17, EUR: 'x', INR: -1, NGN: 1500, GBP: 0.8 });
    expect(rates.ZAR).toBe(17);
    expect(rates.NGN).toBe(1500);
    expect(rates.EUR).toBe(0.85);
    expect(rates.INR).toBe(83.5);
    expect(rates.KES).toBe(145);
    expect(fallbacks).toEqual(['EUR', 'INR', 'PKR', 'BDT', 'CAD', 'KES']);
    expect(completeRates(undefined).rates).toEqual(fallbackRates);
  });

  it('every display price is rounded half-up to whole units (USD, CAD, EUR and the others alike)', () => {
    expect(formatPrice(27.34, 'USD')).toBe('$27');
    expect(formatPrice(27.5, 'USD')).toBe('$28');
    expect(formatPrice(36.9, 'CAD')).toBe('C$37');
    expect(formatPrice(23.24, 'EUR')).toBe('€23');
    expect(formatPrice(499, 'ZAR')).toBe('R499');
    expect(formatPrice(2283.1, 'INR')).toBe('₹2,283');
    expect(formatPrice(7792.6, 'PKR')).toBe('Rs 7,793');
    expect(formatPrice(3007.7, 'BDT')).toBe('৳3,008');
    expect(formatPrice(21327.4, 'NGN')).toBe('₦21,327');
    expect(formatPrice(3964.5, 'KES')).toBe('KSh 3,965');
    expect(formatPrice(0, 'USD')).toBe('$0');
  });

  it('shows the Vuka plan base price R499 in every currency with the fallback rates', () => {
    const shown = currencyCodes.map((c) => displayPrice(499, c, fallbackRates));
    expect(shown).toEqual(['$27', 'R499', '€23', '₹2,283', 'Rs 7,793', '৳3,008', 'C$37', '₦21,327', 'KSh 3,965']);
  });

  it('lists the nine countries, ZA by default, with 2-decimal amounts and the country symbol', () => {
    expect(countries.map((c) => `${c.code}:${c.currency}`)).toEqual([
      'ZA:ZAR',
      'US:USD',
      'GB:GBP',
      'EU:EUR',
      'AU:AUD',
      'NG:NGN',
      'KE:KES',
      'BW:BWP',
      'NA:NAD',
    ]);
    expect(DEFAULT_COUNTRY).toBe('ZA');
    expect(formatCountryAmount(1234.5, 'ZA')).toBe('R1,234.50');
    expect(formatCountryAmount(10, 'GB')).toBe('£10.00');
    expect(formatCountryAmount(10, 'KE')).toBe('KSh 10.00');
  });
});
