import type { Queryable } from '../../db/db.js';
import { badRequest } from '../../http/errors.js';
import {
  formatZarCents,
  itemLabel,
  MIN_CHARGE_CENTS,
  promoMessages,
  type PromoQuote,
  type PurchaseItem,
} from '../../../schema/billing.js';
import * as repo from './billing.repo.js';

export interface PricedPromo extends PromoQuote {
  promoId: number | null;
}

const refuse = (message: string) => badRequest(message, { code: 'promo_invalid', errors: { promo_code: [message] } });

/**
 * The price of `item` with an optional promo code, after every rule: the code exists and is active,
 * has not expired, has uses left, was not used by this account before, and the purchase reaches its
 * minimum. A percentage and an amount off both apply (percentage first); the total never drops
 * below the smallest card charge.
 */
export async function priceWithPromo(
  q: Queryable,
  input: { userId: number; item: PurchaseItem; subtotal: number; code: string | undefined; now: Date },
): Promise<PricedPromo> {
  const { item, subtotal } = input;
  const plain: PricedPromo = {
    promoId: null,
    code: '',
    item,
    subtotal_cents: subtotal,
    discount_cents: 0,
    total_cents: subtotal,
    description: itemLabel(item),
  };
  if (!input.code) return plain;
  const promo = await repo.promoByCode(q, input.code);
  if (!promo) throw refuse(promoMessages.unknown);
  if (!promo.is_active) throw refuse(promoMessages.inactive);
  if (promo.expires_at !== null && new Date(promo.expires_at).getTime() <= input.now.getTime()) throw refuse(promoMessages.expired);
  if (await repo.promoUsedBy(q, promo.id, input.userId)) throw refuse(promoMessages.alreadyUsed);
  if (promo.usage_limit !== null && promo.times_used >= promo.usage_limit) throw refuse(promoMessages.usedUp);
  if (subtotal < promo.minimum_amount) throw refuse(promoMessages.minimum(formatZarCents(promo.minimum_amount)));

  const percentOff = promo.discount_percentage ? Math.floor((subtotal * promo.discount_percentage) / 100) : 0;
  const wanted = percentOff + (promo.discount_amount ?? 0);
  const discount = Math.max(0, Math.min(wanted, subtotal - MIN_CHARGE_CENTS));
  const parts = [
    promo.discount_percentage ? `${promo.discount_percentage}% off` : null,
    promo.discount_amount ? `${formatZarCents(promo.discount_amount)} off` : null,
  ].filter(Boolean);
  return {
    promoId: promo.id,
    code: promo.code,
    item,
    subtotal_cents: subtotal,
    discount_cents: discount,
    total_cents: subtotal - discount,
    description: `${itemLabel(item)} with ${promo.code}: ${parts.join(' and ')}`,
  };
}
