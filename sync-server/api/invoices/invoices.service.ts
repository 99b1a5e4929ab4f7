import { randomBytes } from 'node:crypto';
import {
  payMessages,
  type DocumentOutreachDto,
  type InvoicePreferencesDto,
  type PublicInvoiceDto,
} from '../../../schema/invoices/contract.js';
import { balanceDueCents } from '../../../schema/invoices/invoice-payments.js';
import { creditedCents, paidCents } from '../../../schema/invoices/invoice-totals.js';
import { sendMessages } from '../../../schema/invoices/invoices.js';
import { withScope } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { enforceRateLimits } from '../../http/rate-limit.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { gatewayOrFail, viaProvider } from '../billing/billing.service.js';
import { PAYEE_FIELD } from '../../payments/gateway.js';
import { payoutAccount } from '../marketplace/index.js';
import { requireMembership, requireRole } from '../workspaces/membership.js';
import { publicInvoiceUrl, renderable } from './invoice-delivery.jobs.js';
import * as repo from './invoice-delivery.repo.js';
import * as pay from './invoice-pay.repo.js';
import { checkoutOutcome } from './invoice-pay.verify.js';
import * as reminders from './invoice-reminders.repo.js';
import { publicDocumentFields } from './public-document.js';
import { invoicePath } from './app-paths.js';
import { notify } from '../notifications/index.js';

export const shareMessages = {
  draft: 'A draft cannot be shared yet. Mark it as sent first.',
  missing: 'This invoice is not on the server yet. Try again once it has synced.',
} as const;

export const preferenceMessages = {
  manage: 'Only the workspace owner or an admin can change invoice reminders',
} as const;

/** Whether the workspace's customers get reminders (any member may read it). */
export async function preferences(deps: AppDeps, userId: number, workspaceId: number): Promise<InvoicePreferencesDto> {
  await requireMembership(deps.db, workspaceId, userId);
  const enabled = await withScope(deps.db, { userId, workspaceId }, (q) => reminders.remindersEnabled(q, workspaceId));
  return { reminders_enabled: enabled };
}

/** Switches reminders on or off (owner and admins). */
export async function updatePreferences(
  deps: AppDeps,
  userId: number,
  workspaceId: number,
  body: InvoicePreferencesDto,
): Promise<InvoicePreferencesDto> {
  const m = await requireMembership(deps.db, workspaceId, userId);
  requireRole(m, ['owner', 'admin'], preferenceMessages.manage);
  const enabled = await withScope(deps.db, { userId, workspaceId }, (q) =>
    reminders.saveRemindersEnabled(q, workspaceId, body.reminders_enabled),
  );
  return { reminders_enabled: enabled };
}

/** A document's e-mails and whether its public page was opened (members only). */
export async function outreach(deps: AppDeps, userId: number, workspaceId: number, documentId: string): Promise<DocumentOutreachDto> {
  await requireMembership(deps.db, workspaceId, userId);
  return withScope(deps.db, { userId, workspaceId }, async (q) => {
    const [rows, viewed, online] = await Promise.all([
      repo.deliveriesOf(q, workspaceId, documentId),
      repo.linkViewedAt(q, workspaceId, documentId),
      pay.onlinePaymentsOf(q, workspaceId, documentId),
    ]);
    return {
      deliveries: rows.map((r) => ({
        id: r.id,
        recipient: r.recipient,
        status: r.status,
        refusal: r.refusal,
        error: r.error,
        requested_at: r.requested_at.toISOString(),
        sent_at: r.sent_at?.toISOString() ?? null,
      })),
      viewed_at: viewed?.toISOString() ?? null,
      online_payments: online.map((r) => ({
        reference: r.reference,
        amount_cents: r.amount_cents,
        credit_cents: r.credit_cents,
        status: r.status,
        paid_at: r.paid_at?.toISOString() ?? null,
      })),
    };
  });
}

/** The invoice's public page address with its token (made on first use). */
export async function shareLink(deps: AppDeps, userId: number, workspaceId: number, invoiceId: string): Promise<{ url: string }> {
  await requireMembership(deps.db, workspaceId, userId);
  return withScope(deps.db, { userId, workspaceId }, async (q) => {
    const found = await renderable(q, workspaceId, 'invoice', invoiceId);
    if (!found || found.doc.kind === 'credit_note') throw new HttpError(409, shareMessages.missing);
    if (found.doc.status === 'draft') throw new HttpError(409, shareMessages.draft);
    return { url: await publicInvoiceUrl(deps, q, workspaceId, invoiceId, found.rendered.slug, found.rendered.pdf.number) };
  });
}

/** The invoice a public link opens, with its token; a wrong or missing token, or a draft, is not found. */
async function linkedInvoice(deps: AppDeps, slug: string, number: string, token: string | undefined) {
  if (!token) throw notFound();
  const link = await repo.invoiceByLink(deps.db, slug, number, token);
  const found = link && (await renderable(deps.db, link.workspace_id, 'invoice', link.invoice_id));
  if (!link || !found || found.doc.status === 'draft' || found.doc.kind === 'credit_note') throw notFound();
  const { pdf } = found.rendered;
  const status = typeof found.doc.status === 'string' ? found.doc.status : 'sent';
  const balance = balanceDueCents({
    items: pdf.items,
    prices_include_vat: pdf.pricesIncludeVat,
    payments: pdf.payments,
    credits: pdf.credits,
  });
  const email = typeof found.doc.customer_email === 'string' && found.doc.customer_email !== '' ? found.doc.customer_email : null;
  return { link, token, found, status, balance, email, payable: balance > 0 && (status === 'sent' || status === 'partially_paid') };
}

