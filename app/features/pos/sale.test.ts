import { describe, expect, it } from 'vitest';
import type { Product } from '../../../schema/inventory/catalog';
import { posOrders, receiptVatNumber, type PosItem } from '../../../schema/pos/pos';
import { refundable, refundWithVat } from '../../../schema/pos/pos-refunds';
import { addToCart, findByCode, sellable, setQuantity } from './cart';
import { buildRefund, buildSale, buildVoid, cartTotals, expectedCash, voidMovementId, voidOrderId } from './sale';

const item = (over: Partial<PosItem> = {}): PosItem => ({
  product_id: 'p1',
  name: 'Bread loaf',
  unit_price_cents: 1_850,
  quantity: 2,
  tax_rate_bp: 1500,
  tracks_stock: true,
  ...over,
});
const base = {
  id: '0b7c6d3e-1111-4222-8333-944455556666',
  workspaceId: 7,
  orderDiscountCents: 0,
  deviceId: 'till-device-1',
  now: new Date('2026-03-01T10:00:00Z'),
};

describe('sale construction', () => {
  it('a cash sale records tendered, change, totals and one stock movement per tracked line', () => {
    const built = buildSale({
      ...base,
      items: [
        item(),
        item({ product_id: 'svc', name: 'Delivery', unit_price_cents: 2_000, quantity: 1, tax_rate_bp: 0, tracks_stock: false }),
      ],
      tender: { method: 'cash', tenderedCents: 10_000 },
      receiptNumber: 41,
    });
    if (!built.ok) throw new Error(built.message);
    const { order, movements } = built.value;
    expect(order).toMatchObject({
      kind: 'sale',
      status: 'completed',
      receipt_number: 41,
      total_cents: 5_700,
      payment_status: 'paid',
      payment_method: 'cash',
    });
    expect(order.payments).toEqual([{ method: 'cash', amount_cents: 5_700, tendered_cents: 10_000, change_cents: 4_300 }]);
    expect(order.tax_cents).toBe(483);
    expect(movements).toEqual([expect.objectContaining({ product_id: 'p1', quantity: -2, reason: 'sale', reference: order.id })]);
    expect(posOrders.doc.safeParse(order).success).toBe(true);
  });

  it('refuses cash below the total, and an empty cart', () => {
    expect(buildSale({ ...base, items: [item()], tender: { method: 'cash', tenderedCents: 1_000 } })).toEqual({
      ok: false,
      message: 'Cash received is less than the total due',
    });
    expect(buildSale({ ...base, items: [], tender: { method: 'card' } })).toMatchObject({
      ok: false,
      message: 'Add at least one item to the sale',
    });
  });

  it('a sale with no receipt number left still completes, without a number', () => {
    const built = buildSale({ ...base, items: [item()], tender: { method: 'eft' } });
    expect(built.ok && built.value.order.receipt_number).toBeUndefined();
    expect(built.ok && built.value.order.order_number).toBe('0B7C6D3E');
  });
});

describe('a sale whose prices exclude VAT', () => {
  const built = buildSale({
    ...base,
    items: [item({ unit_price_cents: 11_500, quantity: 2 })],
    pricesIncludeVat: false,
    tender: { method: 'card' },
    receiptNumber: 12,
  });
  if (!built.ok) throw new Error(built.message);
  const sale = built.value.order;

  it('keeps the choice and charges VAT on top', () => {
    expect(sale).toMatchObject({ prices_include_vat: false, subtotal_cents: 23_000, tax_cents: 3_450, total_cents: 26_450 });
    expect(sale.payments).toEqual([{ method: 'card', amount_cents: 26_450 }]);
    expect(cartTotals(sale.items, 0, false).total_cents).toBe(26_450);
  });

  it('a void and a refund follow the sale’s choice, not the workspace’s', () => {
    const voided = buildVoid(sale, { reason: 'Wrong item', deviceId: 'till-device-1', now: base.now });
    expect(voided.ok && voided.value.order).toMatchObject({ prices_include_vat: false, total_cents: 26_450 });
    const refund = buildRefund(sale, [], {
      id: 'r1',
      lines: new Map([['p1', 1]]),
      reason: 'Stale',
      method: 'card',
      deviceId: 'till-device-1',
      now: base.now,
    });
    if (!refund.ok) throw new Error(refund.message);
    expect(refund.value.order).toMatchObject({ prices_include_vat: false, total_cents: 13_225, tax_cents: 1_725 });
    expect(refund.value.order.payments).toEqual([{ method: 'card', amount_cents: 13_225 }]);
    // What the refund form shows before the refund is made is what it gives back.
    const [entry] = refundable(sale, []);
    expect(refundWithVat(entry, 1, false)).toBe(13_225);
    expect(refundWithVat(entry, 1, true)).toBe(11_500);
  });
});

