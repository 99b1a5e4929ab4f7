import { Link } from '@tanstack/react-router';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { useUserData } from '../../kit/user-data';
import * as s from '../../ui/page.css';
import { isLow, useOnHand, useProducts } from './use-inventory';

/** The dashboard's real inventory numbers, counted from the device database (works offline). */
export function InventoryGlance({ workspaceId }: { workspaceId: number }) {
  const data = useUserData();
  const products = useProducts(data, workspaceId);
  const onHand = useOnHand(data, workspaceId);
  const low = products?.filter((p) => isLow(p, onHand.get(p.id) ?? 0)) ?? [];
  return (
    <Card aria-labelledby="inventory-glance-title">
      <h2 className={s.sectionTitle} id="inventory-glance-title">
        Inventory
      </h2>
      {products === null ? (
        <Spinner label="Counting products" />
      ) : (
        <div className={s.stack}>
          <p className={s.muted} data-testid="inventory-glance">
            {products.length} {products.length === 1 ? 'product' : 'products'}, {low.length} low on stock
            {low.length > 0
              ? `: ${low
                  .slice(0, 3)
                  .map((p) => p.name ?? 'Unnamed')
                  .join(', ')}${low.length > 3 ? '…' : ''}`
              : ''}
          </p>
          <p className={s.muted}>
            <Link to="/workspace/$workspaceId/inventory" params={{ workspaceId }}>
              Open inventory
            </Link>
          </p>
        </div>
      )}
    </Card>
  );
}
