import { fetchOutsidePicture } from '../../files/outside-picture.js';
import { randomBytes } from 'node:crypto';
import {
  pdfDocumentOf,
  pdfFileName,
  pdfHeading,
  renderDocumentPdf,
  type PdfDocument,
  type PdfSeller,
} from '../../../schema/invoices/document-pdf.js';
import { documentSeller, sellerOf } from '../../../schema/invoices/seller.js';
import { DOCUMENT_LOGO_WIDTH, pictureFileId } from '../../../schema/pictures/pictures.js';
import { balanceDueCents } from '../../../schema/invoices/invoice-payments.js';
import { documentTotals, invoices, quotes } from '../../../schema/invoices/invoices.js';
import { formatCents } from '../../../schema/kit/money.js';
import { posOrders, receiptUrl } from '../../../schema/pos/pos.js';
import { workspaceSettings } from '../../../schema/workspaces/workspaces.js';
import type { Queryable } from '../../db/db.js';
import { makePicture, thumbnailTypes } from '../../files/thumbnail.js';
import type { AppDeps } from '../../deps.js';
import { driveRuntime, getFile } from '../drive/index.js';
import type { Mail as OutgoingMail } from '../../mail/mailer.js';
import type { MailTemplate, MailTemplates } from '../../mail/outbox.js';
import { receiptById, receiptMail } from '../pos/index.js';
import { permitDocumentMail, permitReceiptMail } from './document-mail-allowance.js';
import { documentMail } from './invoice-mail.js';
import * as repo from './invoice-delivery.repo.js';
import { quoteLinkToken } from './quote-links.repo.js';

type Mail = Omit<OutgoingMail, 'to'>;

const sellerSettings = workspaceSettings.pick({
  vat_registered: true,
  vat_number: true,
  company_registration_number: true,
  address: true,
  colors: true,
  logo: true,
});

/** What a mail or a public page needs: the document as the PDF shows it, and its seller. */
export interface Rendered {
  pdf: PdfDocument;
  seller: PdfSeller;
  slug: string;
  /** The workspace's logo setting (a drive file id or an address), for the PDF. */
  logo: string | null;
}

/**
 * A stored invoice or quote with its seller, or undefined when either is gone or unnumbered (a
 * deleted one only `withDeleted`: a withdrawn quote's page still says what it was).
 */
export async function renderable(
  q: Queryable,
  workspaceId: number,
  kind: 'invoice' | 'quote',
  id: string,
  withDeleted = false,
): Promise<{ rendered: Rendered; doc: Record<string, unknown> } | undefined> {
  const raw = await repo.storedDocument(q, workspaceId, kind, id, withDeleted);
  const seller = await repo.sellerRow(q, workspaceId);
  if (!raw || !seller) return undefined;
  const clean = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null));
  const updatedAt = typeof clean.updated_at === 'string' ? new Date(clean.updated_at).toISOString() : clean.updated_at;
  const parsed =
    kind === 'invoice'
      ? invoices.doc.safeParse({ ...clean, updated_at: updatedAt })
      : quotes.doc.safeParse({ ...clean, updated_at: updatedAt });
  if (!parsed.success) return undefined;
  const pdf =
    kind === 'invoice'
      ? pdfDocumentOf({ kind: 'invoice', invoice: invoices.doc.parse(parsed.data) })
      : pdfDocumentOf({ kind: 'quote', quote: quotes.doc.parse(parsed.data) });
  if (!pdf) return undefined;
  const settings = sellerSettings.safeParse(seller.settings ?? {});
  return {
    rendered: {
      pdf,
      seller: documentSeller(sellerOf(seller.name, settings.success ? settings.data : undefined), parsed.data.issued_seller),
      slug: seller.slug,
      logo: settings.success ? settings.data.logo : null,
    },
    doc: parsed.data,
  };
}

/**
 * The workspace's logo as PNG for a PDF the server makes, at the width documents print it (twice
 * over, for sharpness): a picture in the workspace's own drive, or one at a public address the owner
 * gave. None when it is gone, unreadable or refused: the document goes out without it.
 */
async function documentLogo(deps: AppDeps, workspaceId: number, logo: string | null): Promise<PdfSeller['logo']> {
  if (!logo) return null;
  if (/^https?:\/\//i.test(logo)) {
    try {
      const allowPrivate = deps.config.OUTSIDE_FETCH_PRIVATE === 'allow' && !deps.config.isProduction;
      const bytes = await fetchOutsidePicture(logo, DOCUMENT_LOGO_WIDTH * 2, { allowPrivate });
      return { bytes: new Uint8Array(bytes), type: 'png' };
    } catch (err) {
      deps.log.warn({ workspaceId, err: String(err) }, 'the logo at its address could not be used for a PDF');
      return null;
    }
  }
  if (!pictureFileId.safeParse(logo).success) return null;
  const file = await getFile(deps.db, workspaceId, logo);
  if (!file || file.trashed_at || !thumbnailTypes.has(file.mime_type)) return null;
  try {
    const bytes = await makePicture(driveRuntime(deps).storage, file.storage_key, DOCUMENT_LOGO_WIDTH * 2, 'png');
    return { bytes: new Uint8Array(bytes), type: 'png' };
  } catch {
    return null;
  }
}

