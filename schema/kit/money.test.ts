import { describe, expect, it } from 'vitest';
import { formatZarCents } from '../billing/billing';
import { centsToInput, formatCents, parseCents } from './money';

describe('money input', () => {
  it('turns decimal text into integer cents without float error', () => {
    expect(parseCents('12.5', 'Price')).toEqual({ ok: true, cents: 1250 });
    expect(parseCents('0.29', 'Price')).toEqual({ ok: true, cents: 29 });
    expect(parseCents('1 234,56', 'Price')).toEqual({ ok: true, cents: 123456 });
    expect(parseCents('R 7', 'Price')).toEqual({ ok: true, cents: 700 });
    expect(parseCents('  ', 'Price')).toEqual({ ok: true, cents: undefined });
  });

  it('refuses amounts that are not money', () => {
    expect(parseCents('12.345', 'Price')).toEqual({ ok: false, message: 'Price must be an amount like 12.50' });
    expect(parseCents('-3', 'Cost')).toEqual({ ok: false, message: 'Cost must be an amount like 12.50' });
    expect(parseCents('abc', 'Price').ok).toBe(false);
    expect(parseCents('999999999999', 'Price')).toEqual({ ok: false, message: 'Price is too large' });
  });

  it('shows cents in the workspace currency and back in the form', () => {
    expect(formatCents(1250, 'ZAR')).toBe('R\u00a012.50');
    expect(formatCents(4599, 'USD')).toBe('$45.99');
    expect(centsToInput(1205)).toBe('12.05');
    expect(centsToInput(undefined)).toBe('');
  });
});

describe('the one money formatter', () => {
  it('shows billing prices exactly as workspace amounts in rand', () => {
    expect(formatZarCents(49900)).toBe(formatCents(49900, 'ZAR'));
    expect(formatZarCents(479040)).toBe('R\u00a04,790.40');
  });

  it('shows an unknown currency code in front of the amount', () => {
    expect(formatCents(1250, 'XYZ1')).toBe('XYZ1 12.50');
  });
});