describe("the seller's VAT number on a sale", () => {
  const made = (sellerVatNumber: string | null) => {
    const built = buildSale({ ...base, items: [item({})], sellerVatNumber, tender: { method: 'card' }, receiptNumber: 3 });
    if (!built.ok) throw new Error(built.message);
    return built.value.order;
  };

  it('is fixed on the sale when it is rung up, empty when the seller is not VAT registered, and its void and refund carry it', () => {
    expect(made('4550001111').seller_vat_number).toBe('4550001111');
    expect(made(null).seller_vat_number).toBe('');
    const sale = made('4550001111');
    const voided = buildVoid(sale, { reason: 'Wrong item', deviceId: 'till-device-1', now: base.now });
    expect(voided.ok && voided.value.order.seller_vat_number).toBe('4550001111');
    const refund = buildRefund(sale, [], {
      id: 'r2',
      lines: new Map([['p1', 1]]),
      reason: 'x',
      method: 'card',
      deviceId: 'd',
      now: base.now,
    });
    expect(refund.ok && refund.value.order.seller_vat_number).toBe('4550001111');
  });

  it("the receipt shows the sale's own, and only a sale from before reads the current setting", () => {
    expect(receiptVatNumber({ seller_vat_number: '' }, '4999999999')).toBeNull();
    expect(receiptVatNumber({ seller_vat_number: '4550001111' }, '4999999999')).toBe('4550001111');
    expect(receiptVatNumber({}, '4999999999')).toBe('4999999999');
  });
});

describe('void construction', () => {
  const sale = buildSale({
    ...base,
    items: [item({ quantity: 3 })],
    orderDiscountCents: 550,
    tender: { method: 'cash', tenderedCents: 6_000 },
    receiptNumber: 9,
  });
  if (!sale.ok) throw new Error(sale.message);
  const original = sale.value.order;

  it('is a new record referencing the sale, returning its cash and its stock', () => {
    const v = buildVoid(original, { reason: ' Wrong item ', deviceId: 'till-device-1', now: new Date('2026-03-01T11:00:00Z') });
    if (!v.ok) throw new Error(v.message);
    expect(v.value.order).toMatchObject({
      id: voidOrderId(original.id),
      kind: 'void',
      original_order_id: original.id,
      status: 'completed',
      reason: 'Wrong item',
      total_cents: original.total_cents,
      voided_at: '2026-03-01T11:00:00.000Z',
    });
    expect(v.value.order.payments).toEqual([{ method: 'cash', amount_cents: original.total_cents }]);
    expect(v.value.movements).toEqual([
      expect.objectContaining({
        id: voidMovementId(original.id, 0),
        product_id: 'p1',
        quantity: 3,
        reason: 'void',
        reference: original.id,
      }),
    ]);
    // The original is untouched.
    expect(original.voided_at).toBeUndefined();
  });

  it('needs a reason, and only voids completed sales', () => {
    expect(buildVoid(original, { reason: '  ', deviceId: 'd', now: new Date() })).toEqual({
      ok: false,
      message: 'Give a reason for the void',
    });
    const v = buildVoid(original, { reason: 'x', deviceId: 'd', now: new Date() });
    if (!v.ok) throw new Error(v.message);
    expect(buildVoid(v.value.order, { reason: 'again', deviceId: 'd', now: new Date() })).toMatchObject({ ok: false });
  });

  it('expected cash is float + cash taken − change − cash refunded', () => {
    const v = buildVoid(original, { reason: 'x', deviceId: 'd', now: new Date() });
    if (!v.ok) throw new Error(v.message);
    const card = buildSale({ ...base, id: 'c-1', items: [item()], tender: { method: 'card' } });
    if (!card.ok) throw new Error(card.message);
    const up = expectedCash(20_000, [original, v.value.order, card.value.order]);
    expect(up).toEqual({
      float_cents: 20_000,
      tendered_cents: 6_000,
      change_cents: 6_000 - (original.total_cents ?? 0),
      refunds_cents: original.total_cents ?? 0,
      expected_cents: 20_000,
    });
  });
});

