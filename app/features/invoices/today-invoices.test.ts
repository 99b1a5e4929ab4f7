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
});
