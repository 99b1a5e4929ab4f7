import type { DocumentTotals } from '../../../schema/invoices/invoices';
import { formatCents } from '../../../schema/kit/money';
import { vatRowLabel } from '../../../schema/kit/vat';
import * as s from './invoices.css';

/**
 * Subtotal, discount, VAT and total, right-aligned; the total is what the customer pays. When the
 * prices include VAT it says so, and the VAT shown is the part inside the total.
 */
export function TotalsBlock({
  totals,
  pricesIncludeVat,
  currency,
  label,
}: {
  totals: DocumentTotals;
  pricesIncludeVat: boolean;
  currency: string;
  label: string;
}) {
  return (
    <div className={s.totalsWrap}>
      <dl className={s.totals} aria-label={label}>
        <div className={s.totalRow}>
          <dt>Subtotal</dt>
          <dd data-testid="subtotal">{formatCents(totals.subtotal_cents, currency)}</dd>
        </div>
        {totals.discount_cents > 0 ? (
          <div className={s.totalRow}>
            <dt>Discount</dt>
            <dd data-testid="discount">−{formatCents(totals.discount_cents, currency)}</dd>
          </div>
        ) : null}
        <div className={s.totalRow}>
          <dt>{vatRowLabel(pricesIncludeVat, 'VAT')}</dt>
          <dd data-testid="tax">{formatCents(totals.tax_cents, currency)}</dd>
        </div>
        <div className={s.grandTotal}>
          <dt>Total</dt>
          <dd data-testid="total">{formatCents(totals.total_cents, currency)}</dd>
        </div>
      </dl>
      {pricesIncludeVat ? (
        <p className={s.totalsNote} data-testid="prices-include-vat">
          Prices include VAT
        </p>
      ) : null}
    </div>
  );
}
