import { describe, expect, it } from 'vitest';
import { orderBadges } from './order-badges';

const labels = (o: Parameters<typeof orderBadges>[0]) => orderBadges(o).map((b) => [b.testId, b.label]);

describe('an order’s badges', () => {
  it('say a whole refund once, by the order status', () => {
    expect(labels({ status: 'refunded', payment_status: 'refunded' })).toEqual([['order-status', 'Refunded']]);
  });

  it('show the payment beside the status whenever it says something else', () => {
    expect(labels({ status: 'shipped', payment_status: 'paid' })).toEqual([
      ['order-status', 'Shipped'],
      ['order-payment', 'Paid'],
    ]);
    expect(labels({ status: 'shipped', payment_status: 'partially_refunded' })).toEqual([
      ['order-status', 'Shipped'],
      ['order-payment', 'Partly refunded'],
    ]);
    // A refund by the card partner on an order the seller had not moved yet still shows both facts.
    expect(labels({ status: 'cancelled', payment_status: 'refunded' })).toEqual([
      ['order-status', 'Cancelled'],
      ['order-payment', 'Refunded'],
    ]);
  });
});
