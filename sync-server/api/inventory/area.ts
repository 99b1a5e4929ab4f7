import { defineArea } from '../../areas/area.js';
import { demoStock } from './demo.js';
import { productRules, stockMovementRules } from './inventory.sync.js';

/** Inventory: the replicated catalog and its stock ledger. */
export const inventoryArea = defineArea({
  id: 'inventory',
  rules: { products: productRules, stock_movements: stockMovementRules },
  demo: demoStock,
});
