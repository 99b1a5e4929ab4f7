import type { DocumentOutreachDto, InvoicePreferencesDto, PublicInvoiceDto } from '../../../schema/contract/invoices.js';
import { pdfHeading } from '../../../schema/document-pdf.js';
import { balanceDueCents, paidCents } from '../../../schema/invoice-payments.js';
import { documentTotals } from '../../../schema/invoices.js';
import { withScope } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { HttpError, notFound } from '../../http/errors.js';
import { requireMembership, requireRole } from '../workspaces/membership.js';
import { publicInvoiceUrl, renderable } from './invoice-delivery.jobs.js';
import * as repo from './invoice-delivery.repo.js';
import * as reminders from './invoice-reminders.repo.js';

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
    const [rows, viewed] = await Promise.all([
      repo.deliveriesOf(q, workspaceId, documentId),
      repo.linkViewedAt(q, workspaceId, documentId),
    ]);
    return {
      deliveries: rows.map((r) => ({
        id: r.id,
        recipient: r.recipient,
        status: r.status,
        error: r.error,
        requested_at: r.requested_at.toISOString(),
        sent_at: r.sent_at?.toISOString() ?? null,
      })),
      viewed_at: viewed?.toISOString() ?? null,
    };
  });
}

/** The invoice's public page address with its token (made on first use). */
export async function shareLink(deps: AppDeps, userId: number, workspaceId: number, invoiceId: string): Promise<{ url: string }> {
  await requireMembership(deps.db, workspaceId, userId);
  return withScope(deps.db, { userId, workspaceId }, async (q) => {
    const found = await renderable(q, workspaceId, 'invoice', invoiceId);
    if (!found) throw new HttpError(409, shareMessages.missing);
    if (found.doc.status === 'draft') throw new HttpError(409, shareMessages.draft);
    return { url: await publicInvoiceUrl(deps, q, workspaceId, invoiceId, found.rendered.slug, found.rendered.pdf.number) };
  });
}

/**
 * The invoice a public link shows, to anyone holding it; opening it marks the invoice viewed. A
 * wrong or missing token, another workspace's number or a draft is the same plain not-found.
 */
export async function publicInvoice(deps: AppDeps, slug: string, number: string, token: string | undefined): Promise<PublicInvoiceDto> {
  if (!token) throw notFound();
  const link = await repo.invoiceByLink(deps.db, slug, number, token);
  const found = link && (await renderable(deps.db, link.workspace_id, 'invoice', link.invoice_id));
  if (!link || !found || found.doc.status === 'draft') throw notFound();
  await repo.markViewed(deps.db, link.workspace_id, link.invoice_id, deps.now());
  const { pdf, seller } = found.rendered;
  const totals = documentTotals(pdf.items);
  const balance = balanceDueCents({ items: pdf.items, payments: pdf.payments });
  const status = typeof found.doc.status === 'string' ? found.doc.status : 'sent';
  return {
    heading: pdfHeading(pdf, seller),
    number: pdf.number,
    status,
    business: seller.name,
    seller_vat_number: seller.vatNumber ?? null,
    customer_name: pdf.customer.name,
    customer_address: pdf.customer.address ?? null,
    issue_date: pdf.issueDate,
    due_date: pdf.endDate ?? null,
    currency: pdf.currency,
    items: [...pdf.items],
    ...totals,
    paid_cents: paidCents(pdf.payments),
    balance_cents: balance,
    payments: [...(pdf.payments ?? [])],
    payable: balance > 0 && (status === 'sent' || status === 'partially_paid'),
  };
}
