import { describe, expect, it } from 'vitest';
import type { PosItem } from '../../../schema/pos/pos';
import { refundMessages } from '../../../schema/pos/pos-refunds';
import { paymentSchema } from './payment-dialog';
import { buildRefund, buildSale, expectedCash, paymentsFor, splitMessages } from './sale';

const item = (over: Partial<PosItem> = {}): PosItem => ({
  product_id: 'p1',
  name: 'Bread loaf',
  unit_price_cents: 1_850,
  quantity: 2,
  tax_rate_bp: 1500,
  tracks_stock: true,
  ...over,
});
const base = { workspaceId: 7, orderDiscountCents: 0, deviceId: 'till-1', now: new Date('2026-03-01T10:00:00Z') };

describe('split payment', () => {
  it('card and EFT as typed, cash for the rest with change from cash only; totals exact in cents', () => {
    const paid = paymentsFor(10_001, { method: 'split', cardCents: 5_000, eftCents: 2_500, tenderedCents: 3_000 });
    expect(paid).toEqual({
      ok: true,
      value: [
        { method: 'card', amount_cents: 5_000 },
        { method: 'eft', amount_cents: 2_500 },
        { method: 'cash', amount_cents: 2_501, tendered_cents: 3_000, change_cents: 499 },
      ],
    });
    const built = buildSale({
      ...base,
      id: 'a1',
      items: [item()],
      tender: { method: 'split', cardCents: 1_000, eftCents: 0, tenderedCents: 5_000 },
    });
    if (!built.ok) throw new Error(built.message);
    expect(built.value.order).toMatchObject({ payment_method: 'split', payment_status: 'paid', total_cents: 3_700 });
    const sum = built.value.order.payments.reduce((a, p) => a + p.amount_cents, 0);
    expect(sum).toBe(3_700);
    expect(expectedCash(0, [built.value.order]).expected_cents).toBe(2_700);
  });

  it('refuses card and EFT above the total, short cash, and cash when none is due', () => {
    expect(paymentsFor(1_000, { method: 'split', cardCents: 800, eftCents: 300, tenderedCents: 0 })).toEqual({
      ok: false,
      message: splitMessages.overTotal,
    });
    expect(paymentsFor(1_000, { method: 'split', cardCents: 800, eftCents: 0, tenderedCents: 100 })).toEqual({
      ok: false,
      message: splitMessages.cashShort,
    });
    expect(paymentsFor(1_000, { method: 'split', cardCents: 500, eftCents: 500, tenderedCents: 100 })).toEqual({
      ok: false,
      message: splitMessages.noCashDue,
    });
  });

  it('the form puts each refusal on its field', () => {
    const due = paymentSchema(4_600);
    expect(due.parse({ method: 'split', card: '20', eft: '10', tendered: '20' })).toEqual({
      method: 'split',
      cardCents: 2_000,
      eftCents: 1_000,
      tenderedCents: 2_000,
    });
    const over = due.safeParse({ method: 'split', card: '40', eft: '10', tendered: '' });
    expect(over.error?.issues[0]).toMatchObject({ path: ['card'], message: splitMessages.overTotal });
    const short = due.safeParse({ method: 'split', card: '40', eft: '', tendered: '1' });
    expect(short.error?.issues[0]).toMatchObject({ path: ['tendered'], message: splitMessages.cashShort });
  });
});

describe('refunds', () => {
  const sale = (() => {
    const built = buildSale({ ...base, id: 's1', items: [item({ quantity: 3 })], tender: { method: 'card' } });
    if (!built.ok) throw new Error(built.message);
    return built.value.order;
  })();
  const opts = { id: 'r1', reason: 'Stale', method: 'cash' as const, deviceId: 'till-1', now: new Date('2026-03-01T11:00:00Z') };

  it('a refund of some lines returns their stock and gives the money back by the chosen method', () => {
    const built = buildRefund(sale, [], { ...opts, lines: new Map([['p1', 2]]) });
    if (!built.ok) throw new Error(built.message);
    expect(built.value.order).toMatchObject({ kind: 'refund', original_order_id: 's1', total_cents: 3_700, reason: 'Stale' });
    expect(built.value.movements).toEqual([
      expect.objectContaining({ id: 'refund-r1-0', product_id: 'p1', quantity: 2, reason: 'return', reference: 's1' }),
    ]);
    expect(expectedCash(1_000, [sale, built.value.order]).expected_cents).toBe(1_000 - 3_700);
  });

  it('refuses more than was sold less what was refunded, no lines, no reason, and a voided sale', () => {
    const first = buildRefund(sale, [], { ...opts, lines: new Map([['p1', 2]]) });
    if (!first.ok) throw new Error(first.message);
    expect(buildRefund(sale, [first.value.order], { ...opts, id: 'r2', lines: new Map([['p1', 2]]) })).toEqual({
      ok: false,
      message: refundMessages.tooMany,
    });
    expect(buildRefund(sale, [], { ...opts, lines: new Map([['p1', 4]]) })).toEqual({ ok: false, message: refundMessages.tooMany });
    expect(buildRefund(sale, [], { ...opts, lines: new Map() })).toEqual({ ok: false, message: refundMessages.noLines });
    expect(buildRefund(sale, [], { ...opts, reason: ' ', lines: new Map([['p1', 1]]) })).toEqual({
      ok: false,
      message: refundMessages.reason,
    });
    const voided = { ...sale, id: 'v', kind: 'void' as const, original_order_id: 's1' };
    expect(buildRefund(sale, [voided], { ...opts, lines: new Map([['p1', 1]]) })).toEqual({ ok: false, message: refundMessages.voided });
  });
});
