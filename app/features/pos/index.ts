/**
 * The till's public entry (DESIGN.md §12): how it adds up what was sold, refunded and voided (the
 * dashboard's takings, the Z-report), for the reports to count the same way, and this device's till id.
 */
export { receiptLabel, salesSummary } from './figures';
export { zReport, type MethodLine, type ZReport } from './z-report';
export { useDeviceId } from './use-pos';
