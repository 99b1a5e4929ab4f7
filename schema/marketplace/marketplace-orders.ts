import { z } from 'zod';
import { countryCode } from '../kit/countries.js';
import { MAX_INT, text } from '../kit/input.js';
import { cartDto } from './marketplace.js';

/**
 * Marketplace checkout and orders (spec §3 "Commerce": shipping_addresses, marketplace_orders,
 * marketplace_order_items, order_payments). One checkout pays a whole cart in one card payment; it
 * makes one order per seller, numbered from that seller's order series (prefix ORD by default).
 */

export const orderMessages = {
  cartEmpty: 'Your cart is empty.',
  nothingToPay:
    'Everything in your cart is free, so there is nothing to pay. Free items are not sold through checkout: ask the seller for them.',
  cartProblems: 'Some items in your cart cannot be bought as they are. Check your cart.',
  pricesChanged: 'Some prices changed since you added them. Check the new total before paying.',
  soldOut: 'Someone else just bought the last of an item in your cart. Check your cart.',
  addressRequired: 'Enter the address to deliver your order to',
  nameRequired: 'Enter the name to deliver to',
  line1Required: 'Enter a street address',
  cityRequired: 'Enter a city or town',
  provinceRequired: 'Choose a province or region',
  postalCode: 'Enter a 4-digit postal code',
  postalCodeOther: 'Enter a postal code',
  phone: 'Enter a phone number of 9 to 15 digits',
  unknownRate: 'Choose one of the seller’s shipping options',
  orderNotFound: 'Order not found.',
  checkoutNotFound: 'Checkout not found.',
  statusNotAllowed: 'An order cannot move to that status from where it is.',
  trackingRequired: 'Add a tracking number to mark the order shipped.',
  notPaid: 'Only a paid order can be refunded.',
  refundTooMuch: 'A refund can be at most what is left of the payment.',
  refundAmount: 'Enter an amount of at least R0.01',
  payoutBank: 'Enter the bank code',
  payoutAccount: 'Enter the account number (6 to 20 digits)',
} as const;

/** South Africa's nine provinces (spec §9: ZA is the marketplace's home). */
export const zaProvinces = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;

const required = (max: number, message: string) => text(max).trim().min(1, message);

