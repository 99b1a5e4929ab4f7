import type { ReactNode } from 'react';
import type { PublicDocumentDto } from '../../../../schema/invoices/contract';
import type { DocumentItem } from '../../../../schema/invoices/invoices';
import { lineTotals } from '../../../../schema/invoices/invoices';
import { formatCents } from '../../../../schema/kit/money';
import { vatRowLabel } from '../../../../schema/kit/vat';
import * as w from '../../../ui/page.css';
import * as s from '../invoices.css';
import * as p from './public-invoice.css';

/** What the customer's views of an invoice and of a quote show alike. */

/** The customer the document is for: "Bill to" on an invoice, "Quote for" on a quote. */
export function CustomerParty({ label, name, address }: { label: string; name: string; address?: string | null }) {
  return (
    <div>
      <p className={s.label}>{label}</p>
      <p className={s.partyText}>
        <strong>{name}</strong>
      </p>
      {address ? <p className={s.partyText}>{address}</p> : null}
    </div>
  );
}

/** The document's lines: description, quantity × price, and the line's amount. */
export function DocumentLines({ items, currency }: { items: readonly DocumentItem[]; currency: string }) {
  const money = (c: number) => formatCents(c, currency);
  return (
    <ul className={p.items} aria-label="Lines">
      {items.map((item) => (
        <li key={item.id} className={p.item}>
          <span className={p.itemText}>
            {item.description}
            <span className={w.muted}>
              {' '}
              {item.quantity} × {money(item.unit_price_cents)}
            </span>
          </span>
          <span className={s.amount}>{money(lineTotals(item).net_cents)}</span>
        </li>
      ))}
    </ul>
  );
}

/** One line of the totals. */
export function TotalRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? p.totalStrong : p.totalRow}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** The seller as the document names it, and the document's heading and number; `children` go below (a status). */
export function SellerHead({ doc, children }: { doc: PublicDocumentDto; children?: ReactNode }) {
  return (
    <div>
      <p className={s.partyText}>
        <strong>{doc.business}</strong>
      </p>
      {doc.seller_address ? (
        <p className={s.sellerAddress} data-testid="seller-address">
          {doc.seller_address}
        </p>
      ) : null}
      {doc.seller_vat_number ? <p className={s.label}>VAT no. {doc.seller_vat_number}</p> : null}
      {doc.seller_registration_number ? <p className={s.label}>Reg. no. {doc.seller_registration_number}</p> : null}
      <h1 className={s.docTitle}>
        {doc.heading} <span data-testid="document-number">{doc.number}</span>
      </h1>
      {children}
    </div>
  );
}

/** The issue date and the document's second date ("Due" on an invoice, "Valid until" on a quote) when it has one. */
export function DocumentDates({ issued, second }: { issued: string; second?: { label: string; date: string | null; testId: string } }) {
  return (
    <dl className={s.dates}>
      <div className={s.dateRow}>
        <dt className={s.label}>Issued</dt>
        <dd>{issued}</dd>
      </div>
      {second?.date ? (
        <div className={s.dateRow}>
          <dt className={s.label}>{second.label}</dt>
          <dd data-testid={second.testId}>{second.date}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * Subtotal, discount, VAT and total. When the prices include VAT the row says "VAT included": the
 * VAT is the part inside the total, not added to it. `children` follow the total (credited, paid).
 */
export function DocumentTotals({ doc, children }: { doc: PublicDocumentDto; children?: ReactNode }) {
  const money = (c: number) => formatCents(c, doc.currency);
  return (
    <dl className={p.totals}>
      <TotalRow label="Subtotal" value={money(doc.subtotal_cents)} />
      {doc.discount_cents ? <TotalRow label="Discount" value={`−${money(doc.discount_cents)}`} /> : null}
      <TotalRow label={vatRowLabel(doc.prices_include_vat, 'VAT')} value={money(doc.tax_cents)} testId="public-vat" />
      <TotalRow label="Total" value={money(doc.total_cents)} strong testId="public-total" />
      {children}
    </dl>
  );
}
