import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { documentTotals, lineTotals } from './invoice-totals.js';
import type { DocumentItem, Invoice, InvoiceCredit, InvoicePayment, Quote } from './invoices.js';
import { formatCents } from '../kit/money.js';
import { documentTitle } from '../kit/vat.js';

/**
 * The PDF of an invoice, quote or credit note, made with pdf-lib from the document alone: the device
 * makes it offline, and the server makes the very same one for the e-mail (both import this file).
 */
export interface PdfSeller {
  name: string;
  address?: string | null;
  /** A VAT-registered seller issues a "Tax Invoice" (DESIGN.md §14). */
  vatNumber?: string | null;
  registrationNumber?: string | null;
  /** Brand colour as #rrggbb (workspace settings colors.primary). */
  color?: string | null;
  /** The workspace logo, PNG or JPEG bytes. */
  logo?: { bytes: Uint8Array; type: 'png' | 'jpg' } | null;
}

export interface PdfDocument {
  kind: 'invoice' | 'quote' | 'credit_note';
  number: string;
  issueDate: string;
  /** Due date (invoice) or valid-until date (quote). */
  endDate?: string;
  customer: { name: string; email?: string; address?: string; vatNumber?: string };
  currency: string;
  items: readonly DocumentItem[];
  /** The document's own VAT choice (absent: VAT added on top of the line prices). */
  pricesIncludeVat?: boolean;
  payments?: readonly InvoicePayment[];
  /** An invoice's credit notes (they lower its balance). */
  credits?: readonly InvoiceCredit[];
  /** A credit note names the invoice it corrects (s21). */
  creditFor?: string;
  notes?: string;
}

/** What the PDF shows of a stored invoice or quote (a document without a number cannot be printed yet). */
export function pdfDocumentOf(doc: { kind: 'invoice'; invoice: Invoice } | { kind: 'quote'; quote: Quote }): PdfDocument | null {
  const d = doc.kind === 'invoice' ? doc.invoice : doc.quote;
  if (doc.kind === 'invoice' && doc.invoice.kind === 'credit_note') {
    const note = doc.invoice;
    if (note.credit_note_number === undefined) return null;
    return {
      kind: 'credit_note',
      number: note.credit_note_number,
      issueDate: note.issue_date,
      customer: { name: note.customer_name, email: note.customer_email, address: note.customer_address },
      currency: note.currency,
      items: note.items,
      pricesIncludeVat: note.prices_include_vat,
      creditFor: note.credit_for_number,
      notes: note.credit_reason ? `Reason: ${note.credit_reason}` : undefined,
    };
  }
  const number = doc.kind === 'invoice' ? doc.invoice.invoice_number : doc.quote.quote_number;
  if (number === undefined) return null;
  return {
    kind: doc.kind,
    number,
    issueDate: d.issue_date,
    endDate: doc.kind === 'invoice' ? doc.invoice.due_date : doc.quote.expiry_date,
    customer: { name: d.customer_name, email: d.customer_email, address: d.customer_address },
    currency: d.currency,
    items: d.items,
    pricesIncludeVat: d.prices_include_vat,
    payments: doc.kind === 'invoice' ? doc.invoice.payments : undefined,
    credits: doc.kind === 'invoice' ? doc.invoice.credits : undefined,
    notes: d.notes,
  };
}

/** The title the document carries. */
export function pdfHeading(doc: Pick<PdfDocument, 'kind'>, seller: Pick<PdfSeller, 'vatNumber'>): string {
  // The seller carries a VAT number only when registered (sellerOf, or as fixed at issue).
  return documentTitle(doc.kind, typeof seller.vatNumber === 'string' && seller.vatNumber.trim() !== '');
}

