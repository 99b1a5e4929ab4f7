import { randomUUID } from 'node:crypto';
import { products, stockMovements } from '../../../schema/inventory/catalog.js';
import type { DemoSeed } from '../../areas/area.js';

const demoProducts = [
  { name: 'Maize meal 5 kg', sku: 'MM-5', price_cents: 8999, cost_cents: 7200, category: 'Groceries', stock: 24 },
  { name: 'Cooking oil 2 L', sku: 'OIL-2', price_cents: 6499, cost_cents: 5100, category: 'Groceries', stock: 12 },
  { name: 'Airtime R30', sku: 'AIR-30', price_cents: 3000, cost_cents: 2850, category: 'Airtime', stock: 50 },
  { name: 'Vetkoek (each)', sku: 'VET-1', price_cents: 500, cost_cents: 180, category: 'Food', stock: 3 },
] as const;

/** The demo stall's products with their opening stock (one low, to show the warning). */
export async function demoStock({ push, now }: DemoSeed): Promise<void> {
  const productDocs = demoProducts.map(({ stock: _stock, ...p }) => ({
    id: randomUUID(),
    ...p,
    track_inventory: true,
    pos_enabled: true,
    low_stock_threshold: 5,
  }));
  await push(products, productDocs);
  await push(
    stockMovements,
    demoProducts.map((p, i) => ({
      id: randomUUID(),
      product_id: productDocs[i].id,
      quantity: p.stock,
      reason: 'purchase',
      note: 'Opening stock',
      created_at: now,
    })),
  );
}
