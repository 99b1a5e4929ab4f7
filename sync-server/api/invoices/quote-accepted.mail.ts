import { documentTotals } from '../../../schema/invoices/invoices.js';
import { formatCents } from '../../../schema/kit/money.js';
import type { Queryable } from '../../db/db.js';
import { mailTemplateId, type MailTemplate, type MailTemplates } from '../../mail/outbox.js';
import { notify } from '../notifications/index.js';
import { renderable } from './invoice-delivery.jobs.js';
import * as repo from './invoice-delivery.repo.js';
import { quoteAcceptedMail } from './invoice-mail.js';
import { invoicePath } from './app-paths.js';

/** The template name of the seller's e-mail about an accepted quote (`AreaDefinition.mails`). */
export const QUOTE_ACCEPTED_MAIL = 'quote_accepted';

/**
 * The people who run the workspace hear that a customer accepted a quote: in the transaction that
 * converts it, a notification (issue 37 §5), keyed by the quote, so pressing "Accept quote" again
 * tells nobody twice. The owner's e-mail, when they want one, is this area's fuller quote-accepted
 * mail; the job queue sends it once after the commit.
 */
export async function notifySellerQuoteAccepted(
  tx: Queryable,
  key: {
    workspaceId: number;
    quote: { id: string; quote_number?: string; customer_name: string };
    invoice: { id: string; number: string };
  },
): Promise<void> {
  const owner = await ownerIdOf(tx, key.workspaceId);
  await notify(tx, {
    workspaceId: key.workspaceId,
    kind: 'quote_accepted',
    about: key.quote.id,
    title: `${key.quote.quote_number ?? 'A quote'} was accepted`,
    body: `${key.quote.customer_name} accepted the quote; invoice ${key.invoice.number} was made from it.`,
    link: invoicePath(key.workspaceId, key.invoice.id),
    ...(owner === undefined
      ? {}
      : { ownMail: { template: mailTemplateId('invoices', QUOTE_ACCEPTED_MAIL), subjectId: key.quote.id, userId: owner } }),
  });
}

async function ownerIdOf(q: Queryable, workspaceId: number): Promise<number | undefined> {
  const [row] = await q.query<{ owner_id: number }>('SELECT owner_id FROM workspaces WHERE id = $1', [workspaceId]);
  return row ? Number(row.owner_id) : undefined;
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
      link: `${origin}${invoicePath(key.workspaceId, invoiceId)}`,
    }),
  };
};

/** The seller's e-mail about an accepted quote, sent by the outbox. */
export const quoteAcceptedMails: MailTemplates = { [QUOTE_ACCEPTED_MAIL]: quoteAccepted };
