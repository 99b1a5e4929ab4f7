/** The invoices module's public entry (DESIGN.md §12): this device's id for numbering, delivery statuses in words, and what is owed. */
export { deviceId } from './numbering';
export { statusWords } from './outreach/status-words';
export { owedInvoices } from './receivables';