/** The public page of an invoice, with its token (made on first use). */
export async function publicInvoiceUrl(deps: AppDeps, q: Queryable, workspaceId: number, invoiceId: string, slug: string, number: string) {
  const token = await repo.linkToken(q, workspaceId, invoiceId, randomBytes(24).toString('base64url'));
  return `${deps.config.APP_ORIGIN}/storefront/${encodeURIComponent(slug)}/invoice/${encodeURIComponent(number)}?t=${token}`;
}

/** The public page of a quote (view and accept), with its token (made on first use). */
export async function publicQuoteUrl(deps: AppDeps, q: Queryable, workspaceId: number, quoteId: string, slug: string, number: string) {
  const token = await quoteLinkToken(q, workspaceId, quoteId, randomBytes(24).toString('base64url'));
  return `${deps.config.APP_ORIGIN}/storefront/${encodeURIComponent(slug)}/quote/${encodeURIComponent(number)}?t=${token}`;
}

/** The mail an invoice or quote goes out with: the PDF the device would make, attached. */
async function documentMailOf(deps: AppDeps, workspaceId: number, kind: 'invoice' | 'quote', documentId: string): Promise<Mail> {
  const found = await renderable(deps.db, workspaceId, kind, documentId);
  if (!found) throw new Error('The document is no longer there, or has no number yet.');
  const { pdf, seller, slug, logo } = found.rendered;
  const bytes = await renderDocumentPdf(pdf, { ...seller, logo: await documentLogo(deps, workspaceId, logo) });
  const money = (c: number) => formatCents(c, pdf.currency);
  const total = documentTotals(pdf.items, pdf.pricesIncludeVat === true).total_cents;
  const balance =
    pdf.kind === 'invoice'
      ? balanceDueCents({ items: pdf.items, prices_include_vat: pdf.pricesIncludeVat, payments: pdf.payments, credits: pdf.credits })
      : total;
  const link =
    pdf.kind === 'invoice'
      ? await publicInvoiceUrl(deps, deps.db, workspaceId, documentId, slug, pdf.number)
      : pdf.kind === 'quote'
        ? await publicQuoteUrl(deps, deps.db, workspaceId, documentId, slug, pdf.number)
        : undefined;
  const content = documentMail({
    kind: pdf.kind === 'quote' ? 'quote' : 'invoice',
    heading: pdfHeading(pdf, seller),
    number: pdf.number,
    business: seller.name,
    customer: pdf.customer.name,
    total: money(total),
    balance: pdf.kind === 'invoice' && balance !== total ? money(balance) : undefined,
    endDate: pdf.endDate,
    link,
  });
  return { ...content, attachments: [{ filename: pdfFileName(pdf), content: bytes, contentType: 'application/pdf' }] };
}

/** The mail a till receipt goes out with: its lines and totals, and its public page's link. */
async function receiptMailOf(deps: AppDeps, workspaceId: number, orderId: string): Promise<Mail> {
  const found = await receiptById(deps.db, workspaceId, orderId);
  const parsed = found && posOrders.doc.safeParse(found.order);
  const order = parsed?.success ? parsed.data : undefined;
  const token = order?.share_token;
  if (!found || !order || !token) throw new Error('The sale is no longer there, or has no receipt link.');
  return receiptMail({
    order,
    business: found.business,
    currency: found.currency ?? 'ZAR',
    vatNumber: found.vat_number,
    link: receiptUrl(deps.config.APP_ORIGIN ?? deps.config.allowedOrigins[0], token),
  });
}

/**
 * One e-mail request's mail, from its outbox row. An invoice, quote or credit note goes only for a
 * verified account and within the workspace's daily allowance (a receipt within its own); otherwise
 * the request is refused for good, with why, and the device shows it beside the document. The day's
 * e-mail is given back when the mail cannot be made, or the mail server refuses it.
 */
const deliveryMail: MailTemplate = async (deps, key) => {
  const row = await repo.deliveryRequest(deps.db, key.workspaceId, key.subjectId);
  if (!row) return { notSent: 'Nothing to send: the request is gone' };
  const permit =
    row.document_kind === 'receipt'
      ? await permitReceiptMail(deps, key.workspaceId, row.requested_by)
      : await permitDocumentMail(deps, key.workspaceId, row.requested_by);
  if (!permit.ok) {
    await repo.refuseDelivery(deps.db, key.workspaceId, row.id, permit.refusal);
    return { notSent: permit.message, status: 'refused' };
  }
  try {
    const mail =
      row.document_kind === 'receipt'
        ? await receiptMailOf(deps, key.workspaceId, row.document_id)
        : await documentMailOf(deps, key.workspaceId, row.document_kind, row.document_id);
    return { to: row.recipient, ...mail, giveBack: permit.giveBack };
  } catch (err) {
    await permit.giveBack();
    throw err;
  }
};

/** E-mailed invoices, quotes, credit notes and till receipts (DESIGN.md §12, §13), sent by the outbox. */
export const deliveryMails: MailTemplates = {
  [repo.deliveryMailName('invoice')]: deliveryMail,
  [repo.deliveryMailName('receipt')]: deliveryMail,
};
