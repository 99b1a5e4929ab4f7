import { randomUUID } from 'node:crypto';

/** A sent invoice as a device pushes it: one line of R 2,500.00 at 15 % VAT, due 2026-04-01. */
export function sentInvoice(workspace_id: number, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    workspace_id,
    updated_at: new Date().toISOString(),
    customer_name: 'Naledi Khumalo',
    customer_email: 'naledi@example.com',
    issue_date: '2026-03-02',
    due_date: '2026-04-01',
    currency: 'ZAR',
    invoice_number: 'INV-000007',
    status: 'sent',
    items: [{ id: 'l1', description: 'Logo design', quantity: 1, unit_price_cents: 250_000, tax_rate_bp: 1500 }],
    ...extra,
  };
}
