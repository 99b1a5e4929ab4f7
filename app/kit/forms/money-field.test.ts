import { describe, expect, it } from 'vitest';
import { moneyField, requiredMoney } from './money-field';

describe('money fields', () => {
  it('reads an amount as cents and blank as not given', () => {
    expect(moneyField('Opening float').parse('12.50')).toBe(1250);
    expect(moneyField('Opening float').parse('')).toBeUndefined();
  });

  it('refuses what is not an amount with a message that names the field', () => {
    const result = moneyField('Opening float').safeParse('twelve');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/Opening float/);
  });

  it('a required amount refuses blank with its own words, and still refuses nonsense as an amount', () => {
    const counted = requiredMoney('Cash counted', 'Enter the cash counted');
    expect(counted.parse('300')).toBe(30_000);
    expect(counted.safeParse('').error?.issues[0]?.message).toBe('Enter the cash counted');
    expect(counted.safeParse('abc').error?.issues[0]?.message).toMatch(/Cash counted/);
  });
});