describe('cart', () => {
  const product = (over: Partial<Product>): Product => ({
    id: 'p1',
    workspace_id: 7,
    updated_at: '2026-03-01T10:00:00.000Z',
    product_type: 'physical',
    status: 'active',
    name: 'Bread loaf',
    price_cents: 1_850,
    ...over,
  });

  const registered = { registered: true, rateBp: 1500 };

  it('adds a product, then one more of it on the same line; 0 removes the line', () => {
    const first = addToCart([], product({ sku: 'BRD-1', tax_rate_bp: 1500 }), registered);
    if (!first.ok) throw new Error(first.message);
    const second = addToCart(first.items, product({}));
    if (!second.ok) throw new Error(second.message);
    expect(second.items).toEqual([expect.objectContaining({ product_id: 'p1', quantity: 2, sku: 'BRD-1', tax_rate_bp: 1500 })]);
    const removed = setQuantity(second.items, 'p1', 0);
    expect(removed.ok && removed.items).toEqual([]);
  });

  it("a product without its own VAT rate sells at the workspace's rate; a zero-rated one stays at 0", () => {
    const plain = addToCart([], product({}), registered);
    expect(plain.ok && plain.items[0].tax_rate_bp).toBe(1500);
    const zeroRated = addToCart([], product({ tax_rate_bp: 0 }), registered);
    expect(zeroRated.ok && zeroRated.items[0].tax_rate_bp).toBe(0);
    const own = addToCart([], product({ tax_rate_bp: 1400 }), registered);
    expect(own.ok && own.items[0].tax_rate_bp).toBe(1400);
    // A seller that is not VAT registered charges none, whatever the product says.
    const unregistered = addToCart([], product({ tax_rate_bp: 1500 }), { registered: false, rateBp: 0 });
    expect(unregistered.ok && unregistered.items[0].tax_rate_bp).toBe(0);
    const total = cartTotals(plain.ok ? plain.items : [], 0);
    // R18.50 with 15 % VAT inside it: 18.50 × 15 / 115 = 2.41.
    expect(total.tax_cents).toBe(241);
    expect(total.total_cents).toBe(1_850);
  });

  it('uses the sale price when set, refuses a product without a price', () => {
    const sale = addToCart([], product({ sale_price_cents: 1_500 }));
    expect(sale.ok && sale.items[0].unit_price_cents).toBe(1_500);
    expect(addToCart([], product({ price_cents: undefined }))).toEqual({
      ok: false,
      message: 'Bread loaf has no price. Set one in Inventory.',
    });
  });

  it('offers active, till-enabled products and finds them by barcode or SKU', () => {
    const list = [
      product({ id: 'a', barcode: '6001234' }),
      product({ id: 'b', sku: 'ABC', status: 'archived' }),
      product({ id: 'c', sku: 'XYZ', pos_enabled: false }),
    ];
    expect(sellable(list).map((p) => p.id)).toEqual(['a']);
    expect(findByCode(list, ' 6001234 ')?.id).toBe('a');
    expect(findByCode(list, 'abc')?.id).toBe('b');
    expect(findByCode(list, 'nope')).toBeUndefined();
  });
});
