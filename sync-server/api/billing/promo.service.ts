import type { Queryable } from '../../db/db.js';
import { badRequest } from '../../http/errors.js';
import {
  formatZarCents,
  itemLabel,
  MIN_CHARGE_CENTS,
  PROMO_HOLD_MINUTES,
  promoMessages,
  type PromoQuote,
  type PurchaseItem,
} from '../../../schema/billing/billing.js';
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
 *
 * Uses held by open checkouts count against the limit and the once-per-account rule as paid ones
 * do. With `lock` (a checkout start, inside its transaction) the code's row is locked first, so two
 * starts of one code take turns and the second sees the first's hold; holds that ran out are
 * released then, so nobody waits for the sweeper.
 */
export async function priceWithPromo(
  q: Queryable,
  input: { userId: number; item: PurchaseItem; subtotal: number; code: string | undefined; now: Date; lock?: boolean },
): Promise<PricedPromo> {
  const { item, subtotal, now } = input;
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
  const promo = await repo.promoByCode(q, input.code, input.lock);
  if (!promo) throw refuse(promoMessages.unknown);
  if (!promo.is_active) throw refuse(promoMessages.inactive);
  if (promo.expires_at !== null && new Date(promo.expires_at).getTime() <= now.getTime()) throw refuse(promoMessages.expired);
  if (input.lock) await repo.releaseExpiredHolds(q, now, promo.id);
  const mine = await repo.accountUse(q, promo.id, input.userId, now);
  if (mine === 'used') throw refuse(promoMessages.alreadyUsed);
  if (mine === 'reserved') throw refuse(promoMessages.inCheckout);
  if (promo.usage_limit !== null && promo.times_used + (await repo.openHolds(q, promo.id, now)) >= promo.usage_limit) {
    throw refuse(promoMessages.usedUp);
  }
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

/**
 * Holds the code's use for a payment just inserted, in the transaction that priced it with `lock`.
 * The database refuses a second use per account even if a start got past the checks.
 */
export async function holdPromo(
  tx: Queryable,
  h: { promoId: number; userId: number; paymentId: number; discount: number; now: Date },
): Promise<void> {
  const holdUntil = new Date(h.now.getTime() + PROMO_HOLD_MINUTES * 60_000);
  if (!(await repo.reservePromo(tx, { ...h, holdUntil }))) throw refuse(promoMessages.inCheckout);
}

/**
 * The payment that carried the code settled: its use is paid. When its hold had already run out
 * (the card was paid late), the use is taken back if the code still allows it; if it does not, the
 * customer keeps what they paid for and the use is not counted twice.
 */
export async function commitPromoUse(
  tx: Queryable,
  u: { promoId: number; userId: number; paymentId: number; discount: number; now: Date },
): Promise<void> {
  const held = await repo.usageOfPayment(tx, u.paymentId);
  if (held?.status === 'used') return;
  if (held?.status !== 'reserved') {
    const promo = await repo.promoById(tx, u.promoId, true);
    if (!promo) return;
    await repo.releaseExpiredHolds(tx, u.now, promo.id);
    if (await repo.accountUse(tx, promo.id, u.userId, u.now)) return;
    if (promo.usage_limit !== null && promo.times_used + (await repo.openHolds(tx, promo.id, u.now)) >= promo.usage_limit) return;
  }
  await repo.markPromoUsed(tx, u);
}
