import { documentTotals } from '../../../schema/invoices/invoices.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { Queryable } from '../../db/db.js';
import { mailTemplateId, recordMail, type MailTemplate, type MailTemplates } from '../../mail/outbox.js';
import { renderable } from './invoice-delivery.jobs.js';
import * as repo from './invoice-delivery.repo.js';
import { quoteAcceptedMail } from './invoice-mail.js';

/** The template name of the seller's e-mail about an accepted quote (`AreaDefinition.mails`). */
export const QUOTE_ACCEPTED_MAIL = 'quote_accepted';

/**
 * The seller hears that a customer accepted a quote. Every way the seller is told goes through here
 * (today the e-mail; the in-app notification centre can be added beside it): called in the
 * transaction that converts the quote, it records the mail in the outbox, keyed by the quote, so the
 * job queue sends it once after the commit, however often the customer presses "Accept quote".
 */
export async function notifySellerQuoteAccepted(tx: Queryable, key: { workspaceId: number; quoteId: string }): Promise<void> {
  await recordMail(tx, { workspaceId: key.workspaceId, template: mailTemplateId('invoices', QUOTE_ACCEPTED_MAIL), subjectId: key.quoteId });
}

/** The owner's address (unscoped: the outbox). */
async function ownerOf(q: Queryable, workspaceId: number): Promise<{ email: string } | undefined> {
  const [row] = await q.query<{ email: string }>('SELECT u.email FROM workspaces w JOIN users u ON u.id = w.owner_id WHERE w.id = $1', [
    workspaceId,
  ]);
  return row;
}

const quoteAccepted: MailTemplate = async (deps, key) => {
  const found = await renderable(deps.db, key.workspaceId, 'quote', key.subjectId);
  const invoiceId = found?.doc.converted_to_invoice_id;
  if (!found || typeof invoiceId !== 'string') return { notSent: 'Nothing to send: the quote is gone or was not converted' };
  const owner = await ownerOf(deps.db, key.workspaceId);
  if (!owner) return { notSent: 'Nothing to send: the workspace has no owner' };
  const invoice = await repo.storedDocument(deps.db, key.workspaceId, 'invoice', invoiceId);
  const { pdf, seller } = found.rendered;
  const origin = deps.config.APP_ORIGIN ?? deps.config.allowedOrigins[0];
  return {
    to: owner.email,
    ...quoteAcceptedMail({
      number: pdf.number,
      business: seller.name,
      customer: pdf.customer.name,
      total: formatCents(documentTotals(pdf.items, pdf.pricesIncludeVat === true).total_cents, pdf.currency),
      invoiceNumber: typeof invoice?.invoice_number === 'string' ? invoice.invoice_number : null,
      link: `${origin}/workspace/${key.workspaceId}/invoices/${encodeURIComponent(invoiceId)}`,
    }),
  };
};

/** The seller's e-mail about an accepted quote, sent by the outbox. */
export const quoteAcceptedMails: MailTemplates = { [QUOTE_ACCEPTED_MAIL]: quoteAccepted };
