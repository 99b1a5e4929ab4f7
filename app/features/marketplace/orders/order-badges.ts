import {
  orderStatusLabels,
  paymentStatusLabels,
  type OrderDto,
  type OrderStatus,
  type PaymentStatus,
} from '../../../../schema/marketplace/marketplace-orders';

/** The badge colours of market.css. */
export type Tone = 'good' | 'warn' | 'bad' | 'neutral';

const statusTone: Record<OrderStatus, Tone> = {
  pending: 'warn',
  confirmed: 'good',
  processing: 'good',
  shipped: 'good',
  delivered: 'good',
  cancelled: 'bad',
  refunded: 'neutral',
};
const paymentTone: Record<PaymentStatus, Tone> = {
  pending: 'warn',
  paid: 'good',
  failed: 'bad',
  refunded: 'neutral',
  partially_refunded: 'warn',
};

/**
 * The order's status and its payment's, as badges. A whole refund makes both "Refunded": then it is
 * said once, by the status, and the payment badge is left out (it would only repeat it).
 */
export function orderBadges(order: Pick<OrderDto, 'status' | 'payment_status'>) {
  const badges: { testId: string; label: string; tone: Tone }[] = [
    { testId: 'order-status', label: orderStatusLabels[order.status], tone: statusTone[order.status] },
  ];
  const payment = paymentStatusLabels[order.payment_status];
  if (payment !== orderStatusLabels[order.status]) {
    badges.push({ testId: 'order-payment', label: payment, tone: paymentTone[order.payment_status] });
  }
  return badges;
}
