import { startTransition, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { Product } from '../../../schema/catalog';
import type { UserData } from '../../data/db';
import { sumMovements } from '../../data/stock';
import { syncStatus } from '../../data/sync-status';

/** The workspace's products on this device, live (RxDB reactive query); null while loading. */
export function useProducts(data: UserData | null, workspaceId: number): Product[] | null {
  const [products, setProducts] = useState<Product[] | null>(null);
  useEffect(() => {
    if (!data) return;
    const sub = data.db.products
      .find({ selector: { workspace_id: workspaceId }, sort: [{ id: 'asc' }] })
      .$.subscribe((docs) => {
        const list = docs.map((d) => d.toMutableJSON());
        list.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '', undefined, { sensitivity: 'base' }));
        setProducts(list);
      });
    return () => sub.unsubscribe();
  }, [data, workspaceId]);
  return products;
}

/**
 * On hand per product, from the local stock ledger (synced or not), never from the server's
 * stock_on_hand field, so offline sales and adjustments count at once.
 */
export function useOnHand(data: UserData | null, workspaceId: number): Map<string, number> {
  const [onHand, setOnHand] = useState<Map<string, number>>(new Map());
  useEffect(() => {
    if (!data) return;
    const sub = data.db.stock_movements.find({ selector: { workspace_id: workspaceId } }).$.subscribe((docs) => {
      const byProduct = new Map<string, { quantity: number }[]>();
      for (const d of docs) {
        const list = byProduct.get(d.product_id) ?? [];
        list.push({ quantity: d.quantity });
        byProduct.set(d.product_id, list);
      }
      const totals = new Map([...byProduct].map(([id, list]) => [id, sumMovements(list)]));
      // Counts refresh behind urgent updates: a sale's stock lands just after its receipt shows.
      startTransition(() => setOnHand(totals));
    });
    return () => sub.unsubscribe();
  }, [data, workspaceId]);
  return onHand;
}

/** Products the server refused for this workspace (e.g. the free plan's product limit). */
export function useRefusedProducts(workspaceId: number) {
  const rejected = useStore(syncStatus, (s) => s.rejected);
  return rejected.filter((r) => r.collection === 'products' && r.workspace_id === workspaceId);
}

export function isLow(product: Product, onHand: number): boolean {
  return product.track_inventory !== false && product.low_stock_threshold !== undefined && onHand <= product.low_stock_threshold;
}
