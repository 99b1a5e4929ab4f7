import { ORDER_REFERENCE_PREFIX } from '../../../schema/marketplace/marketplace-orders.js';
import { marketplaceContract } from '../../../schema/marketplace/contract.js';
import { defineArea } from '../../areas/area.js';
import { payRefundsDueSoon } from '../../payments/refunds-due.js';
import { settleOrderPayment } from './checkout.service.js';
import { marketplaceRoutes } from './marketplace.routes.js';
import { marketplaceSeo } from './marketplace.seo.js';
import { orderCheckoutJobs, orderMails } from './order-mail.jobs.js';
import { orderChangeRules } from './order-changes.sync.js';
import { orderRefundOutcome } from './refund-outcome.js';

/** The marketplace: shops, orders paid by card, sellers' refunds, and replicated order changes. */
export const marketplaceArea = defineArea({
  id: 'marketplace',
  contracts: { marketplaceContract },
  routes: [marketplaceRoutes],
  rules: { order_changes: orderChangeRules },
  jobs: [orderCheckoutJobs],
  mails: orderMails,
  seo: [marketplaceSeo],
  payments: {
    prefix: ORDER_REFERENCE_PREFIX,
    settle: settleOrderPayment,
    // A late or short payment whose goods could not be had goes back at once (the hourly sweep retries).
    afterSettle: payRefundsDueSoon,
    refundOutcome: orderRefundOutcome,
  },
});
