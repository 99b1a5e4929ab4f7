import { useDeferredValue } from 'react';
import { productTitle } from '../../../schema/inventory/product-variants';
import { map } from 'rxjs';
import { useStore } from 'zustand';
import type { Product } from '../../../schema/inventory/catalog';
import type { UserData } from '../../data/db';
import { useLiveQuery } from '../../data/use-live-query';
import { sumMovements } from './stock';
import { syncStatus } from '../../data/sync-status';

/** The workspace's products on this device, live (RxDB reactive query); null while loading. */
export function useProducts(data: UserData | null, workspaceId: number): Product[] | null {
  return useLiveQuery(
    () =>
      data?.db.products
        .find({ selector: { workspace_id: workspaceId }, sort: [{ id: 'asc' }] })
        .$.pipe(
          map((docs) =>
            docs
              .map((d) => d.toMutableJSON())
              .sort((a, b) => productTitle(a, '').localeCompare(productTitle(b, ''), undefined, { sensitivity: 'base' })),
          ),
        ) ?? null,
    [data, workspaceId],
  ).data;
}

const noStock = new Map<string, number>();

/**
 * On hand per product, from the local stock ledger (synced or not), never from the server's
 * stock_on_hand field, so offline sales and adjustments count at once.
 */
export function useOnHand(data: UserData | null, workspaceId: number): Map<string, number> {
  const query = useLiveQuery(
    () =>
      data?.db.stock_movements.find({ selector: { workspace_id: workspaceId } }).$.pipe(
        map((docs) => {
          const byProduct = new Map<string, { quantity: number }[]>();
          for (const d of docs) {
            const list = byProduct.get(d.product_id) ?? [];
            list.push({ quantity: d.quantity });
            byProduct.set(d.product_id, list);
          }
          return new Map([...byProduct].map(([id, list]) => [id, sumMovements(list)]));
        }),
      ) ?? null,
    [data, workspaceId],
  );
  // Counts refresh behind urgent updates: a sale's stock lands just after its receipt shows.
  return useDeferredValue(query.data ?? noStock);
}

/** Products the server refused for this workspace (e.g. the free plan's product limit). */
export function useRefusedProducts(workspaceId: number) {
  const rejected = useStore(syncStatus, (s) => s.rejected);
  return rejected.filter((r) => r.collection === 'products' && r.workspace_id === workspaceId);
}

export function isLow(product: Product, onHand: number): boolean {
  return product.track_inventory !== false && product.low_stock_threshold !== undefined && onHand <= product.low_stock_threshold;
}
