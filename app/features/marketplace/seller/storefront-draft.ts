import { centsToInput, parseCents } from '../../../../schema/kit/money';
import {
  ORDER_PREFIX_DEFAULT,
  orderNumber,
  type CheckoutFieldCode,
  type StorefrontSettings,
} from '../../../../schema/marketplace/marketplace';

/** The settings form as typed: amounts still text. VAT is no storefront setting: it follows the workspace (schema/kit/vat.ts). */
export type StorefrontDraft = {
  shipping_enabled: boolean;
  rates: { name: string; price: string }[];
  payment_gateway: StorefrontSettings['payment_gateway'];
  order_prefix: string;
  auto_fulfill_digital: boolean;
  order_confirmation_email: boolean;
  checkout_fields: CheckoutFieldCode[];
  terms: string;
  return_policy: string;
};

export function draftOf(s: StorefrontSettings): StorefrontDraft {
  return {
    shipping_enabled: s.shipping_enabled,
    rates: s.shipping_rates.map((r) => ({ name: r.name, price: centsToInput(r.price_cents) })),
    payment_gateway: s.payment_gateway,
    order_prefix: s.order_prefix,
    auto_fulfill_digital: s.auto_fulfill_digital,
    order_confirmation_email: s.order_confirmation_email,
    checkout_fields: [...s.checkout_fields],
    terms: s.terms,
    return_policy: s.return_policy,
  };
}

/**
 * What the shared schema parses: text that is no amount becomes NaN so the schema refuses it with
 * its own message. The prefix is read in capitals ("ord" is ORD).
 */
export function inputOf(d: StorefrontDraft): Record<string, unknown> {
  return {
    shipping_enabled: d.shipping_enabled,
    shipping_rates: d.rates.map((r) => {
      const parsed = parseCents(r.price, 'Price');
      return { name: r.name, price_cents: parsed.ok ? (parsed.cents ?? 0) : Number.NaN };
    }),
    payment_gateway: d.payment_gateway,
    order_prefix: d.order_prefix.trim().toUpperCase(),
    auto_fulfill_digital: d.auto_fulfill_digital,
    order_confirmation_email: d.order_confirmation_email,
    checkout_fields: d.checkout_fields,
    terms: d.terms,
    return_policy: d.return_policy,
  };
}

/** What the prefix field says of the numbers orders get: the form of one, and that the digits run across the marketplace. */
export function orderNumberHint(prefix: string): string {
  const example = orderNumber(prefix.trim().toUpperCase() || ORDER_PREFIX_DEFAULT, 1042);
  return `Orders are numbered like ${example}: the six digits count every order on the marketplace, so no two orders share a number`;
}
