import { documentTotals, lineTotals, type DocumentItem } from '../../../schema/invoices/invoices';
import { formatCents } from '../../../schema/kit/money';
import { bpToPercent } from '../../kit/format';
import { NO_NUMBER, StatusBadge } from './document-bits';
import { useWorkspaceDates } from '../../kit/date-format';
import type { InvoiceShownStatus, QuoteShownStatus } from './document-status';
import * as s from './invoices.css';
import { TotalsBlock } from './totals-block';

export interface ViewModel {
  heading: 'Invoice' | 'Quote' | 'Credit note';
  /** A credit note: the invoice it corrects (s21) and why. */
  creditFor?: { number: string; reason?: string };
  number: string | undefined;
  status: InvoiceShownStatus | QuoteShownStatus;
  business: string;
  /** The workspace's logo (workspaceLogoUrl), printed beside its name. */
  logoUrl?: string | null;
  /** The seller's address (workspace settings), one line per line it was written on. */
  address?: string | null;
  /** The seller's VAT and company registration numbers, as a tax invoice prints them (DESIGN.md §14). */
  registration?: string[];
  customer: { name: string; email?: string; address?: string };
  dates: { label: string; value: string | undefined }[];
  currency: string;
  /** The document's own VAT choice: the line prices hold VAT, or it is added on top. */
  pricesIncludeVat: boolean;
  items: DocumentItem[];
  totals: { subtotal_cents?: number; discount_cents?: number; tax_cents?: number; total_cents?: number };
  notes?: string;
}

/** The document as the customer sees it; also what prints (the page chrome is hidden in print). */
export function DocumentView({ model: m }: { model: ViewModel }) {
  const dates = useWorkspaceDates();
  // The server's totals once synced; until then the same function computed on this device.
  const local = documentTotals(m.items, m.pricesIncludeVat);
  const totals = {
    subtotal_cents: m.totals.subtotal_cents ?? local.subtotal_cents,
    discount_cents: m.totals.discount_cents ?? local.discount_cents,
    tax_cents: m.totals.tax_cents ?? local.tax_cents,
    total_cents: m.totals.total_cents ?? local.total_cents,
  };
  return (
    <article className={s.paper} aria-label={`${m.heading} ${m.number ?? ''}`.trim()}>
      <div className={s.paperHead}>
        <div>
          {m.logoUrl ? <img className={s.logo} src={m.logoUrl} alt={`${m.business} logo`} data-testid="document-logo" /> : null}
          <p className={s.label}>{m.business}</p>
          {m.address ? (
            <p className={s.sellerAddress} data-testid="seller-address">
              {m.address}
            </p>
          ) : null}
          {m.registration?.map((line) => (
            <p key={line} className={s.label} data-testid="seller-registration">
              {line}
            </p>
          ))}
          <h2 className={s.docTitle}>
            {m.heading} <span data-testid="document-number">{m.number ?? NO_NUMBER}</span>
          </h2>
          <StatusBadge status={m.status} />
        </div>
        <dl className={s.dates}>
          {m.dates.map((d) => (
            <div key={d.label} className={s.dateRow}>
              <dt className={s.label}>{d.label}</dt>
              <dd>{dates.date(d.value)}</dd>
            </div>
          ))}
        </dl>
      </div>
      {m.creditFor ? (
        <p className={s.partyText} data-testid="credit-for">
          Credits invoice <strong>{m.creditFor.number}</strong>
          {m.creditFor.reason ? ` · Reason: ${m.creditFor.reason}` : ''}
        </p>
      ) : null}
      <div className={s.parties}>
        <div>
          <p className={s.label}>Bill to</p>
          <p className={s.partyText} data-testid="customer-name">
            <strong>{m.customer.name}</strong>
          </p>
          {m.customer.email ? <p className={s.partyText}>{m.customer.email}</p> : null}
          {m.customer.address ? <p className={s.partyText}>{m.customer.address}</p> : null}
        </div>
      </div>
      <div className={[s.tableWrap, s.wideOnly].join(' ')}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Qty</th>
              <th scope="col">Unit price</th>
              <th scope="col">Discount</th>
              <th scope="col">VAT</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {m.items.map((item) => {
              const t = lineTotals(item);
              return (
                <tr key={item.id}>
                  <td>{item.description}</td>
                  <td>{item.quantity}</td>
                  <td>{formatCents(item.unit_price_cents, m.currency)}</td>
                  <td>{item.discount_bp ? `${bpToPercent(item.discount_bp)} %` : '—'}</td>
                  <td>{bpToPercent(item.tax_rate_bp)} %</td>
                  <td>{formatCents(t.net_cents, m.currency)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ul className={s.itemCards} aria-label="Lines">
        {m.items.map((item) => {
          const t = lineTotals(item);
          return (
            <li key={item.id} className={s.itemCard}>
              <strong>{item.description}</strong>
              <span className={s.rowMeta}>
                {item.quantity} × {formatCents(item.unit_price_cents, m.currency)}
                {item.discount_bp ? ` − ${bpToPercent(item.discount_bp)} %` : ''} · VAT {bpToPercent(item.tax_rate_bp)} %
              </span>
              <span className={s.amount}>{formatCents(t.net_cents, m.currency)}</span>
            </li>
          );
        })}
      </ul>
      <TotalsBlock totals={totals} pricesIncludeVat={m.pricesIncludeVat} currency={m.currency} label={`${m.heading} totals`} />
      {m.notes ? (
        <div>
          <p className={s.label}>Notes</p>
          <p className={s.partyText}>{m.notes}</p>
        </div>
      ) : null}
    </article>
  );
}
