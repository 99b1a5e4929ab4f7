import { describe, expect, it } from 'vitest';
import { documentTitle, isVatRegistered, lineRateBp, vatIncluded, vatMessages, vatNumberProblem, vatStatusOf } from './vat';

const za = { vat_rate_bp: 1500, prices_include_vat: true };

describe('the VAT rule', () => {
  it('a registered seller charges its rate and prints its VAT number', () => {
    const status = vatStatusOf({ ...za, vat_registered: true, vat_number: ' 4123456789 ' });
    expect(status).toEqual({ registered: true, rateBp: 1500, pricesIncludeVat: true, vatNumber: '4123456789' });
    expect(lineRateBp(status)).toBe(1500);
    // A product's own rate (zero-rated bread) stays its own.
    expect(lineRateBp(status, 0)).toBe(0);
    expect(lineRateBp(status, 1400)).toBe(1400);
  });

  it('a seller that is not registered charges no VAT, whatever its rate or products say, and prints no VAT number', () => {
    const status = vatStatusOf({ ...za, vat_registered: false, vat_number: '4123456789' });
    expect(status).toEqual({ registered: false, rateBp: 0, pricesIncludeVat: true, vatNumber: null });
    expect(lineRateBp(status)).toBe(0);
    expect(lineRateBp(status, 1500)).toBe(0);
  });

  it('never asked: registered only with a VAT number; no settings: not registered', () => {
    expect(isVatRegistered({ ...za, vat_registered: null, vat_number: '4123456789' })).toBe(true);
    expect(isVatRegistered({ ...za, vat_registered: null, vat_number: '  ' })).toBe(false);
    expect(isVatRegistered({ ...za })).toBe(false);
    expect(isVatRegistered(undefined)).toBe(false);
    expect(vatStatusOf(undefined).rateBp).toBe(0);
  });

  it('VAT inside a VAT-inclusive amount is rounded half up to the cent, as the till shows it', () => {
    expect(vatIncluded(25_000, 1500)).toBe(3261); // R 250: R 32.61
    expect(vatIncluded(11_500, 1500)).toBe(1500);
    expect(vatIncluded(2_300, 1500)).toBe(300);
    expect(vatIncluded(1, 1500)).toBe(0);
    expect(vatIncluded(4, 1500)).toBe(1); // 0.5217 rounds up
    expect(vatIncluded(-25_000, 1500)).toBe(-3261);
    expect(vatIncluded(25_000, 0)).toBe(0);
  });

  it('titles: a registered seller issues a "Tax Invoice", anyone else an "Invoice"', () => {
    expect(documentTitle('invoice', true)).toBe('Tax Invoice');
    expect(documentTitle('invoice', false)).toBe('Invoice');
    expect(documentTitle('credit_note', true)).toBe('Tax Credit Note');
    expect(documentTitle('credit_note', false)).toBe('Credit Note');
    expect(documentTitle('receipt', true)).toBe('Tax invoice / receipt');
    expect(documentTitle('receipt', false)).toBe('Receipt');
    expect(documentTitle('quote', true)).toBe('Quote');
  });

  it('a registered seller must give a VAT number; a South African one has 10 digits starting with 4', () => {
    expect(vatNumberProblem({ vat_registered: true, vat_number: null, country: 'ZA' })).toBe(vatMessages.numberRequired);
    expect(vatNumberProblem({ vat_registered: true, vat_number: '   ', country: 'KE' })).toBe(vatMessages.numberRequired);
    expect(vatNumberProblem({ vat_registered: true, vat_number: '5123456789', country: 'ZA' })).toBe(vatMessages.zaNumber);
    expect(vatNumberProblem({ vat_registered: true, vat_number: '412345678', country: 'ZA' })).toBe(vatMessages.zaNumber);
    expect(vatNumberProblem({ vat_registered: true, vat_number: '4123 456 789', country: 'ZA' })).toBeUndefined();
    expect(vatNumberProblem({ vat_registered: true, vat_number: 'P051234567X', country: 'KE' })).toBeUndefined();
    expect(vatNumberProblem({ vat_registered: false, vat_number: null, country: 'ZA' })).toBeUndefined();
  });
});
