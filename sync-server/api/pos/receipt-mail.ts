import type { PosOrder } from '../../../schema/pos/pos.js';
import { computeTotals } from '../../../schema/pos/pos-totals.js';
import { formatCents } from '../../../schema/kit/money.js';
import { escapeHtml, type MailContent } from '../../mail/templates.js';

const methodLabels = { cash: 'Cash', card: 'Card', eft: 'EFT', other: 'Other' } as const;

export interface ReceiptMailInput {
  order: PosOrder;
  business: string;
  currency: string;
  vatNumber: string | null;
  /** The receipt's public page. */
  link: string;
}

/** The e-mail a till receipt goes out with: its lines, totals and payments, and its link. */
export function receiptMail(m: ReceiptMailInput): MailContent {
  const money = (c: number) => formatCents(c, m.currency);
  const totals = computeTotals(m.order.items, m.order.order_discount_cents, m.order.prices_include_vat ?? true);
  const label = m.order.receipt_number !== undefined ? `Receipt ${m.order.receipt_number}` : `Receipt (ref ${m.order.order_number ?? ''})`;
  const lines = m.order.items.map(
    (it) => [`${it.quantity} × ${it.name}`, money(it.unit_price_cents * it.quantity - (it.discount_cents ?? 0))] as const,
  );
  const inclusive = m.order.prices_include_vat ?? true;
  const figures: Array<readonly [string, string]> = [
    ...(totals.discount_cents > 0 ? [['Discount', `−${money(totals.discount_cents)}`] as const] : []),
    ...(!inclusive && totals.tax_cents > 0 ? [['VAT added', money(totals.tax_cents)] as const] : []),
    ['Total', money(totals.total_cents)],
    ...(inclusive && totals.tax_cents > 0 ? [['VAT included', money(totals.tax_cents)] as const] : []),
    ...m.order.payments.map((p) => [`Paid by ${methodLabels[p.method]}`, money(p.amount_cents)] as const),
  ];
  const intro = `Thank you for shopping at ${m.business}. Here is your receipt.`;
  const vat = m.vatNumber ? `VAT number: ${m.vatNumber}` : null;
  const text = [
    intro,
    '',
    m.business,
    ...(vat ? [vat] : []),
    label,
    '',
    ...lines.map(([a, b]) => `${a}: ${b}`),
    '',
    ...figures.map(([a, b]) => `${a}: ${b}`),
    '',
    'View or print it online:',
    m.link,
  ].join('\n');
  const row = ([a, b]: readonly [string, string], strong = false) =>
    `<tr><td style="padding:2px 12px 2px 0${strong ? ';font-weight:bold' : ''}">${escapeHtml(a)}</td>` +
    `<td style="padding:2px 0;text-align:right${strong ? ';font-weight:bold' : ''}">${escapeHtml(b)}</td></tr>`;
  const html =
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">` +
    `<div style="max-width:520px;margin:0 auto;padding:24px">` +
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>` +
    `<p style="margin:0 0 8px"><strong>${escapeHtml(m.business)}</strong>${vat ? `<br>${escapeHtml(vat)}` : ''}<br>${escapeHtml(label)}</p>` +
    `<table style="border-collapse:collapse;margin:0 0 16px">${lines.map((l) => row(l)).join('')}` +
    `${figures.map((f) => row(f, f[0] === 'Total')).join('')}</table>` +
    `<p style="margin:0 0 16px">View or print it online: <a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` +
    `</div></body></html>`;
  return { subject: `${label} from ${m.business}`, text, html };
}
