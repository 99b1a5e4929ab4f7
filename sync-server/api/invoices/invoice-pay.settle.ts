import { balanceDueCents, withPayment } from '../../../schema/invoices/invoice-payments.js';
import { invoices, totalsOfDocument, type Invoice } from '../../../schema/invoices/invoices.js';
import { noCountryDefaults } from '../../../schema/kit/countries.js';
import type { Queryable } from '../../db/db.js';
import type { VerifiedTransaction } from '../../payments/gateway.js';
import { rowToDoc } from '../../sync/codec.js';
import { selectByIds, workspaceLock, writeDocs } from '../../sync/sync.repo.js';
import * as repo from './invoice-pay.repo.js';
import { invoicePath } from './app-paths.js';
import { notify } from '../notifications/index.js';
import { formatCents } from '../../../schema/kit/money.js';
import { calendarDayIn } from '../../../schema/kit/dates.js';

/**
 * A "Pay now" charge the card partner confirmed (its signed webhook; call inside the webhook's
 * transaction). The checkout turns paid once; the invoice takes a card payment for what it still
 * owed, written as a server change to the replicated document (next feed number, NOTIFY), with its
 * status from the same payment rules a device uses. Money beyond the balance (the invoice was paid
 * meanwhile, or cancelled) is kept on the checkout as the customer's credit, for the seller to see.
 */
export async function settleInvoicePayment(tx: Queryable, t: VerifiedTransaction, now: Date): Promise<'handled' | 'duplicate' | 'ignored'> {
  const checkout = await repo.onlinePaymentForUpdate(tx, t.reference);
  if (!checkout) return 'ignored';
  if (checkout.status === 'paid') return 'duplicate';
  if (t.status !== 'success') {
    await repo.finishOnlinePayment(tx, t.reference, { status: 'failed', reason: t.gatewayResponse });
    return 'handled';
  }
  const ws = checkout.workspace_id;
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [...workspaceLock(ws)]);
  const [row] = await selectByIds(tx, invoices, ws, [checkout.invoice_id]);
  const stored = row ? rowToDoc(invoices, row) : undefined;
  const parsed = stored && !stored._deleted ? invoices.doc.safeParse(stored) : undefined;
  const invoice = parsed?.success ? parsed.data : undefined;
  const sameCurrency = !checkout.currency || checkout.currency === t.currency;
  const applied = invoice && sameCurrency && isOpen(invoice) ? Math.min(t.amount, balanceDueCents(invoice)) : 0;
  const paidAt = t.paidAt ? new Date(t.paidAt) : now;
  if (stored && invoice && applied > 0) {
    // The payment's day is the workspace's calendar day, as a payment recorded on a device is.
    const [settings] = await tx.query<{ timezone: string | null }>('SELECT timezone FROM workspace_settings WHERE workspace_id = $1', [ws]);
    const paid = withPayment(invoice, {
      id: t.reference,
      amount_cents: applied,
      date: calendarDayIn(paidAt, settings?.timezone ?? noCountryDefaults.timezone),
      method: 'card',
      reference: t.reference,
    });
    const totals = totalsOfDocument(paid);
    const doc = {
      ...stored,
      payments: paid.payments,
      status: paid.status,
      paid_date: paid.paid_date,
      updated_at: now.toISOString(),
      ...totals,
      workspace_id: ws,
      deleted: false,
    };
    await writeDocs(tx, invoices, ws, [doc], { derived: Object.keys(totals) });
    const number = invoice.invoice_number ?? 'An invoice';
    await notify(tx, {
      workspaceId: ws,
      kind: 'invoice_paid',
      about: t.reference,
      title: paid.status === 'paid' ? `${number} was paid` : `${number} was paid in part`,
      body: `${invoice.customer_name} paid ${formatCents(applied, t.currency || invoice.currency)} by card.`,
      link: invoicePath(ws, invoice.id),
    });
  }
  const credit = t.amount - applied;
  await repo.finishOnlinePayment(tx, t.reference, { status: 'paid', at: paidAt, credit });
  if (credit > 0) {
    // The seller owes this back or keeps it for the customer's next invoice: they must hear of it.
    const number = invoice?.invoice_number ?? 'An invoice';
    await notify(tx, {
      workspaceId: ws,
      kind: 'payment_credited',
      about: t.reference,
      title: `${number}: ${formatCents(credit, t.currency)} kept as credit`,
      body: `${invoice?.customer_name ?? t.customerEmail ?? 'A customer'} paid ${formatCents(t.amount, t.currency)} by card when ${number} owed ${formatCents(applied, t.currency)}, so ${formatCents(credit, t.currency)} is kept as their credit.`,
      link: invoicePath(ws, checkout.invoice_id),
    });
  }
  return 'handled';
}

const isOpen = (inv: Invoice) => inv.status === 'sent' || inv.status === 'partially_paid';
