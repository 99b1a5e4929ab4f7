import { creditedCents, documentTotals, paidCents, statusFromPayments } from './invoice-totals.js';
import {
  creditMessages,
  paymentMessages,
  type DocumentItem,
  type InvoiceCredit,
  type InvoicePayment,
  type InvoiceStatus,
} from './invoices.js';

/** What the payment rules read from an invoice. */
export interface Payable {
  status: InvoiceStatus;
  items: readonly DocumentItem[];
  prices_include_vat?: boolean;
  payments?: readonly InvoicePayment[];
  /** Credit notes written against the invoice (SARS s21): they lower what is owed. */
  credits?: readonly InvoiceCredit[];
  kind?: 'invoice' | 'credit_note';
}

function totalOf(inv: Pick<Payable, 'items' | 'prices_include_vat'>): number {
  return documentTotals(inv.items, inv.prices_include_vat === true).total_cents;
}

/** The total still owed: the lines' total less every credit note and payment (never below 0). */
export function balanceDueCents(inv: Pick<Payable, 'items' | 'prices_include_vat' | 'payments' | 'credits'>): number {
  return Math.max(0, totalOf(inv) - creditedCents(inv.credits) - paidCents(inv.payments));
}

/** Why an invoice's payments or credits are refused (the server refuses the push with it), or null. */
export function invoicePaymentProblem(inv: Payable): string | null {
  const payments = inv.payments ?? [];
  const credits = inv.credits ?? [];
  if (inv.kind === 'credit_note') return payments.length > 0 || credits.length > 0 ? creditMessages.onCredit : null;
  if (payments.length === 0 && credits.length === 0) return null;
  if (inv.status === 'draft') return payments.length > 0 ? paymentMessages.notPayable : creditMessages.draft;
  const total = totalOf(inv);
  const paid = paidCents(payments);
  const credited = creditedCents(credits);
  if (paid > total) return paymentMessages.overpaid;
  if (credited > total) return creditMessages.overCredit;
  if (inv.status !== 'cancelled' && inv.status !== statusFromPayments(total, paid, credited)) return paymentMessages.status;
  return null;
}

/** Entries of a list that are only ever added to: each stored one must come back unchanged, in its place. */
function appendOnlyRefused(stored: unknown, incoming: unknown, message: string): string | null {
  const before = Array.isArray(stored) ? stored : [];
  const after = Array.isArray(incoming) ? incoming : [];
  if (after.length < before.length) return message;
  for (let i = 0; i < before.length; i++) {
    if (JSON.stringify(sortedEntries(before[i])) !== JSON.stringify(sortedEntries(after[i]))) return message;
  }
  return null;
}

/** Payments are only ever added: each stored one must come back unchanged, in its place. */
export function paymentsChangeRefused(stored: unknown, incoming: unknown): string | null {
  return appendOnlyRefused(stored, incoming, paymentMessages.removed);
}

function sumOf(list: unknown): number {
  if (!Array.isArray(list)) return 0;
  return list.reduce((sum: number, e: unknown) => {
    const amount = typeof e === 'object' && e !== null ? Reflect.get(e, 'amount_cents') : undefined;
    return sum + (typeof amount === 'number' ? amount : 0);
  }, 0);
}

/**
 * A change to a stored invoice's payments and credits: both only grow, and a payment added after a
 * credit note may not take more than the balance the credit note left.
 */
export function paymentsOrCreditsChangeRefused(stored: Record<string, unknown>, incoming: Record<string, unknown>): string | null {
  const refused =
    appendOnlyRefused(stored.payments, incoming.payments, paymentMessages.removed) ??
    appendOnlyRefused(stored.credits, incoming.credits, creditMessages.creditsRemoved);
  if (refused) return refused;
  const paidMore = sumOf(incoming.payments) > sumOf(stored.payments);
  if (paidMore && Array.isArray(incoming.items)) {
    const parsed = incoming as unknown as Payable;
    if (sumOf(incoming.payments) + sumOf(incoming.credits) > totalOf(parsed)) return paymentMessages.overpaid;
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
  const status = statusFromPayments(totalOf(inv), paidCents(payments), creditedCents(inv.credits));
  const next: T = { ...inv, payments, status };
  if (status === 'paid') next.paid_date = payment.date;
  return next;
}
