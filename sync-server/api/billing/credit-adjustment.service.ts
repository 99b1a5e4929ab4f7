import type { z } from 'zod';
import { creditAdjustmentMessages as msg, type creditAdjusted, type creditAdjustment } from '../../../schema/billing/billing.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import * as users from '../auth/users.repo.js';
import * as repo from './billing.repo.js';
import { splitKeptCredits } from './credits.js';
import { boughtEver } from './credits.repo.js';

/**
 * An admin adds bought credits to an account or takes them away (a goodwill grant, a reversed
 * mistake). Under the account's row lock, so a generation reserving credits at the same moment
 * cannot take the balance below 0; the ledger row carries the reason, which the account sees in
 * its credit history. The plan's monthly allowance is not touched.
 */
export async function adjustCredits(
  deps: AppDeps,
  adminId: number,
  body: z.output<typeof creditAdjustment>,
): Promise<z.infer<typeof creditAdjusted>> {
  if (!(await users.isAdmin(deps.db, adminId))) throw forbidden(msg.adminsOnly);
  return deps.db.transaction(async (q) => {
    const account = await repo.lockCreditsByEmail(q, body.email);
    if (!account) throw notFound(msg.noAccount);
    const balance = account.credits + body.amount;
    if (balance < 0) throw badRequest(msg.belowZero(splitKeptCredits(account.credits, await boughtEver(q, account.id))));
    await repo.addCredits(q, {
      userId: account.id,
      amount: body.amount,
      description: body.reason,
      type: 'adjustment',
      paymentId: null,
      now: deps.now(),
    });
    // Told apart as the account's AI page tells them: welcome credits (spent first) and bought ones.
    const kept = splitKeptCredits(balance, await boughtEver(q, account.id));
    return { email: account.email, full_name: account.full_name, welcome_credits: kept.welcome, bought_credits: kept.bought };
  });
}
