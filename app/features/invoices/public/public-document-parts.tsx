import type { DocumentItem } from '../../../../schema/invoices/invoices';
import { lineTotals } from '../../../../schema/invoices/invoices';
import { formatCents } from '../../../../schema/kit/money';
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
