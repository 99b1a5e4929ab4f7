import { describe, expect, it } from 'vitest';
import { allowanceCycle, drawOrder, refundOrder } from './allowance.js';

describe('the AI allowance', () => {
  const now = new Date('2026-03-17T10:00:00Z');

  it('Mahala gets 5 credits a calendar month; a Pro trial 100', () => {
    expect(allowanceCycle('free', null, now)).toEqual({
      start: new Date('2026-03-01T00:00:00Z'),
      end: new Date('2026-04-01T00:00:00Z'),
      credits: 5,
    });
    expect(allowanceCycle('pro', null, now).credits).toBe(100);
  });

  it('a paid subscription refreshes at the start of its own period: 100 a month, 1200 on annual billing', () => {
    const start = new Date('2026-03-09T08:00:00Z');
    const end = new Date('2026-04-09T08:00:00Z');
    expect(allowanceCycle('pro', { start, end, cycle: 'monthly' }, now)).toEqual({ start, end, credits: 100 });
    expect(allowanceCycle('pro', { start, end: new Date('2027-03-09T08:00:00Z'), cycle: 'annual' }, now).credits).toBe(1200);
  });

  it('a subscription whose period has lapsed falls back to the calendar month', () => {
    const lapsed = { start: new Date('2026-01-09T00:00:00Z'), end: new Date('2026-02-09T00:00:00Z'), cycle: 'monthly' as const };
    expect(allowanceCycle('free', lapsed, now).start).toEqual(new Date('2026-03-01T00:00:00Z'));
  });

  it('spends the allowance first, then bought credits, and hands back the bought part first', () => {
    expect(drawOrder(3, 5)).toEqual({ fromAllowance: 3, fromBought: 0 });
    expect(drawOrder(3, 1)).toEqual({ fromAllowance: 1, fromBought: 2 });
    expect(drawOrder(2, 0)).toEqual({ fromAllowance: 0, fromBought: 2 });
    expect(refundOrder({ fromAllowance: 1, fromBought: 2 }, 2)).toEqual({ toAllowance: 0, toBought: 1 });
    expect(refundOrder({ fromAllowance: 1, fromBought: 2 }, 0)).toEqual({ toAllowance: 1, toBought: 2 });
  });
});
