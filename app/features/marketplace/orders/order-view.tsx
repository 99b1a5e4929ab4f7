import type { ReactNode } from 'react';
import type { OrderDto } from '../../../../schema/marketplace/marketplace-orders';
import { formatCents } from '../../../../schema/kit/money';
import { vatRowLabel } from '../../../../schema/kit/vat';
import * as s from '../market.css';
import { SiteLink } from '../../../kit/site-link';
import { useWorkspaceDates } from '../../../kit/date-format';
import { orderBadges } from './order-badges';

export const money = (o: { currency: string }, cents: number) => formatCents(cents, o.currency);

export function OrderBadges({ order }: { order: OrderDto }) {
  return (
    <span className={s.badges}>
      {orderBadges(order).map((b) => (
        <span key={b.testId} className={s.badge[b.tone]} data-testid={b.testId}>
          {b.label}
        </span>
      ))}
    </span>
  );
}

/** One order as buyer and seller both read it: number, status, items, figures, delivery, tracking. */
export function OrderSummary({ order, heading, children }: { order: OrderDto; heading: ReactNode; children?: ReactNode }) {
  // The seller reads it in the workspace's date style; the buyer (outside a workspace) in the public one.
  const dates = useWorkspaceDates();
  const a = order.shipping_address;
  return (
    <article className={`${s.panel} ${s.stack}`} style={{ gap: '0.75rem' }} data-testid="order" aria-label={`Order ${order.order_number}`}>
      <div className={s.orderHead}>
        <div>
          {heading}
          <p className={`${s.muted} ${s.small}`}>
            {order.order_number} · {dates.date(order.created_at)}
          </p>
          <p className={`${s.muted} ${s.small}`} data-testid="order-document-title">
            {order.document_title}
            {order.seller_vat_number ? ` · VAT no. ${order.seller_vat_number}` : ''}
          </p>
        </div>
        <OrderBadges order={order} />
      </div>
      <ul className={s.summaryLines}>
        {order.items.map((i) => (
          <li key={i.line}>
            <span>
              {i.quantity} × {i.name}
            </span>
            <span>{money(order, i.line_total_cents)}</span>
          </li>
        ))}
      </ul>
      <dl className={s.summaryFigures}>
        {a ? (
          <>
            <dt>Shipping{order.shipping_method ? ` (${order.shipping_method})` : ''}</dt>
            <dd>{money(order, order.shipping_cents)}</dd>
          </>
        ) : null}
        {order.seller_vat_number === null ? (
          <>
            <dt>VAT</dt>
            <dd>None: the seller is not VAT registered</dd>
          </>
        ) : (
          <>
            <dt>{vatRowLabel(order.tax_included)}</dt>
            <dd>{money(order, order.tax_cents)}</dd>
          </>
        )}
        <dt>
          <strong>Total</strong>
        </dt>
        <dd>
          <strong>{money(order, order.total_cents)}</strong>
        </dd>
        {order.refunded_cents > 0 ? (
          <>
            <dt>Refunded</dt>
            <dd>{money(order, order.refunded_cents)}</dd>
          </>
        ) : null}
      </dl>
      <p className={`${s.muted} ${s.small}`}>
        {a
          ? `Delivering to ${a.name}, ${[a.line1, a.line2, a.city, a.province, a.postal_code].filter(Boolean).join(', ')}`
          : 'Nothing to deliver: complete once paid'}
      </p>
      {order.tickets && order.tickets.length > 0 ? (
        <div>
          <h3 className={s.small}>Your tickets</h3>
          <ul className={s.summaryLines} aria-label={`Tickets of order ${order.order_number}`}>
            {order.tickets.map((t, n) => (
              <li key={t.token}>
                <SiteLink to={`/tickets/${t.token}`}>
                  Open ticket {n + 1}: {t.label}
                </SiteLink>
                {t.status === 'refunded' || t.status === 'cancelled' ? <span className={s.muted}> (cancelled)</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {order.tracking_number ? (
        <p className={s.small}>
          Tracking number: <strong data-testid="order-tracking">{order.tracking_number}</strong>
        </p>
      ) : null}
      {children}
    </article>
  );
}
