import { defineArea } from '../../areas/area.js';
import { demoStock } from './demo.js';
import { productRules, stockMovementRules } from './inventory.sync.js';
import { countPlanProducts } from './variants.repo.js';

/** Inventory: the replicated catalog and its stock ledger. */
export const inventoryArea = defineArea({
  id: 'inventory',
  rules: { products: productRules, stock_movements: stockMovementRules },
  // A product with its variants counts once: a new variant adds nothing.
  limits: { products: { used: countPlanProducts, pushed: { collection: 'products', counts: (doc) => doc.variant_of == null } } },
  demo: demoStock,
});
