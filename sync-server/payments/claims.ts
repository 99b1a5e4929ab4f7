import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import type { Queryable } from '../db/db.js';
import type { VerifiedTransaction } from './gateway.js';

/** What a webhook's handling came to, answered to the provider as `{ message }`. */
export type WebhookResult = 'handled' | 'duplicate' | 'ignored';

/**
 * The data of Paystack's refund.processed and refund.failed webhooks: the payment refunded (its
 * transaction's reference), the amount, and the refund's own id where it is given.
 */
export const refundEventData = z
  .object({
    transaction_reference: z.string().min(1).optional(),
    transaction: z
      .object({ reference: z.string().min(1) })
      .passthrough()
      .optional(),
    amount: z.coerce.number<number | string>().int().positive(),
    id: z.union([z.number(), z.string()]).nullish(),
    refund_reference: z.string().nullish(),
  })
  .passthrough()
  .transform((d, ctx) => {
    const transactionReference = d.transaction_reference ?? d.transaction?.reference;
    if (!transactionReference) {
      ctx.addIssue({ code: 'custom', message: 'no transaction reference' });
      return z.NEVER;
    }
    return { transactionReference, amount: d.amount, refundId: d.id === null || d.id === undefined ? null : String(d.id) };
  });
export type RefundEvent = z.output<typeof refundEventData>;

/**
 * What an area takes in payment (DESIGN.md §12): the references its checkout makes start with
 * `prefix`, and a charge for one of them is the area's to settle. Billing looks the reference up
 * here and knows no area; the account's own payments (plans, credits) are billing's.
 */
export interface PaymentClaim {
  /** The start of every reference the area's checkout makes (unique among areas). */
  prefix: string;
  /** Settles a successful or failed charge inside the webhook's transaction (which recorded the delivery). */
  settle(tx: Queryable, verified: VerifiedTransaction, now: Date): Promise<WebhookResult>;
  /** After the settling transaction committed, when it was handled (money owed back is asked for at once). */
  afterSettle?(deps: AppDeps): Promise<void>;
  /**
   * The bank's answer to a refund the area asked for: 'handled' when it was one of the area's, else
   * 'ignored' and the next area (then the server's own refunds due) is asked. Asked for any reference.
   */
  refundOutcome?(tx: Queryable, outcome: 'processed' | 'failed', refund: RefundEvent, now: Date): Promise<'handled' | 'ignored'>;
}

/** Every area's claim, looked up by reference; built once from the area list. */
export interface PaymentRegistry {
  /** The claim whose prefix the reference starts with, if any. */
  claimOf(reference: string): PaymentClaim | undefined;
  /** The claims that answer refund outcomes, in area order. */
  refundHandlers: readonly PaymentClaim[];
}

/** The registry of the given claims; two claims whose prefixes overlap are a mistake of the list. */
export function paymentRegistry(claims: readonly PaymentClaim[]): PaymentRegistry {
  for (const a of claims) {
    for (const b of claims) {
      if (a !== b && b.prefix.startsWith(a.prefix)) throw new Error(`Payment prefixes overlap: ${a.prefix} and ${b.prefix}`);
    }
  }
  return {
    claimOf: (reference) => claims.find((c) => reference.startsWith(c.prefix)),
    refundHandlers: claims.filter((c) => c.refundOutcome !== undefined),
  };
}
