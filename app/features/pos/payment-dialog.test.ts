import { describe, expect, it } from 'vitest';
import { paymentSchema } from './payment-dialog';

describe('the payment form', () => {
  const due = paymentSchema(4_600);

  it('cash that covers the total is the tender; card and EFT need nothing more', () => {
    expect(due.parse({ method: 'cash', tendered: '50', card: '', eft: '' })).toEqual({ method: 'cash', tenderedCents: 5_000 });
    expect(due.parse({ method: 'card', tendered: '', card: '', eft: '' })).toEqual({ method: 'card' });
    expect(due.parse({ method: 'eft', tendered: 'anything', card: '', eft: '' })).toEqual({ method: 'eft' });
  });

  it('refuses cash that is missing, not an amount, or less than the total, on the cash field', () => {
    const message = (tendered: string) => {
      const result = due.safeParse({ method: 'cash', tendered, card: '', eft: '' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['tendered']);
      return result.error?.issues[0]?.message;
    };
    expect(message('')).toBe('Enter the cash received');
    expect(message('forty')).toMatch(/Cash received/);
    expect(message('40')).toBe('Cash received is less than the total due');
  });
});
