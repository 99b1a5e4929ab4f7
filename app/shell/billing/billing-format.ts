import type { PaymentMethodDto, PromoQuote, PurchaseItem } from '../../../schema/billing/billing';

/** "Visa •••• 4081". */
export function cardName(card: Pick<PaymentMethodDto, 'brand' | 'last4'>): string {
  return `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}`;
}

export function expiry(card: Pick<PaymentMethodDto, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

/** The total due for `item` at `price`, with a promo quote when it is for this item. */
export function dueNow(item: PurchaseItem, price: number, quote: PromoQuote | null): { total: number; code: string } {
  if (quote && quote.item === item) return { total: quote.total_cents, code: quote.code };
  return { total: price, code: '' };
}
