import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { products as productsEntity, type Product } from '../../../schema/inventory/catalog';
import { invoices, type Invoice } from '../../../schema/invoices/invoices';
import { posOrders, type PosItem, type PosOrder, type PosPayment } from '../../../schema/pos/pos';
import { owedInvoices } from '../invoices';
import { salesSummary, zReport } from '../pos';
import { invoiceAgeing } from './invoice-ageing';
import { salesByProduct, stockValuation, unitCostOf } from './product-figures';
import { amount, tableCsv } from './report-csv';
import { customRangeProblem, periodsIn, presetRange, rangeMessages } from './report-range';
import { byPaymentMethod, byStaffAndTill, ordersIn, refundsAndVoids, salesByPeriod, takings } from './sales-figures';

const JHB = 'Africa/Johannesburg';
const item = (product_id: string, name: string, unit_price_cents: number, quantity = 1): PosItem => ({
  product_id,
  name,
  unit_price_cents,
  quantity,
  tax_rate_bp: 1500,
});

function order(id: string, at: string, fields: Partial<PosOrder> & { items: PosItem[]; payments: PosPayment[] }): PosOrder {
  return posOrders.doc.parse({ id, workspace_id: 1, updated_at: at, status: 'completed', completed_at: at, ...fields });
}

const kettle = item('kettle', 'Kettle', 12_000);
const blanket = item('blanket', 'Blanket', 65_000);
const shirtRedM = item('shirt-rm', 'T-shirt — Red / M', 25_000, 2);

/**
 * A day at the till: R 770 sold and the kettle refunded; a blanket sold and voided; two shirts sold at
 * 23:30 UTC, which is already the next day in Johannesburg.
 */
const s1 = order('s1', '2026-11-22T08:00:00.000Z', {
  items: [kettle, blanket],
  payments: [{ method: 'cash', amount_cents: 77_000 }],
  shift_id: 'shift-a',
  device_id: 'till-a',
  receipt_number: 1,
});
const r1 = order('r1', '2026-11-22T09:00:00.000Z', {
  kind: 'refund',
  original_order_id: 's1',
  items: [kettle],
  payments: [{ method: 'cash', amount_cents: 12_000 }],
  reason: 'Does not switch on',
  shift_id: 'shift-a',
  device_id: 'till-a',
});
const s2 = order('s2', '2026-11-22T10:00:00.000Z', {
  items: [blanket],
  payments: [{ method: 'card', amount_cents: 65_000 }],
  shift_id: 'shift-a',
  device_id: 'till-a',
  receipt_number: 2,
});
const v2 = order('void-s2', '2026-11-22T10:05:00.000Z', {
  kind: 'void',
  original_order_id: 's2',
  order_number: 'S2',
  items: [blanket],
  payments: [{ method: 'card', amount_cents: 65_000 }],
  reason: 'Rang up twice',
  shift_id: 'shift-a',
  device_id: 'till-a',
});
const s3 = order('s3', '2026-11-22T23:30:00.000Z', {
  items: [shirtRedM],
  payments: [{ method: 'card', amount_cents: 50_000 }],
  shift_id: 'shift-b',
  device_id: 'till-b',
  receipt_number: 3,
});
const pending = posOrders.doc.parse({ id: 'p1', workspace_id: 1, updated_at: '2026-11-22T11:00:00.000Z', items: [blanket], payments: [] });
const all = [s1, r1, s2, v2, s3, pending];

function product(id: string, fields: Partial<Product>): Product {
  return productsEntity.doc.parse({ id, workspace_id: 1, updated_at: '2026-11-01T00:00:00.000Z', ...fields });
}
const catalogue = [
  product('kettle', { name: 'Kettle', cost_cents: 6_000 }),
  product('blanket', { name: 'Blanket', cost_cents: 40_000 }),
  product('shirt', { name: 'T-shirt', variant_name: 'Red / S', cost_cents: 10_000 }),
  product('shirt-rm', { name: 'T-shirt', variant_of: 'shirt', variant_name: 'Red / M' }),
  product('shirt-bl', { name: 'T-shirt', variant_of: 'shirt', variant_name: 'Blue / L', cost_cents: 12_000 }),
  product('mug', { name: 'Mug' }),
  product('lesson', { name: 'Lesson', product_type: 'service', cost_cents: 1_000 }),
];

