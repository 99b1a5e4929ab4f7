/** What other modules may use of inventory (DESIGN.md §12): the stock ledger's one writer. */
export { stockMovementRules } from './inventory.sync.js';
