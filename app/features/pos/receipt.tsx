import { documentTitle, vatRowLabel } from '../../../schema/kit/vat';
import * as s from '../../ui/page.css';
import { formatCents } from '../../../schema/kit/money';
import { receiptVatNumber } from '../../../schema/pos/pos';
import * as p from './pos.css';
import { useWorkspaceDates } from '../../kit/date-format';
import { receiptTotals, subtotalLabel, type ReceiptOrder } from './receipt-share';

const methodLabels = { cash: 'Cash', card: 'Card', eft: 'EFT', other: 'Other' } as const;

export { receiptLabel } from './figures';

/**
 * What the customer is shown: business, number, time, lines, VAT included, total, paid and change.
 * Figures come from the items with the shared totals function, so they are right offline; once
 * synced the server's stored values are the same.
 */
export function Receipt({
  order,
  business,
  currency,
  vatNumber,
}: {
  order: ReceiptOrder;
  business: string;
  currency: string;
  /** The seller's VAT number (workspace settings): only a VAT-registered seller issues a tax invoice (DESIGN.md §14). */
  vatNumber?: string | null;
}) {
  const money = (c: number) => formatCents(c, currency);
  const dates = useWorkspaceDates();
  const rates = [...new Set(order.items.map((it) => it.tax_rate_bp).filter((r) => r > 0))];
  const totals = receiptTotals(order);
  const vatLabel = `${vatRowLabel(order.prices_include_vat)}${rates.length === 1 ? ` (${rates[0] / 100}%)` : ''}`;
  const shownVat = receiptVatNumber(order, vatNumber ?? null);
  const paid = order.payments.reduce((a, pay) => a + pay.amount_cents, 0);
  const cash = order.payments.find((pay) => pay.method === 'cash' && pay.tendered_cents !== undefined);
  return (
    <article className={p.receipt} aria-label="Receipt">
      <header className={p.receiptHead}>
        <p className={p.receiptBusiness}>{business}</p>
        <p className={s.muted}>
          {order.kind === 'void'
            ? 'Void'
            : order.kind === 'refund'
              ? 'Refund'
              : documentTitle('receipt', totals.tax_cents > 0 && !!shownVat)}
        </p>
        {shownVat ? <p className={s.muted}>VAT no. {shownVat}</p> : null}
      </header>
      {order.receipt_number !== undefined ? (
        <p>
          <strong data-testid="receipt-number">Receipt no. {order.receipt_number}</strong>
        </p>
      ) : order.kind !== 'sale' ? null : (
        <p className={p.pendingNumber} data-testid="receipt-number-pending">
          Receipt number pending: this device had no receipt numbers left offline. The sale is saved and gets its number when the device is
          next online.
        </p>
      )}
      <dl className={p.sums}>
        <div className={p.sum}>
          <dt>Ref</dt>
          <dd className={p.sumValue}>{order.order_number}</dd>
        </div>
        <div className={p.sum}>
          <dt>Date</dt>
          <dd className={p.sumValue}>{order.completed_at ? dates.dateTime(order.completed_at) : ''}</dd>
        </div>
      </dl>
      <ul className={p.lines} aria-label="Receipt lines">
        {order.items.map((it, i) => (
          <li key={`${it.product_id}-${i}`} className={p.line}>
            <p className={p.lineName}>
              {it.quantity} × {it.name}
            </p>
            <p className={p.lineAmount}>{money(it.unit_price_cents * it.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className={p.sums}>
        <div className={p.sum}>
          <dt>{subtotalLabel(order.prices_include_vat)}</dt>
          <dd className={p.sumValue}>{money(totals.subtotal_cents)}</dd>
        </div>
        {totals.discount_cents > 0 ? (
          <div className={p.sum}>
            <dt>Discount</dt>
            <dd className={p.sumValue}>−{money(totals.discount_cents)}</dd>
          </div>
        ) : null}
        {order.prices_include_vat ? null : <ReceiptVat label={vatLabel} cents={money(totals.tax_cents)} />}
        <div className={`${p.sum} ${p.grand}`}>
          <dt>Total</dt>
          <dd className={p.sumValue} data-testid="receipt-total">
            {money(totals.total_cents)}
          </dd>
        </div>
        {order.prices_include_vat ? <ReceiptVat label={vatLabel} cents={money(totals.tax_cents)} /> : null}
        {order.payments.map((pay, i) => (
          <div className={p.sum} key={i}>
            <dt>
              {order.kind === 'sale' ? 'Paid' : 'Returned'} ({methodLabels[pay.method]})
            </dt>
            <dd className={p.sumValue}>
              {money(cash === pay && pay.tendered_cents !== undefined ? pay.tendered_cents : pay.amount_cents)}
            </dd>
          </div>
        ))}
        {cash ? (
          <div className={p.sum}>
            <dt>Change</dt>
            <dd className={p.sumValue} data-testid="receipt-change">
              {money(cash.change_cents ?? 0)}
            </dd>
          </div>
        ) : null}
        {paid < totals.total_cents ? (
          <div className={p.sum}>
            <dt>Still due</dt>
            <dd className={p.sumValue}>{money(totals.total_cents - paid)}</dd>
          </div>
        ) : null}
      </dl>
      {order.reason ? <p className={s.muted}>Reason: {order.reason}</p> : null}
    </article>
  );
}

/** The receipt's VAT line: after the total when it is inside the prices, above it when added on top. */
function ReceiptVat({ label, cents }: { label: string; cents: string }) {
  return (
    <div className={p.sum}>
      <dt>{label}</dt>
      <dd className={p.sumValue} data-testid="receipt-vat">
        {cents}
      </dd>
    </div>
  );
}
