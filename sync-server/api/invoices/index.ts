/** What other modules may use of invoices (DESIGN.md §12): queueing a document's delivery (the till's receipt e-mails). */
export { recordDeliveries } from './invoice-delivery.repo.js';