/** spec §3 shipping_addresses: country (default ZA), province, postal code. */
const addressShape = z.object({
  name: required(120, orderMessages.nameRequired),
  line1: required(200, orderMessages.line1Required),
  line2: text(200).trim().optional(),
  city: required(100, orderMessages.cityRequired),
  province: required(100, orderMessages.provinceRequired),
  postal_code: text(12).trim(),
  country: countryCode.default('ZA'),
  phone: text(20)
    .trim()
    .regex(/^\+?[\d ]{9,20}$/, orderMessages.phone)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export const shippingAddress = addressShape.superRefine((a, ctx) => {
  if (a.country === 'ZA') {
    if (!/^\d{4}$/.test(a.postal_code)) ctx.addIssue({ code: 'custom', path: ['postal_code'], message: orderMessages.postalCode });
    if (!(zaProvinces as readonly string[]).includes(a.province)) {
      ctx.addIssue({ code: 'custom', path: ['province'], message: orderMessages.provinceRequired });
    }
  } else if (!/^[A-Za-z0-9 -]{2,12}$/.test(a.postal_code)) {
    ctx.addIssue({ code: 'custom', path: ['postal_code'], message: orderMessages.postalCodeOther });
  }
});
export type ShippingAddress = z.output<typeof shippingAddress>;

/** The shipping option chosen for one seller's part of the cart (by the rate's name); the first when absent. */
export const shippingChoice = z.object({ seller: text(100), rate: text(100) });

/**
 * The delivery address is asked only when something in the cart is posted: a cart of tickets (or of
 * downloads and services) is checked out without one, and the server refuses a parcel without one.
 */
export const checkoutInput = z.object({
  address: shippingAddress.optional(),
  shipping: z.array(shippingChoice).max(100).default([]),
});
export type CheckoutInput = z.input<typeof checkoutInput>;

/** One seller's part of a checkout: its lines, shipping, tax and total (ZAR cents). */
export const sellerQuote = z.object({
  seller: z.object({ name: z.string(), slug: z.string() }),
  lines: z.array(z.object({ product_id: z.string(), name: z.string(), quantity: z.number().int(), unit_price_cents: z.number().int() })),
  /** Something of this seller's part is posted; false when it is all tickets, downloads or services. */
  ships: z.boolean(),
  shipping_options: z.array(z.object({ name: z.string(), price_cents: z.number().int() })),
  shipping_method: z.string().nullable(),
  subtotal_cents: z.number().int(),
  shipping_cents: z.number().int(),
  /** Hundredths of a percent, from the seller's storefront settings. */
  /** The seller's standard VAT rate charged (0 when not VAT registered, schema/kit/vat.ts). */
  tax_rate_bp: z.number().int(),
  /** Null when the seller is not VAT registered: no VAT, and its document is an "Invoice". */
  seller_vat_number: z.string().nullable(),
  tax_cents: z.number().int(),
  /** True when the seller's prices hold VAT already: tax_cents is the part of the total that is VAT, not added to it. */
  tax_included: z.boolean(),
  total_cents: z.number().int(),
});
export type SellerQuote = z.infer<typeof sellerQuote>;

export const checkoutQuote = z.object({
  sellers: z.array(sellerQuote),
  /** Some seller posts something, so the checkout asks where to deliver it. */
  needs_address: z.boolean(),
  total_cents: z.number().int(),
  currency: z.string(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuote>;

/**
 * A checkout's answer: the card payment to go to, or (nothing charged) the cart as it now stands
 * because prices changed since the buyer saw them.
 */
export const checkoutResult = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('pay'),
    checkout_id: z.string(),
    reference: z.string(),
    authorization_url: z.string(),
    orders: z.array(z.object({ order_number: z.string(), seller: z.string(), total_cents: z.number().int() })),
    total_cents: z.number().int(),
  }),
  z.object({ outcome: z.literal('prices_changed'), message: z.string(), cart: cartDto }),
]);
export type CheckoutResult = z.infer<typeof checkoutResult>;

export const orderStatus = z.enum(['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatus>;
export const paymentStatus = z.enum(['pending', 'paid', 'failed', 'refunded', 'partially_refunded']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

/** Where a seller may move an order from each status (spec statuses; refunded comes from a refund). */
const nextStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['cancelled'],
  confirmed: ['processing', 'shipped', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
};
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses[from].includes(to);
}
export function nextOrderStatuses(from: OrderStatus): readonly OrderStatus[] {
  return nextStatuses[from];
}

export const orderItemDto = z.object({
  line: z.number().int(),
  product_id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  line_total_cents: z.number().int(),
  fulfillment_status: z.string(),
  restocked_quantity: z.number().int(),
});
export const orderPaymentDto = z.object({
  kind: z.enum(['charge', 'refund']),
  amount_cents: z.number().int(),
  reference: z.string(),
  note: z.string().nullable(),
  /** A refund: pending until the bank answers, then processed or failed (the money stayed with the seller). */
  refund_status: z.enum(['pending', 'processed', 'failed']).nullable(),
  created_at: z.string(),
});
export const orderDto = z.object({
  id: z.string(),
  order_number: z.string(),
  status: orderStatus,
  payment_status: paymentStatus,
  currency: z.string(),
  subtotal_cents: z.number().int(),
  shipping_cents: z.number().int(),
  tax_cents: z.number().int(),
  /** True when the VAT was inside the prices (part of the total), false when it was added on top. */
  tax_included: z.boolean(),
  /** The seller's VAT number, fixed when the order was placed; null when it was not VAT registered. */
  seller_vat_number: z.string().nullable(),
  /** "Tax Invoice" from a VAT-registered seller, else "Invoice" (schema/kit/vat.ts), as placed. */
  document_title: z.string(),
  total_cents: z.number().int(),
  refunded_cents: z.number().int(),
  shipping_method: z.string().nullable(),
  /** Null when the order had nothing to deliver (tickets, downloads, services): done once paid. */
  shipping_address: addressShape.extend({ country: z.string() }).nullable(),
  tracking_number: z.string().nullable(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  seller: z.object({ name: z.string(), slug: z.string() }),
  items: z.array(orderItemDto),
  payments: z.array(orderPaymentDto),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** For the buyer: the signed tickets an order of event tickets issued, each opening as a page. */
  tickets: z.array(z.object({ token: z.string(), label: z.string(), status: z.string() })).optional(),
});
export type OrderDto = z.infer<typeof orderDto>;
export const orderList = z.object({ orders: z.array(orderDto) });

/** Where a checkout stands when the buyer comes back from the card page. */
export const checkoutState = z.object({
  status: z.enum(['pending', 'paid', 'failed']),
  /** A payment that came after the checkout closed (or short) and whose goods could not be had: going back, or back. */
  refund: z.enum(['due', 'refunded']).nullable(),
  orders: z.array(orderDto),
});

export const orderStatusInput = z
  .object({
    status: orderStatus.exclude(['pending', 'refunded']),
    tracking_number: text(100).trim().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'shipped' && !b.tracking_number) {
      ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: orderMessages.trackingRequired });
    }
  });

export const refundInput = z.object({
  /** Cents to give back; the whole remaining payment when absent. */
  amount_cents: z.number().int(orderMessages.refundAmount).min(1, orderMessages.refundAmount).max(MAX_INT).optional(),
  /** Put the order's items back in stock (through the ledger). */
  restock: z.boolean().default(false),
  note: text(500).trim().optional(),
});

/** The seller's payout account: Paystack pays their share of each sale straight to it. */
export const payoutInput = z.object({
  business_name: text(120).trim().min(1),
  settlement_bank: text(20)
    .trim()
    .regex(/^[A-Za-z0-9]{2,20}$/, orderMessages.payoutBank),
  account_number: text(20)
    .trim()
    .regex(/^\d{6,20}$/, orderMessages.payoutAccount),
});
export const payoutDto = z.object({ subaccount_code: z.string().nullable() });

/** A checkout reference: the shared card webhook routes references with this prefix to orders. */
export const ORDER_REFERENCE_PREFIX = 'vkord_';
/** A card checkout's reference as the app makes them (a prefix naming the area, 24 hex digits). */
export const orderReference = z.string().regex(/^[a-z]{2,10}_[0-9a-f]{24}$/);
