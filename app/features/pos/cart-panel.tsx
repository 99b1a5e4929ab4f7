import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { PosItem } from '../../../schema/pos/pos';
import type { OrderTotals } from '../../../schema/pos/pos-totals';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import * as s from '../../ui/page.css';
import { formatCents } from '../../../schema/kit/money';
import { vatRowLabel } from '../../../schema/kit/vat';
import * as p from './pos.css';
import { subtotalLabel } from './receipt-share';

/** The sale being rung up: lines with quantity buttons, an order discount and the running total. */
export function CartPanel({
  items,
  totals,
  pricesIncludeVat,
  currency,
  discount,
  discountError,
  onDiscount,
  onQuantity,
  onCharge,
  onClear,
  warnings,
  customer,
}: {
  /** Lines that sell more than this device counts in stock, with what to tell the cashier. */
  warnings?: ReadonlyMap<string, string>;
  /** Who the sale is for (the customer picker). */
  customer?: ReactNode;
  items: PosItem[];
  totals: OrderTotals;
  /** The workspace's setting: VAT inside the prices, or added on top of them. */
  pricesIncludeVat: boolean;
  currency: string;
  discount: string;
  discountError?: string;
  onDiscount: (text: string) => void;
  onQuantity: (productId: string, quantity: number) => void;
  onCharge: () => void;
  onClear: () => void;
}) {
  const count = items.reduce((a, it) => a + it.quantity, 0);
  const money = (c: number) => formatCents(c, currency);
  return (
    <section className={p.panel} aria-labelledby="pos-cart-title">
      <div className={s.titleBar}>
        <h2 className={p.panelTitle} id="pos-cart-title">
          Current sale
        </h2>
        {items.length > 0 ? (
          <Button variant="ghost" onPress={onClear}>
            Clear
          </Button>
        ) : null}
      </div>
      {customer}
      {items.length === 0 ? (
        <p className={s.muted}>Tap a product or scan a code to start a sale.</p>
      ) : (
        <ul className={p.lines} aria-label="Items in this sale">
          {items.map((it) => (
            <li key={it.product_id} className={p.line} aria-label={it.name}>
              <p className={p.lineName}>{it.name}</p>
              <p className={p.lineAmount}>{money(it.unit_price_cents * it.quantity)}</p>
              <div className={p.stepper}>
                <AriaButton
                  className={p.stepButton}
                  onPress={() => onQuantity(it.product_id, it.quantity - 1)}
                  aria-label={`One less ${it.name}`}
                >
                  −
                </AriaButton>
                <span className={p.qty} aria-label={`Quantity of ${it.name}`}>
                  {it.quantity}
                </span>
                <AriaButton
                  className={p.stepButton}
                  onPress={() => onQuantity(it.product_id, it.quantity + 1)}
                  aria-label={`One more ${it.name}`}
                >
                  +
                </AriaButton>
                <span className={`${s.muted} ${p.grow}`}>× {money(it.unit_price_cents)}</span>
                <Button variant="ghost" onPress={() => onQuantity(it.product_id, 0)} aria-label={`Remove ${it.name}`}>
                  Remove
                </Button>
              </div>
              {warnings?.get(it.product_id) ? (
                <p className={p.stockWarning} role="status" data-testid="stock-warning">
                  {warnings.get(it.product_id)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <TextField
        label="Order discount"
        value={discount}
        onChange={onDiscount}
        error={discountError}
        inputMode="decimal"
        placeholder="0.00"
      />
      <dl className={p.sums}>
        <div className={p.sum}>
          <dt>{subtotalLabel(pricesIncludeVat)}</dt>
          <dd className={p.sumValue}>{money(totals.subtotal_cents)}</dd>
        </div>
        {totals.discount_cents > 0 ? (
          <div className={p.sum}>
            <dt>Discount</dt>
            <dd className={p.sumValue}>−{money(totals.discount_cents)}</dd>
          </div>
        ) : null}
        <div className={p.sum}>
          <dt>{vatRowLabel(pricesIncludeVat)}</dt>
          <dd className={p.sumValue} data-testid="cart-vat">
            {money(totals.tax_cents)}
          </dd>
        </div>
        <div className={`${p.sum} ${p.grand}`}>
          <dt>Total</dt>
          <dd className={p.sumValue} data-testid="cart-total">
            {money(totals.total_cents)}
          </dd>
        </div>
      </dl>
      <Button wide className={p.chargeButton} onPress={onCharge} isDisabled={items.length === 0 || Boolean(discountError)}>
        {items.length === 0 ? 'Charge' : `Charge ${money(totals.total_cents)} · ${count} ${count === 1 ? 'item' : 'items'}`}
      </Button>
    </section>
  );
}