/**
 * The invoice a public link shows, to anyone holding it; opening it marks the invoice viewed. A
 * wrong or missing token, another workspace's number or a draft is the same plain not-found.
 * `ref` names a checkout of this invoice the page came back from; its state comes with the invoice.
 */
export async function publicInvoice(
  deps: AppDeps,
  slug: string,
  number: string,
  token: string | undefined,
  ref?: string,
): Promise<PublicInvoiceDto> {
  let linked = await linkedInvoice(deps, slug, number, token);
  const checkout = ref ? await checkoutOutcome(deps, linked.link.workspace_id, linked.link.invoice_id, ref) : undefined;
  // Settled just now by asking the card partner: the invoice is read again, paid.
  if (checkout?.status === 'paid') linked = await linkedInvoice(deps, slug, number, token);
  const { link, found, status, balance, email, payable } = linked;
  const { pdf, seller } = found.rendered;
  await deps.db.transaction(async (tx) => {
    if (!(await repo.markViewed(tx, link.workspace_id, link.invoice_id, deps.now()))) return;
    await notify(tx, {
      workspaceId: link.workspace_id,
      kind: 'invoice_viewed',
      about: link.invoice_id,
      title: `${pdf.number} was viewed`,
      body: `${pdf.customer.name || 'Your customer'} opened the invoice you sent.`,
      link: invoicePath(link.workspace_id, link.invoice_id),
    });
  });
  return {
    ...publicDocumentFields(pdf, seller),
    status,
    due_date: pdf.endDate ?? null,
    paid_cents: paidCents(pdf.payments),
    credited_cents: creditedCents(pdf.credits),
    credit_notes: (pdf.credits ?? []).map((c) => ({ number: c.number, date: c.date, amount_cents: c.amount_cents })),
    balance_cents: balance,
    payments: [...(pdf.payments ?? [])],
    payable,
    has_email: email !== null,
    checkout: checkout?.status ?? null,
    checkout_reason: checkout?.status === 'failed' ? (checkout.failure_reason ?? null) : null,
  };
}

/**
 * "Pay now": a checkout at the card partner for the balance due, in the invoice's currency, recorded
 * as pending under its reference; returns where to send the browser. The checkout comes back to the
 * public page; the signed webhook settles it (invoice-pay.settle.ts).
 */
/**
 * "Pay now" is open to anyone holding a link, and each press opens a checkout at the card partner:
 * per client address at most this many in the window, counted before the token is checked (so
 * guessing tokens is slowed too). A customer paying for real needs a handful.
 */
export const PAY_NOW_LIMIT = { max: 20, windowSeconds: 600 } as const;

export async function startPayment(
  deps: AppDeps,
  slug: string,
  number: string,
  body: { t?: string; email?: string },
  ip: string,
): Promise<{ authorization_url: string; reference: string }> {
  await enforceRateLimits(deps, [{ key: `invoice-pay:ip:${ip}`, ...PAY_NOW_LIMIT }]);
  const { link, token, found, balance, email, payable } = await linkedInvoice(deps, slug, number, body.t);
  if (!payable) throw new HttpError(409, payMessages.notPayable);
  const payer = email ?? body.email;
  if (!payer) throw badRequest(sendMessages.email, { code: 'validation_failed', errors: { email: [sendMessages.email] } });
  const gateway = gatewayOrFail(deps);
  const reference = `${pay.INVOICE_REFERENCE_PREFIX}${randomBytes(12).toString('hex')}`;
  const { currency } = found.rendered.pdf;
  await pay.insertOnlinePayment(deps.db, {
    workspaceId: link.workspace_id,
    reference,
    invoiceId: link.invoice_id,
    amount: balance,
    currency,
    at: deps.now(),
  });
  // A shop with a payout account is paid into it; without one, the platform takes the payment for it.
  const subaccount = (await payoutAccount(deps.db, link.workspace_id)) ?? undefined;
  const back = `${deps.config.APP_ORIGIN}/storefront/${encodeURIComponent(slug)}/invoice/${encodeURIComponent(number)}?t=${encodeURIComponent(token)}`;
  try {
    const started = await viaProvider(() =>
      gateway.initialize({
        email: payer,
        amount: balance,
        currency,
        reference,
        callbackUrl: back,
        // The card page names the shop being paid (not the platform), as Paystack shows custom fields.
        metadata: {
          invoice_number: number,
          workspace_id: link.workspace_id,
          custom_fields: [{ display_name: 'Paying', variable_name: PAYEE_FIELD, value: found.rendered.seller.name }],
        },
        subaccount,
      }),
    );
    return { authorization_url: started.authorizationUrl, reference };
  } catch (err) {
    await pay.finishOnlinePayment(deps.db, reference, { status: 'failed' });
    throw err;
  }
}
