import { documentTotals } from './invoice-totals.js';
import { paymentMessages, type InvoicePayment, type InvoiceStatus, type DocumentItem } from './invoices.js';

/** What the payment rules read from an invoice. */
export interface Payable {
  status: InvoiceStatus;
  items: readonly DocumentItem[];
  prices_include_vat?: boolean;
  payments?: readonly InvoicePayment[];
}

function totalOf(inv: Pick<Payable, 'items' | 'prices_include_vat'>): number {
  return documentTotals(inv.items, inv.prices_include_vat === true).total_cents;
}

export function paidCents(payments: readonly InvoicePayment[] | undefined): number {
  return (payments ?? []).reduce((sum, p) => sum + p.amount_cents, 0);
}

/** The total still owed: the lines' total less every payment (never below 0). */
export function balanceDueCents(inv: Pick<Payable, 'items' | 'prices_include_vat' | 'payments'>): number {
  return Math.max(0, totalOf(inv) - paidCents(inv.payments));
}

/** The status an issued invoice's payments give it. */
export function statusFromPayments(totalCents: number, paid: number): 'sent' | 'partially_paid' | 'paid' {
  if (paid <= 0) return 'sent';
  return paid >= totalCents ? 'paid' : 'partially_paid';
}

/** Why an invoice's payments are refused (the server refuses the push with it), or null. */
export function invoicePaymentProblem(inv: Payable): string | null {
  const payments = inv.payments ?? [];
  if (payments.length === 0) return null;
  if (inv.status === 'draft') return paymentMessages.notPayable;
  const total = totalOf(inv);
  const paid = paidCents(payments);
  if (paid > total) return paymentMessages.overpaid;
  if (inv.status !== 'cancelled' && inv.status !== statusFromPayments(total, paid)) return paymentMessages.status;
  return null;
}

/** Payments are only ever added: each stored one must come back unchanged, in its place. */
export function paymentsChangeRefused(stored: unknown, incoming: unknown): string | null {
  const before = Array.isArray(stored) ? stored : [];
  const after = Array.isArray(incoming) ? incoming : [];
  if (after.length < before.length) return paymentMessages.removed;
  for (let i = 0; i < before.length; i++) {
    if (JSON.stringify(sortedEntries(before[i])) !== JSON.stringify(sortedEntries(after[i]))) return paymentMessages.removed;
  }
  return null;
}

function sortedEntries(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * The invoice after one more payment: the payment appended, the status it gives, and the paid
 * date once the balance reaches 0. A payment over the balance is refused with the message.
 */
export function withPayment<T extends Payable & { paid_date?: string }>(inv: T, payment: InvoicePayment): T {
  if (inv.status !== 'sent' && inv.status !== 'partially_paid') throw new Error(paymentMessages.notPayable);
  if (payment.amount_cents > balanceDueCents(inv)) throw new Error(paymentMessages.overpaid);
  const payments = [...(inv.payments ?? []), payment];
  const status = statusFromPayments(totalOf(inv), paidCents(payments));
  const next: T = { ...inv, payments, status };
  if (status === 'paid') next.paid_date = payment.date;
  return next;
}
