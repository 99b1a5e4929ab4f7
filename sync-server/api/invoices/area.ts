import { invoicesContract } from '../../../schema/invoices/contract.js';
import { defineArea } from '../../areas/area.js';
import { deliveryMails } from './invoice-delivery.jobs.js';
import { invoiceCheckoutJobs } from './invoice-pay.jobs.js';
import { INVOICE_REFERENCE_PREFIX } from './invoice-pay.repo.js';
import { settleInvoicePayment } from './invoice-pay.settle.js';
import { invoiceReminderJobs, reminderMails } from './invoice-reminders.jobs.js';
import { invoicesRoutes } from './invoices.routes.js';
import { quoteAcceptedMails } from './quote-accepted.mail.js';
import { invoiceRules, quoteRules } from './invoices.sync.js';

/** Invoices and quotes: replicated documents, their delivery and reminders, and "Pay now" by card. */
export const invoicesArea = defineArea({
  id: 'invoices',
  contracts: { invoicesContract },
  routes: [invoicesRoutes],
  rules: { invoices: invoiceRules, quotes: quoteRules },
  jobs: [invoiceReminderJobs, invoiceCheckoutJobs],
  mails: { ...deliveryMails, ...reminderMails, ...quoteAcceptedMails },
  payments: { prefix: INVOICE_REFERENCE_PREFIX, settle: settleInvoicePayment },
});
