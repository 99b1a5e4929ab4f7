import { z } from 'zod';
import { id, text } from '../kit/input.js';
import { planCode } from '../accounts/accounts.js';
import { plans } from './plans.js';
import { formatCents } from '../kit/money.js';

/** Card payments are in rand; every amount here is integer cents (DESIGN.md §9). */
export const BILLING_CURRENCY = 'ZAR';

/**
 * spec §1: "Annual billing saves up to 20%". We give the full 20 %: a year costs 12 months less a
 * fifth, R4 790.40 against R5 988.00 paid monthly.
 */
export const ANNUAL_DISCOUNT_PERCENT = 20;

export const billingCycle = z.enum(['monthly', 'annual']);
export type BillingCycle = z.infer<typeof billingCycle>;

export function subscriptionPriceCents(cycle: BillingCycle): number {
  const monthly = plans.pro.priceZarCents;
  if (cycle === 'monthly') return monthly;
  // Integer arithmetic: 12 × 49 900 × 80 / 100 is exact.
  return (monthly * 12 * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100;
}

/** AI credits granted at the start of each billing cycle (spec §1: 100 a month). */
export function cycleCredits(cycle: BillingCycle): number {
  const perMonth = plans.pro.limits.aiCreditsPerMonth;
  return cycle === 'monthly' ? perMonth : perMonth * 12;
}

/** AI credit top-up packs, cheaper per credit as they grow. */
export const creditPacks = [
  { id: 'credits_50', credits: 50, priceCents: 4_900 },
  { id: 'credits_150', credits: 150, priceCents: 12_900 },
  { id: 'credits_400', credits: 400, priceCents: 29_900 },
] as const;
export const creditPackId = z.enum(['credits_50', 'credits_150', 'credits_400']);
export type CreditPackId = z.infer<typeof creditPackId>;
export type CreditPack = (typeof creditPacks)[number];

export function creditPack(id: CreditPackId): CreditPack {
  const pack = creditPacks.find((p) => p.id === id);
  if (!pack) throw new Error(`Unknown credit pack ${id}`);
  return pack;
}

/** Something that can be bought: the Pro plan for a cycle, or a credit pack. */
export const purchaseItem = z.enum(['pro_monthly', 'pro_annual', 'credits_50', 'credits_150', 'credits_400']);
export type PurchaseItem = z.infer<typeof purchaseItem>;

export function itemPriceCents(item: PurchaseItem): number {
  if (item === 'pro_monthly') return subscriptionPriceCents('monthly');
  if (item === 'pro_annual') return subscriptionPriceCents('annual');
  return creditPack(item).priceCents;
}

export function itemLabel(item: PurchaseItem): string {
  if (item === 'pro_monthly') return `${plans.pro.name} Plan, monthly`;
  if (item === 'pro_annual') return `${plans.pro.name} Plan, annual`;
  return `${creditPack(item).credits} AI credits`;
}

/**
 * Where the card provider sends the browser back after checkout: one of our own pages, never an
 * address a caller makes up (an open redirect would let a link carry someone's payment elsewhere).
 */
export const returnPath = text().regex(
  /^\/(workspace\/\d{1,10}\/billing\/(subscription|credits)|settings\?tab=subscription|subscription\/topup)$/,
  'Unknown return page',
);

const promoField = text()
  .trim()
  .max(40, 'Promo codes are at most 40 characters')
  .transform((s) => s.toUpperCase())
  .optional()
  .transform((s) => (s ? s : undefined));

export const subscriptionCheckout = z.object({
  cycle: billingCycle,
  promo_code: promoField,
  return_path: returnPath,
});

export const creditsCheckout = z.object({
  pack: creditPackId,
  promo_code: promoField,
  return_path: returnPath,
});

export const creditsChargeSaved = z.object({
  pack: creditPackId,
  promo_code: promoField,
  payment_method_id: id,
});

export const checkoutStarted = z.object({ authorization_url: z.string(), reference: z.string() });

export const promoCheck = z.object({
  code: text().trim().min(1, 'Enter a promo code').max(40, 'Promo codes are at most 40 characters'),
  item: purchaseItem,
});

export const promoQuote = z.object({
  code: z.string(),
  item: purchaseItem,
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  description: z.string(),
});
export type PromoQuote = z.infer<typeof promoQuote>;

/** The user-facing messages of promo code rules, raised by the server and shown on the field. */
/**
 * How long a checkout holds a promo code's use (against its usage limit and the once-per-account
 * rule) before it counts no more, when the checkout was neither paid nor cancelled.
 */
export const PROMO_HOLD_MINUTES = 30;

export const promoMessages = {
  unknown: 'This promo code does not exist.',
  inactive: 'This promo code is no longer active.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has reached its usage limit.',
  alreadyUsed: 'You have already used this promo code.',
  inCheckout: `This promo code is already applied to a checkout you started. Finish or cancel that payment, or try again in ${PROMO_HOLD_MINUTES} minutes.`,
  minimum: (amount: string) => `This promo code needs a purchase of at least ${amount}.`,
} as const;

export const paymentMethodDto = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  bank: z.string().nullable(),
  card_type: z.string().nullable(),
  is_default: z.boolean(),
});
export type PaymentMethodDto = z.infer<typeof paymentMethodDto>;

