import { describe, expect, it } from 'vitest';
import { invoices, type Invoice } from '../../../schema/invoices/invoices';
import { receivablesSummary } from './today-invoices';

const at = '2026-11-22T08:00:00.000Z';

function invoice(id: string, extra: Partial<Invoice>): Invoice {
  return invoices.doc.parse({
    id,
    workspace_id: 1,
    updated_at: at,
    customer_name: 'Naledi',
    issue_date: '2026-11-01',
    currency: 'ZAR',
    items: [{ id: 'l1', description: 'Design', quantity: 1, unit_price_cents: 100_000, tax_rate_bp: 1500 }],
    ...extra,
  });
}

const credit = (id: string, amount_cents: number) => ({ id, number: `CRN-${id}`, amount_cents, date: '2026-11-20' });

describe("the dashboard's today: invoices waiting", () => {
  it('list sent invoices not yet paid per currency, with those past their due date', () => {
    const list = [
      invoice('1', { status: 'sent', due_date: '2026-12-01' }),
      invoice('2', { status: 'sent', due_date: '2026-11-10' }),
      invoice('3', { status: 'paid', due_date: '2026-11-10' }),
      invoice('4', { status: 'draft' }),
      invoice('5', { status: 'sent', due_date: '2026-12-01', currency: 'USD' }),
    ];
    expect(receivablesSummary(list, '2026-11-22')).toEqual({
      count: 3,
      overdue: 1,
      byCurrency: [
        { currency: 'ZAR', cents: 230_000 },
        { currency: 'USD', cents: 115_000 },
      ],
    });
  });

  it('a credit note for part of an invoice lowers what is owed to what is still due, and is not itself owed', () => {
    // 5 500.00 invoiced, a credit note of 1 100.00: 4 400.00 is due.
    const inv = invoice('1', {
      status: 'sent',
      items: [{ id: 'l1', description: 'Stock', quantity: 1, unit_price_cents: 550_000, tax_rate_bp: 0 }],
      credits: [credit('c1', 110_000)],
    });
    const note = invoice('c1', {
      kind: 'credit_note',
      status: 'sent',
      credit_note_number: 'CRN-000001',
      credit_for_invoice_id: '1',
      items: [{ id: 'l1', description: 'Stock', quantity: 1, unit_price_cents: 110_000, tax_rate_bp: 0 }],
    });
    expect(receivablesSummary([inv, note], '2026-11-22')).toEqual({
      count: 1,
      overdue: 0,
      byCurrency: [{ currency: 'ZAR', cents: 440_000 }],
    });
  });

  it('an invoice partly paid after a credit note owes the rest; one a credit note covers in full owes nothing', () => {
    const part = invoice('1', {
      status: 'partially_paid',
      credits: [credit('c1', 15_000)],
      payments: [{ id: 'p1', amount_cents: 50_000, date: '2026-11-21', method: 'eft' }],
    });
    const whole = invoice('2', { status: 'cancelled', credits: [credit('c2', 115_000)] });
    expect(receivablesSummary([part, whole], '2026-11-22')).toEqual({
      count: 1,
      overdue: 0,
      byCurrency: [{ currency: 'ZAR', cents: 50_000 }],
    });
  });
});
