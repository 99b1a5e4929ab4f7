import { balanceDueCents } from '../../../schema/invoices/invoice-payments';
import type { Invoice } from '../../../schema/invoices/invoices';

const owing = new Set<Invoice['status']>(['sent', 'partially_paid']);

/**
 * The invoices still waiting to be paid and what each still has due: sent or part paid, and owing
 * something after its credit notes and payments. A credit note is never owed. The dashboard's
 * "waiting to be paid" and the reports' ageing both count from this, so they agree.
 */
export function owedInvoices(invoices: readonly Invoice[]): { invoice: Invoice; due_cents: number }[] {
  const out: { invoice: Invoice; due_cents: number }[] = [];
  for (const invoice of invoices) {
    if (invoice.kind === 'credit_note' || !owing.has(invoice.status)) continue;
    const due = balanceDueCents(invoice);
    if (due > 0) out.push({ invoice, due_cents: due });
  }
  return out;
}