describe('report ranges in the workspace time zone', () => {
  // 22:30 UTC on Monday 30 November is already Tuesday 1 December in Johannesburg.
  const now = new Date('2026-11-30T22:30:00.000Z');

  it('today, this week, this month and last month are the zone’s days, not UTC’s', () => {
    expect(presetRange('today', now, JHB)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(presetRange('today', now, 'UTC')).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(presetRange('week', now, JHB)).toEqual({ from: '2026-11-30', to: '2026-12-01' });
    expect(presetRange('month', now, JHB)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(presetRange('month', now, 'UTC')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('last_month', now, JHB)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('last_month', now, 'UTC')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('a zone the platform does not know counts in UTC rather than failing', () => {
    expect(presetRange('today', now, 'Mars/Olympus')).toEqual({ from: '2026-11-30', to: '2026-11-30' });
  });

  it('a custom range needs two real days in order, at most 366 days apart', () => {
    expect(customRangeProblem('', '2026-11-30')).toEqual({ field: 'from', message: rangeMessages.fromMissing });
    expect(customRangeProblem('2026-02-30', '2026-03-01')).toEqual({ field: 'from', message: rangeMessages.fromMissing });
    expect(customRangeProblem('2026-11-01', 'soon')).toEqual({ field: 'to', message: rangeMessages.toMissing });
    expect(customRangeProblem('2026-11-30', '2026-11-01')).toEqual({ field: 'to', message: rangeMessages.order });
    expect(customRangeProblem('2026-01-01', '2027-01-02')).toEqual({ field: 'to', message: rangeMessages.tooLong });
    expect(customRangeProblem('2026-01-01', '2027-01-01')).toBeNull();
  });

  it('weeks start on Monday and months on the first, each listed once', () => {
    const range = { from: '2026-11-28', to: '2026-12-02' };
    expect(periodsIn(range, 'day')).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(periodsIn(range, 'week')).toEqual(['2026-11-23', '2026-11-30']);
    expect(periodsIn(range, 'month')).toEqual(['2026-11', '2026-12']);
  });
});

describe('till takings', () => {
  const day22 = { from: '2026-11-22', to: '2026-11-22' };

  it('a sale at 23:30 UTC falls on the next day in Johannesburg and on the same day in UTC', () => {
    expect(ordersIn(all, day22, JHB).map((o) => o.id)).toEqual(['s1', 'r1', 's2', 'void-s2']);
    expect(ordersIn(all, day22, 'UTC').map((o) => o.id)).toEqual(['s1', 'r1', 's2', 'void-s2', 's3']);
    const days = salesByPeriod(all, { from: '2026-11-22', to: '2026-11-23' }, JHB, 'day');
    expect(days.map((d) => [d.period, d.net_cents])).toEqual([
      ['2026-11-22', 65_000],
      ['2026-11-23', 50_000],
    ]);
    expect(salesByPeriod(all, { from: '2026-11-22', to: '2026-11-23' }, 'UTC', 'day').map((d) => d.net_cents)).toEqual([115_000, 0]);
  });

  it('are net of refunds and voids, in whole cents, and agree with the dashboard and the Z-report', () => {
    const day = ordersIn(all, day22, JHB);
    expect(takings(day)).toEqual({
      sales_count: 2,
      kept_count: 1,
      sales_cents: 142_000,
      refunds_count: 1,
      refunds_cents: 12_000,
      voids_count: 1,
      voids_cents: 65_000,
      net_cents: 65_000,
      // The blanket's VAT alone: 650 × 15 / 115 = 84.78.
      tax_cents: 8_478,
    });
    const dashboard = salesSummary(day);
    expect(takings(day).net_cents).toBe(dashboard.totalCents);
    expect(takings(day).kept_count).toBe(dashboard.count);
    expect(takings(day).net_cents).toBe(zReport({ opening_float_cents: 0 }, day).net_cents);
  });

  it('split by payment method as the Z-report splits them', () => {
    expect(byPaymentMethod(ordersIn(all, day22, JHB))).toEqual([
      { method: 'cash', sales_cents: 77_000, refunds_cents: 12_000, voids_cents: 0, net_cents: 65_000 },
      { method: 'card', sales_cents: 65_000, refunds_cents: 0, voids_cents: 65_000, net_cents: 0 },
    ]);
  });

  it('split by the person who opened the shift and the till it was on', () => {
    const shifts = [
      { id: 'shift-a', opened_by: 7, device_id: 'till-a' },
      { id: 'shift-b', opened_by: 9, device_id: 'till-b' },
    ];
    const lines = byStaffAndTill(ordersIn(all, { from: '2026-11-22', to: '2026-11-23' }, JHB), shifts);
    expect(lines.map((l) => [l.staff_id, l.device_id, l.net_cents, l.sales_count])).toEqual([
      [7, 'till-a', 65_000, 2],
      [9, 'till-b', 50_000, 1],
    ]);
    // A sale with no shift still counts, under its device.
    const loose = order('s9', '2026-11-22T12:00:00.000Z', {
      items: [kettle],
      payments: [{ method: 'eft', amount_cents: 12_000 }],
      device_id: 'till-c',
    });
    expect(byStaffAndTill([loose], shifts).map((l) => [l.staff_id, l.device_id, l.net_cents])).toEqual([[null, 'till-c', 12_000]]);
  });

  it('lists each refund and void with the sale it undoes, newest first', () => {
    expect(refundsAndVoids(ordersIn(all, day22, JHB), all)).toEqual([
      {
        id: 'void-s2',
        kind: 'void',
        completed_at: '2026-11-22T10:05:00.000Z',
        of: 'Receipt 2',
        reason: 'Rang up twice',
        amount_cents: 65_000,
      },
      {
        id: 'r1',
        kind: 'refund',
        completed_at: '2026-11-22T09:00:00.000Z',
        of: 'Receipt 1',
        reason: 'Does not switch on',
        amount_cents: 12_000,
      },
    ]);
    // The sale is no longer on the device: a void still names it by its reference.
    expect(refundsAndVoids([v2, r1], [])[0]?.of).toBe('Ref S2');
    expect(refundsAndVoids([v2, r1], [])[1]?.of).toBe('An earlier sale');
  });
});

describe('sales by product and variant', () => {
  it('a variant without a cost takes its main product’s; one with its own keeps it', () => {
    const byId = new Map(catalogue.map((p) => [p.id, p]));
    expect(unitCostOf(byId.get('shirt-rm'), byId)).toBe(10_000);
    expect(unitCostOf(byId.get('shirt-bl'), byId)).toBe(12_000);
    expect(unitCostOf(byId.get('mug'), byId)).toBeNull();
    expect(unitCostOf(undefined, byId)).toBeNull();
  });

  it('nets refunds and voids off each product, with cost and margin on the sales without VAT', () => {
    const groups = salesByProduct(all, catalogue);
    expect(groups.map((g) => [g.name, g.quantity, g.sales_cents, g.ex_vat_cents, g.cost_cents, g.margin_cents])).toEqual([
      // 650 − 84.78 VAT − 400 cost.
      ['Blanket', 1, 65_000, 56_522, 40_000, 16_522],
      // 2 × 250 − 65.22 VAT − 2 × 100 (the main product's cost).
      ['T-shirt', 2, 50_000, 43_478, 20_000, 23_478],
      ['Kettle', 0, 0, 0, 0, 0],
    ]);
    const shirt = groups.find((g) => g.name === 'T-shirt');
    expect(shirt?.variants.map((v) => [v.name, v.option, v.quantity, v.margin_cents])).toEqual([
      ['T-shirt — Red / M', 'Red / M', 2, 23_478],
    ]);
    expect(groups.find((g) => g.name === 'Blanket')?.variants).toEqual([]);
    // What the products took adds up to the takings.
    expect(groups.reduce((a, g) => a + g.sales_cents, 0)).toBe(takings(all).net_cents);
  });

  it('a sale whose prices exclude VAT counts its VAT on top, and an unknown cost gives no margin', () => {
    const mugs = order('s5', '2026-11-22T12:00:00.000Z', {
      items: [item('mug', 'Mug', 10_000, 3)],
      prices_include_vat: false,
      payments: [{ method: 'card', amount_cents: 34_500 }],
    });
    const [mug] = salesByProduct([mugs], catalogue);
    expect(mug).toMatchObject({
      name: 'Mug',
      quantity: 3,
      sales_cents: 34_500,
      ex_vat_cents: 30_000,
      cost_cents: null,
      margin_cents: null,
    });
  });
});

describe('stock valuation at cost', () => {
  it('values what is on hand at each unit cost, lists products with no cost apart, and leaves out services and empty shelves', () => {
    const onHand = new Map([
      ['blanket', 3],
      ['shirt-rm', 4],
      ['shirt-bl', 1],
      ['kettle', 0],
      ['mug', 5],
      ['lesson', 9],
    ]);
    const value = stockValuation(catalogue, onHand);
    expect(value.lines.map((l) => [l.name, l.on_hand, l.unit_cost_cents, l.value_cents])).toEqual([
      ['Blanket', 3, 40_000, 120_000],
      ['T-shirt — Red / M', 4, 10_000, 40_000],
      ['T-shirt — Blue / L', 1, 12_000, 12_000],
      ['Mug', 5, null, null],
    ]);
    expect(value.total_cents).toBe(172_000);
    expect(value.units).toBe(13);
    expect(value.without_cost).toBe(1);
  });
});

describe('outstanding invoices by age', () => {
  function invoice(id: string, extra: Partial<Invoice>): Invoice {
    return invoices.doc.parse({
      id,
      workspace_id: 1,
      updated_at: '2026-11-22T08:00:00.000Z',
      customer_name: 'Naledi',
      issue_date: '2026-11-01',
      currency: 'ZAR',
      status: 'sent',
      items: [{ id: 'l1', description: 'Design', quantity: 1, unit_price_cents: 100_000, tax_rate_bp: 1500 }],
      ...extra,
    });
  }

  it('bands what is still due after credit notes and payments by days since issue, per currency', () => {
    const list = [
      invoice('a', { invoice_number: 'INV-1', issue_date: '2026-11-22' }),
      invoice('b', { invoice_number: 'INV-2', issue_date: '2026-10-23' }),
      invoice('c', {
        invoice_number: 'INV-3',
        issue_date: '2026-10-22',
        status: 'partially_paid',
        payments: [{ id: 'p', amount_cents: 15_000, method: 'eft', date: '2026-11-01' }],
      }),
      invoice('d', {
        invoice_number: 'INV-4',
        issue_date: '2026-08-01',
        credits: [{ id: 'c', number: 'CRN-1', amount_cents: 115_000, date: '2026-09-01' }],
      }),
      invoice('e', { invoice_number: 'INV-5', issue_date: '2026-08-01', currency: 'USD' }),
      invoice('f', { invoice_number: 'INV-6', issue_date: '2026-12-24' }),
      invoice('g', { invoice_number: 'INV-7', issue_date: '2026-01-01', status: 'paid' }),
    ];
    const ageing = invoiceAgeing(owedInvoices(list), '2026-11-22');
    expect(ageing.lines.map((l) => [l.number, l.age_days, l.band, l.due_cents])).toEqual([
      ['INV-5', 113, '90+', 115_000],
      ['INV-3', 31, '31-60', 100_000],
      ['INV-2', 30, '0-30', 115_000],
      ['INV-1', 0, '0-30', 115_000],
      ['INV-6', 0, '0-30', 115_000],
    ]);
    expect(ageing.totals).toEqual([
      { currency: 'USD', count: 1, bands: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 115_000 }, total_cents: 115_000 },
      { currency: 'ZAR', count: 4, bands: { '0-30': 345_000, '31-60': 100_000, '61-90': 0, '90+': 0 }, total_cents: 445_000 },
    ]);
  });
});

describe('CSV export', () => {
  it('writes amounts exactly, keeps negative amounts as numbers and defuses formulas', () => {
    expect([amount(0), amount(5), amount(123_450), amount(-12_000)]).toEqual(['0.00', '0.05', '1234.50', '-120.00']);
    const csv = tableCsv(
      ['Product', 'Margin'],
      [
        ['=HYPERLINK("x")', amount(-12_000)],
        ['Kettle, white', null],
      ],
    );
    expect(csv).toBe('Product,Margin\r\n"\'=HYPERLINK(""x"")",-120.00\r\n"Kettle, white",\r\n');
    expect(Papa.parse<string[]>(csv.trim()).data).toEqual([
      ['Product', 'Margin'],
      ['\'=HYPERLINK("x")', '-120.00'],
      ['Kettle, white', ''],
    ]);
  });
});
