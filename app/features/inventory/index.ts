/** The inventory module's public entry (DESIGN.md §12): the products and what is on hand, for the till, the market and the AI. */
export { useOnHand, useProducts } from './use-inventory';
