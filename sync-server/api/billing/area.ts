import { billingContract } from '../../../schema/billing/contract.js';
import { defineArea } from '../../areas/area.js';
import { cardRefundJobs } from '../../payments/refunds-due.js';
import { billingRoutes } from './billing.routes.js';
import { startBillingSweeper } from './billing.sweeper.js';

/**
 * Billing: the account's own money (plans, credits, cards), the payment webhook that hands every
 * other payment to the area claiming it, and the retry of card refunds the server owes.
 */
export const billingArea = defineArea({
  id: 'billing',
  contracts: { billingContract },
  routes: [billingRoutes],
  jobs: [cardRefundJobs],
  start: [(deps) => startBillingSweeper(deps)],
});