export const subscriptionStatus = z.enum(['active', 'attention', 'cancelled']);

export const subscriptionDto = z.object({
  status: subscriptionStatus,
  cycle: billingCycle,
  amount_cents: z.number().int(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
});
export type SubscriptionDto = z.infer<typeof subscriptionDto>;

export const billingOverview = z.object({
  /** The plan in force now (a running trial or a paid subscription counts as Pro). */
  plan: planCode,
  trial_ends_at: z.string().nullable(),
  /** True while the account has never had its Pro trial and has no subscription: it may start one, no card (spec §1). */
  trial_available: z.boolean(),
  subscription: subscriptionDto.nullable(),
  /** AI credits to spend now: the plan's credits left this cycle and bought credits together. */
  credits: z.number().int(),
  /** The plan's credits left this cycle (refreshed at the start of each cycle, never carried over). */
  plan_credits: z.number().int(),
  /** What is left of the welcome credits given at sign-up: they never expire, and are spent before bought ones. */
  welcome_credits: z.number().int(),
  /** Bought credits left: they never expire. */
  bought_credits: z.number().int(),
  payment_methods: z.array(paymentMethodDto),
  /** False when no card provider is configured: the screens say so rather than offering buttons. */
  payments_enabled: z.boolean(),
});
export type BillingOverview = z.infer<typeof billingOverview>;

export const paymentOutcome = z.object({
  reference: z.string(),
  item: purchaseItem,
  status: z.enum(['success', 'failed', 'pending']),
  message: z.string(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcome>;

export const paymentDto = z.object({
  reference: z.string(),
  item: purchaseItem,
  description: z.string(),
  status: z.enum(['pending', 'success', 'failed']),
  amount_cents: z.number().int(),
  discount_cents: z.number().int(),
  currency: z.string(),
  message: z.string().nullable(),
  card: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

export const creditTransactionType = z.enum(['purchase', 'plan_refresh', 'usage', 'adjustment']);

export const creditTransactionDto = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  description: z.string(),
  type: creditTransactionType,
  created_at: z.string(),
});
export type CreditTransactionDto = z.infer<typeof creditTransactionDto>;

export const billingHistory = z.object({
  payments: z.array(paymentDto),
  credit_transactions: z.array(creditTransactionDto),
});
export type BillingHistory = z.infer<typeof billingHistory>;

/** "R 499.00": rand with two decimals, for prices in billing screens and messages (the one money formatter). */
export function formatZarCents(cents: number): string {
  return formatCents(cents, BILLING_CURRENCY);
}

/** The smallest card charge; a promo code never brings a total below it. */
export const MIN_CHARGE_CENTS = 100;

/** The most one admin adjustment may add or take away. */
export const CREDIT_ADJUSTMENT_MAX = 100_000;

/** An account's credits that never expire, told apart: "100 welcome and 25 bought credits". */
export function keptCreditsText({ welcome, bought }: { welcome: number; bought: number }): string {
  return `${welcome} welcome and ${bought} bought ${bought === 1 ? 'credit' : 'credits'}`;
}

export const creditAdjustmentMessages = {
  adminsOnly: 'Only Vuka admins can adjust credits',
  email: 'Enter the e-mail address of the account',
  amount: `Enter a whole number of credits between -${CREDIT_ADJUSTMENT_MAX} and ${CREDIT_ADJUSTMENT_MAX}, not 0`,
  reason: 'Say why, for the account’s credit history',
  noAccount: 'No account has this e-mail address',
  belowZero: (kept: { welcome: number; bought: number }) => `Credits cannot go below 0: this account has ${keptCreditsText(kept)}.`,
} as const;

/**
 * An admin's correction to an account's bought credits (a goodwill grant, a reversed mistake): added
 * or taken away with a reason that the account sees in its credit history.
 */
export const creditAdjustment = z.object({
  email: text(254).trim().toLowerCase().email(creditAdjustmentMessages.email),
  amount: z
    .number(creditAdjustmentMessages.amount)
    .int(creditAdjustmentMessages.amount)
    .min(-CREDIT_ADJUSTMENT_MAX, creditAdjustmentMessages.amount)
    .max(CREDIT_ADJUSTMENT_MAX, creditAdjustmentMessages.amount)
    .refine((n) => n !== 0, creditAdjustmentMessages.amount),
  reason: text(200).trim().min(1, creditAdjustmentMessages.reason),
});

export const creditAdjusted = z.object({
  email: z.string(),
  full_name: z.string(),
  welcome_credits: z.number().int(),
  bought_credits: z.number().int(),
});
