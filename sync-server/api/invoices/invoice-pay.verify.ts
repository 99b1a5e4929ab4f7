import type { AppDeps } from '../../deps.js';
import type { VerifiedTransaction } from '../../payments/gateway.js';
import { paymentGateway } from '../../payments/payments.js';
import * as repo from './invoice-pay.repo.js';
import { settleInvoicePayment } from './invoice-pay.settle.js';

/**
 * The customer is back from the card checkout (its reference in the address) and the checkout is
 * still pending here: the card partner is asked for the transaction (its verify call), because its
 * webhook may come late and, for a declined or cancelled card, never comes. A success settles exactly
 * as the webhook would (the checkout turns paid once, so the webhook that follows is a duplicate); a
 * failed or abandoned one is closed with the partner's reason, and "Pay now" starts a new checkout.
 * Unreachable partner or still pending: nothing changes, and the page asks again.
 */
export async function checkoutOutcome(deps: AppDeps, workspaceId: number, invoiceId: string, reference: string) {
  const known = await repo.checkoutStatus(deps.db, workspaceId, invoiceId, reference);
  if (!known || known.status !== 'pending') return known;
  const gateway = paymentGateway(deps.config);
  if (!gateway) return known;
  let t: VerifiedTransaction;
  try {
    t = await gateway.verify(reference);
  } catch (err) {
    deps.log.warn({ reference, err: String(err) }, 'a returning checkout could not be verified');
    return known;
  }
  if (t.reference !== reference) return known;
  if (t.status === 'success') {
    await deps.db.transaction((tx) => settleInvoicePayment(tx, t, deps.now()));
  } else if (t.status === 'failed' || t.status === 'abandoned') {
    await repo.finishOnlinePayment(deps.db, reference, { status: 'failed', reason: t.gatewayResponse });
  } else {
    return known;
  }
  return repo.checkoutStatus(deps.db, workspaceId, invoiceId, reference);
}
