/** What other modules may use of inventory (DESIGN.md §12): the stock ledger's one writer. */
export { writeStockMovements } from './stock-ledger.js';
