import { z } from 'zod';
import { idParam, text } from '../kit/input.js';
import { endpoint, okBody } from '../kit/http.js';
import {
  billingHistory,
  billingOverview,
  checkoutStarted,
  creditAdjusted,
  creditAdjustment,
  creditsChargeSaved,
  creditsCheckout,
  paymentMethodDto,
  paymentOutcome,
  promoCheck,
  promoQuote,
  subscriptionCheckout,
} from './billing.js';

const methodId = z.object({ id: idParam });

/**
 * Billing (online only, DESIGN.md §7): the signed-in account's plan, card subscription, AI credits
 * and saved cards. Card details never pass through here: checkout happens on the provider's page.
 */
export const billingContract = {
  overview: endpoint({ method: 'GET', path: '/api/billing', response: billingOverview }),
  subscriptionCheckout: endpoint({
    method: 'POST',
    path: '/api/billing/subscription/checkout',
    body: subscriptionCheckout,
    response: checkoutStarted,
  }),
  /** Starts the account's one 30-day Pro trial; no card, no checkout (spec §1). */
  startTrial: endpoint({ method: 'POST', path: '/api/billing/subscription/trial', response: billingOverview }),
  cancelSubscription: endpoint({ method: 'POST', path: '/api/billing/subscription/cancel', response: billingOverview }),
  creditsCheckout: endpoint({ method: 'POST', path: '/api/billing/credits/checkout', body: creditsCheckout, response: checkoutStarted }),
  creditsChargeSaved: endpoint({
    method: 'POST',
    path: '/api/billing/credits/charge-saved-card',
    body: creditsChargeSaved,
    response: paymentOutcome,
  }),
  /** After checkout the provider sends the browser back with `reference`; this settles it. */
  verify: endpoint({
    method: 'POST',
    path: '/api/billing/verify',
    body: z.object({ reference: text().min(1).max(100) }),
    response: paymentOutcome,
  }),
  /** An admin corrects an account's bought credits, with a reason the account sees. */
  adjustCredits: endpoint({ method: 'POST', path: '/api/admin/credits', body: creditAdjustment, response: creditAdjusted }),
  checkPromo: endpoint({ method: 'POST', path: '/api/billing/promo/check', body: promoCheck, response: promoQuote }),
  history: endpoint({ method: 'GET', path: '/api/billing/history', response: billingHistory }),
  paymentMethods: endpoint({ method: 'GET', path: '/api/billing/payment-methods', response: z.array(paymentMethodDto) }),
  setDefaultMethod: endpoint({
    method: 'POST',
    path: '/api/billing/payment-methods/:id/default',
    params: methodId,
    response: z.array(paymentMethodDto),
  }),
  removeMethod: endpoint({
    method: 'DELETE',
    path: '/api/billing/payment-methods/:id',
    params: methodId,
    response: z.array(paymentMethodDto),
  }),
} as const;

/** The provider's webhook answer (the request itself is the provider's shape, verified by signature). */
export const webhookAck = okBody;