export function pdfFileName(doc: Pick<PdfDocument, 'number'>): string {
  return `${doc.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.85, 0.85, 0.88);

function colorOf(hex: string | null | undefined): RGB {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m) return rgb(0.09, 0.4, 0.33);
  const n = parseInt(m[1], 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** The standard fonts speak WinAnsi: characters outside it print as "?" rather than failing. */
function printable(font: PDFFont, value: string): string {
  const normalised = value.replace(/[\u2212\u2013\u2014]/g, '-').replace(/[\u202f\u2009]/g, ' ');
  let out = '';
  for (const ch of normalised) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }
  /** Starts a new page when fewer than `needed` points are left. */
  room(needed: number) {
    if (this.y - needed >= MARGIN) return;
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }
  text(value: string, x: number, opts: { size?: number; bold?: boolean; color?: RGB; right?: boolean; y?: number } = {}) {
    const font = opts.bold ? this.bold : this.regular;
    const size = opts.size ?? 10;
    const clean = printable(font, value);
    const at = opts.right ? x - font.widthOfTextAtSize(clean, size) : x;
    this.page.drawText(clean, { x: at, y: opts.y ?? this.y, size, font, color: opts.color ?? INK });
  }
  /** Lines of at most `width` points, broken between words. */
  wrap(value: string, width: number, size = 10): string[] {
    const out: string[] = [];
    for (const paragraph of value.split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/)) {
        const next = line ? `${line} ${word}` : word;
        if (line && this.regular.widthOfTextAtSize(printable(this.regular, next), size) > width) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
    }
    return out;
  }
  rule(color: RGB = RULE) {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.7, color });
  }
}

function quantityText(q: number): string {
  return Number.isInteger(q) ? String(q) : q.toFixed(3).replace(/0+$/, '');
}

function percent(bp: number | undefined): string {
  return `${((bp ?? 0) / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** Renders the document as PDF bytes. */
export async function renderDocumentPdf(doc: PdfDocument, seller: PdfSeller): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const heading = pdfHeading(doc, seller);
  pdf.setTitle(`${heading} ${doc.number}`);
  pdf.setAuthor(seller.name);
  pdf.setCreationDate(new Date(`${doc.issueDate}T00:00:00Z`));
  pdf.setModificationDate(new Date(`${doc.issueDate}T00:00:00Z`));
  const w = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const brand = colorOf(seller.color);
  const right = A4.width - MARGIN;
  const money = (c: number) => formatCents(c, doc.currency);

  // Brand band, logo and seller.
  w.page.drawRectangle({ x: 0, y: A4.height - 8, width: A4.width, height: 8, color: brand });
  let logo: PDFImage | null = null;
  if (seller.logo) logo = seller.logo.type === 'png' ? await pdf.embedPng(seller.logo.bytes) : await pdf.embedJpg(seller.logo.bytes);
  const top = w.y;
  if (logo) {
    const scaled = logo.scaleToFit(120, 48);
    w.page.drawImage(logo, { x: MARGIN, y: top - scaled.height + 10, width: scaled.width, height: scaled.height });
    w.y = top - scaled.height - 6;
  }
  w.text(seller.name, MARGIN, { size: 14, bold: true });
  w.y -= 14;
  for (const line of [
    ...(seller.address ? w.wrap(seller.address, 240, 9) : []),
    ...(seller.vatNumber ? [`VAT number: ${seller.vatNumber}`] : []),
    ...(seller.registrationNumber ? [`Registration number: ${seller.registrationNumber}`] : []),
  ]) {
    w.text(line, MARGIN, { size: 9, color: MUTED });
    w.y -= 12;
  }
  const sellerBottom = w.y;

  // Title and dates on the right.
  w.y = top;
  w.text(heading, right, { size: 20, bold: true, color: brand, right: true });
  w.y -= 20;
  const numberLabel = doc.kind === 'quote' ? 'Quote number' : doc.kind === 'credit_note' ? 'Credit note number' : 'Invoice number';
  const facts: [string, string][] = [
    [numberLabel, doc.number],
    ['Date', doc.issueDate],
    ...(doc.endDate ? [[doc.kind === 'quote' ? 'Valid until' : 'Due date', doc.endDate] as [string, string]] : []),
    ...(doc.creditFor ? [['Credits invoice', doc.creditFor] as [string, string]] : []),
  ];
  for (const [label, value] of facts) {
    w.text(`${label}: ${value}`, right, { size: 10, right: true });
    w.y -= 13;
  }
  w.y = Math.min(w.y, sellerBottom) - 14;

  // Buyer.
  w.text(doc.kind === 'quote' ? 'Quote for' : 'Bill to', MARGIN, { size: 9, bold: true, color: MUTED });
  w.y -= 13;
  w.text(doc.customer.name, MARGIN, { size: 11, bold: true });
  w.y -= 13;
  for (const line of [
    ...(doc.customer.address ? w.wrap(doc.customer.address, 260, 9) : []),
    ...(doc.customer.email ? [doc.customer.email] : []),
    ...(doc.customer.vatNumber ? [`VAT number: ${doc.customer.vatNumber}`] : []),
  ]) {
    w.text(line, MARGIN, { size: 9, color: MUTED });
    w.y -= 12;
  }
  w.y -= 12;

  // Lines: description, quantity, unit price, VAT and amount (SARS: description, quantity, value, VAT).
  const cols = { qty: 330, price: 410, vat: 470, amount: right };
  const header = () => {
    w.page.drawRectangle({ x: MARGIN, y: w.y - 5, width: right - MARGIN, height: 18, color: brand, opacity: 0.1 });
    w.text('Description', MARGIN + 4, { size: 9, bold: true });
    w.text('Qty', cols.qty, { size: 9, bold: true, right: true });
    w.text('Unit price', cols.price, { size: 9, bold: true, right: true });
    w.text('VAT', cols.vat, { size: 9, bold: true, right: true });
    w.text('Amount', cols.amount - 4, { size: 9, bold: true, right: true });
    w.y -= 20;
  };
  header();
  for (const item of doc.items) {
    const t = lineTotals(item);
    const lines = w.wrap(item.description, 250, 10);
    w.room(14 * lines.length + 20);
    if (w.y === A4.height - MARGIN) header();
    w.text(lines[0] ?? '', MARGIN + 4);
    w.text(quantityText(item.quantity), cols.qty, { right: true });
    w.text(money(item.unit_price_cents), cols.price, { right: true });
    w.text(percent(item.tax_rate_bp), cols.vat, { right: true });
    w.text(money(t.net_cents), cols.amount - 4, { right: true });
    for (const more of lines.slice(1)) {
      w.y -= 12;
      w.text(more, MARGIN + 4);
    }
    if (item.discount_bp) {
      w.y -= 12;
      w.text(`Discount ${percent(item.discount_bp)}: -${money(t.discount_cents)}`, MARGIN + 4, { size: 8, color: MUTED });
    }
    w.y -= 8;
    w.rule();
    w.y -= 12;
  }

  // Totals.
  const totals = documentTotals(doc.items, doc.pricesIncludeVat === true);
  const paid = (doc.payments ?? []).reduce((s, p) => s + p.amount_cents, 0);
  const credited = (doc.credits ?? []).reduce((s, c) => s + c.amount_cents, 0);
  const rows: [string, string, boolean][] = [
    ['Subtotal', money(totals.subtotal_cents), false],
    ...(totals.discount_cents ? [['Discount', `-${money(totals.discount_cents)}`, false] as [string, string, boolean]] : []),
    [doc.pricesIncludeVat ? 'VAT (prices include VAT)' : 'VAT', money(totals.tax_cents), false],
    ['Total', money(totals.total_cents), true],
    ...(doc.kind === 'credit_note' ? [['Total credited', money(totals.total_cents), true] as [string, string, boolean]] : []),
    ...(doc.kind === 'invoice' && credited > 0 ? [['Credited', `-${money(credited)}`, false] as [string, string, boolean]] : []),
    ...(doc.kind === 'invoice' && paid > 0 ? [['Paid', money(paid), false] as [string, string, boolean]] : []),
    ...(doc.kind === 'invoice' && (paid > 0 || credited > 0)
      ? [['Balance due', money(Math.max(0, totals.total_cents - credited - paid)), true] as [string, string, boolean]]
      : []),
  ];
  w.room(16 * rows.length + 10);
  for (const [label, value, strong] of rows) {
    w.text(label, cols.price, { size: strong ? 11 : 10, bold: strong, right: true });
    w.text(value, cols.amount - 4, { size: strong ? 11 : 10, bold: strong, right: true });
    w.y -= 16;
  }

  if (doc.payments && doc.payments.length > 0 && doc.kind === 'invoice') {
    w.y -= 6;
    w.room(14 * (doc.payments.length + 1));
    w.text('Payments received', MARGIN, { size: 9, bold: true, color: MUTED });
    w.y -= 13;
    for (const p of doc.payments) {
      w.text(`${p.date}  ${money(p.amount_cents)}${p.reference ? `  (${p.reference})` : ''}`, MARGIN, { size: 9 });
      w.y -= 12;
    }
  }

  if (doc.credits && doc.credits.length > 0 && doc.kind === 'invoice') {
    w.y -= 6;
    w.room(14 * (doc.credits.length + 1));
    w.text('Credit notes', MARGIN, { size: 9, bold: true, color: MUTED });
    w.y -= 13;
    for (const c of doc.credits) {
      w.text(`${c.date}  ${c.number}  -${money(c.amount_cents)}`, MARGIN, { size: 9 });
      w.y -= 12;
    }
  }

  if (doc.notes) {
    w.y -= 10;
    const lines = w.wrap(doc.notes, right - MARGIN, 9);
    w.room(12 * lines.length + 14);
    w.text('Notes', MARGIN, { size: 9, bold: true, color: MUTED });
    w.y -= 13;
    for (const line of lines) {
      w.text(line, MARGIN, { size: 9 });
      w.y -= 12;
    }
  }
  return pdf.save();
}
