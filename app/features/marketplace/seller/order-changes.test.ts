import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../../schema/marketplace/marketplace-orders';
import type { OrderChange } from '../../../../schema/marketplace/order-changes';
import { answeredSince, seenOrder } from './order-changes';

const ORDER = '0f8b6c1e-3a5d-4e7f-9a1b-2c3d4e5f6a7b';

const order = (extra: Partial<OrderDto> = {}): OrderDto => ({
  id: ORDER,
  order_number: 'ORD-1001',
  status: 'confirmed',
  payment_status: 'paid',
  currency: 'ZAR',
  subtotal_cents: 10000,
  shipping_cents: 0,
  tax_cents: 0,
  tax_included: true,
  seller_vat_number: null,
  document_title: 'Invoice',
  total_cents: 10000,
  refunded_cents: 0,
  shipping_method: null,
  shipping_address: { name: 'Thandi', line1: '12 Vilakazi St', city: 'Soweto', province: 'Gauteng', postal_code: '1804', country: 'ZA' },
  tracking_number: null,
  buyer: { name: 'Thandi', email: 'thandi@example.test' },
  seller: { name: 'Sweets', slug: 'sweets' },
  items: [],
  payments: [],
  created_at: '2026-11-20T08:00:00.000Z',
  paid_at: '2026-11-20T08:01:00.000Z',
  ...extra,
});

const change = (id: string, minute: number, extra: Partial<OrderChange> = {}): OrderChange => ({
  id,
  workspace_id: 1,
  updated_at: `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`,
  order_id: ORDER,
  status: 'processing',
  created_at: `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`,
  ...extra,
});

describe('an order as the seller sees it on the device', () => {
  it('shows a change waiting to sync at once, with its tracking number, and the moves from there', () => {
    const seen = seenOrder(order(), [change('a', 1, { status: 'shipped', tracking_number: 'TRK-9' })]);
    expect(seen.order.status).toBe('shipped');
    expect(seen.order.tracking_number).toBe('TRK-9');
    expect(seen.pending?.id).toBe('a');
    expect(seen.settled).toBeNull();
    expect(seen.moves).toEqual(['delivered']);
  });

  it('applies waiting changes in the order they were made, whatever order they are listed in', () => {
    const seen = seenOrder(order(), [change('b', 2, { status: 'shipped', tracking_number: 'TRK-1' }), change('a', 1)]);
    expect(seen.order.status).toBe('shipped');
    expect(seen.pending?.id).toBe('b');
  });

  it('keeps the server’s copy once answered, and shows the newest answer (a refusal leaves the order as it is)', () => {
    const refused = change('a', 1, {
      status: 'shipped',
      tracking_number: 'TRK-1',
      outcome: 'refused',
      outcome_message: 'It is refunded now.',
    });
    const seen = seenOrder(order({ status: 'refunded' }), [refused]);
    expect(seen.order.status).toBe('refunded');
    expect(seen.order.tracking_number).toBeNull();
    expect(seen.pending).toBeNull();
    expect(seen.settled?.outcome_message).toBe('It is refunded now.');
    expect(seen.moves).toEqual([]);
  });

  it('shows no answer while a newer change waits, and ignores other orders’ changes', () => {
    const seen = seenOrder(order(), [
      change('a', 1, { outcome: 'applied' }),
      change('b', 2, { status: 'cancelled' }),
      change('c', 3, { order_id: 'another', status: 'delivered' }),
    ]);
    expect(seen.order.status).toBe('cancelled');
    expect(seen.settled).toBeNull();
  });

  it('a tracking number is kept when a later change is not a shipment', () => {
    const seen = seenOrder(order({ status: 'shipped', tracking_number: 'TRK-1' }), [change('a', 1, { status: 'delivered' })]);
    expect(seen.order).toMatchObject({ status: 'delivered', tracking_number: 'TRK-1' });
  });

  it('the orders are read again once a change that was waiting has its answer, not when one is made', () => {
    const before = [change('a', 1)];
    expect(answeredSince(['a'], [...before, change('b', 2)])).toBe(false);
    expect(answeredSince(['a'], [change('a', 1, { outcome: 'refused' })])).toBe(true);
    // The list only follows the waiting changes: an answered one leaves it.
    expect(answeredSince(['a'], [])).toBe(true);
    expect(answeredSince([], [change('a', 1)])).toBe(false);
  });
});
