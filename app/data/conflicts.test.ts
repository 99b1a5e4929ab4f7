import { describe, expect, it } from 'vitest';
import { mergeDocument, mergeThreeWay } from './conflicts.js';

const owned = new Set(['server_seq', 'server_version']);
const item = { id: 'l1', description: 'Logo design', quantity: 1, unit_price_cents: 100_000, tax_rate_bp: 0 };
const pay = (id: string, amount_cents: number, date = '2026-03-05', method = 'cash') => ({ id, amount_cents, date, method });

const base = {
  id: 'inv-1',
  workspace_id: 1,
  updated_at: '2026-03-01T10:00:00.000Z',
  invoice_number: 'INV-000001',
  status: 'partially_paid',
  items: [item],
  payments: [pay('p0', 10_000)],
  notes: 'Thanks',
  server_version: 3,
};

describe('merging an invoice whose payments changed on a device and on the server', () => {
  it('keeps both sides’ payments, the server’s first, and takes the status they give', () => {
    const server = {
      ...base,
      status: 'partially_paid',
      payments: [...base.payments, pay('card-1', 40_000, '2026-03-06', 'card')],
      server_version: 4,
    };
    const local = { ...base, status: 'partially_paid', payments: [...base.payments, pay('cash-1', 20_000)] };
    const { merged, lost } = mergeDocument('invoices', base, server, local, owned);
    expect(merged.payments.map((p) => p.id)).toEqual(['p0', 'card-1', 'cash-1']);
    expect(merged.status).toBe('partially_paid');
    expect(merged.server_version).toBe(4);
    expect(lost).toEqual([]);
  });

  it('turns the invoice paid, with the paid date, when the union reaches the total', () => {
    const server = { ...base, status: 'partially_paid', payments: [...base.payments, pay('card-1', 40_000, '2026-03-06', 'card')] };
    const local = { ...base, status: 'partially_paid', payments: [...base.payments, pay('cash-1', 50_000, '2026-03-07')] };
    const { merged, lost } = mergeDocument('invoices', base, server, local, owned);
    expect(merged.payments).toHaveLength(3);
    expect(merged).toMatchObject({ status: 'paid', paid_date: '2026-03-07' });
    expect(lost).toEqual([]);
  });

  it('a payment both sides hold (same id) is kept once; other fields still merge field by field', () => {
    const shared = pay('same', 5_000);
    const server = { ...base, notes: 'Server note', payments: [...base.payments, shared] };
    const local = { ...base, notes: 'Local note', payments: [...base.payments, shared, pay('cash-2', 1_000)] };
    const { merged, lost } = mergeDocument('invoices', base, server, local, owned);
    expect(merged.payments.map((p) => p.id)).toEqual(['p0', 'same', 'cash-2']);
    expect(merged.notes).toBe('Server note');
    expect(lost).toEqual([{ field: 'notes', local: 'Local note', server: 'Server note' }]);
  });

  it('a union over the total keeps both payments and the server’s status, for the server to refuse', () => {
    const server = { ...base, status: 'paid', paid_date: '2026-03-06', payments: [...base.payments, pay('card-1', 90_000)] };
    const local = { ...base, payments: [...base.payments, pay('cash-1', 20_000)] };
    const { merged } = mergeDocument('invoices', base, server, local, owned);
    expect(merged.payments.map((p) => p.id)).toEqual(['p0', 'card-1', 'cash-1']);
    expect(merged.status).toBe('paid');
  });

  it('other collections keep treating such a field as a whole', () => {
    const server = { ...base, payments: [pay('a', 1)] };
    const local = { ...base, payments: [pay('b', 2)] };
    const other = mergeDocument('quotes', base, server, local, owned);
    expect(other).toEqual(mergeThreeWay(base, server, local, owned));
    expect(other.merged.payments).toEqual([pay('a', 1)]);
    expect(other.lost.map((l) => l.field)).toEqual(['payments']);
  });
});

describe('merging a document whose creation the device never heard was stored', () => {
  const shift: Record<string, unknown> = {
    id: 's1',
    workspace_id: 1,
    updated_at: '2026-03-01T08:00:00.000Z',
    status: 'open',
    opening_float_cents: 10_000,
  };
  const closed: Record<string, unknown> = {
    ...shift,
    status: 'closed',
    closed_at: '2026-03-01T17:00:00.000Z',
    counted_cash_cents: 29_000,
    updated_at: '2026-03-01T17:00:00.000Z',
  };

  it('takes the stored first version as the base: what the device changed since is kept', () => {
    const { merged, lost } = mergeDocument('pos_shifts', undefined, { ...shift, server_version: 1 }, closed, owned);
    expect(merged).toMatchObject({ status: 'closed', closed_at: closed.closed_at, counted_cash_cents: 29_000, server_version: 1 });
    expect(lost).toEqual([]);
  });

  it('once another device has changed it, a field both set differently keeps the server value and is logged', () => {
    const server: Record<string, unknown> = { ...shift, status: 'open', note: 'Till 2', server_version: 2 };
    const { merged, lost } = mergeDocument('pos_shifts', undefined, server, closed, owned);
    expect(merged.status).toBe('open');
    expect(lost.map((l) => l.field)).toContain('status');
  });
});
