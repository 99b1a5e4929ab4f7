/** The invoices module's public entry (DESIGN.md §12): this device's id for numbering, and delivery statuses in words. */
export { deviceId } from './numbering';
export { statusWords } from './outreach/status-words';
