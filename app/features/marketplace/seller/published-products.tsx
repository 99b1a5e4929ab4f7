import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Product } from '../../../../schema/inventory/catalog';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import { MAX_FEATURED, marketMessages, type StorefrontSettingsDto } from '../../../../schema/marketplace/marketplace';
import { formatCents } from '../../../../schema/kit/money';
import { productTitle } from '../../../../schema/inventory/product-variants';
import { call } from '../../../data/api';
import type { UserData } from '../../../data/db';
import { EmptyState, Notice } from '../../../ui/feedback';
import { CheckboxField } from '../../../ui/form-controls';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast-store';
import * as p from '../../../ui/page.css';
import { useProducts } from '../../inventory';
import { serverMessage } from '../../../kit/workspace-queries';
import { storefrontKey } from './storefront-key';

type Flag = 'is_public' | 'published_in_marketplace';

/** Why a product cannot reach buyers whatever its switches say, or null. */
function unsellable(product: Product): string | null {
  if (product.status !== 'active') return 'Not active: set its status to Active in Inventory.';
  if (product.price_cents === undefined && product.sale_price_cents === undefined) return 'No price: add one in Inventory.';
  return null;
}

/**
 * Which products are public (on the storefront), in the marketplace, and featured. The first two are
 * the product's own fields (the device's copy, synced like any edit); featuring is a storefront setting.
 */
export function PublishedProducts({
  data,
  workspaceId,
  dto,
  canEdit,
}: {
  data: UserData;
  workspaceId: number;
  dto: StorefrontSettingsDto;
  canEdit: boolean;
}) {
  const products = useProducts(data, workspaceId);
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const featured = new Set(dto.settings.featured_product_ids);

  const feature = useMutation({
    mutationFn: (ids: string[]) =>
      call(c.saveSettings, { params: { id: workspaceId }, body: { ...dto.settings, featured_product_ids: ids } }),
    onSuccess: (saved) => queryClient.setQueryData(storefrontKey(workspaceId), saved),
    onError: (error) => toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' }),
  });

  async function setFlag(product: Product, flag: Flag, on: boolean) {
    setFailure(null);
    try {
      const doc = await data.db.products.findOne(product.id).exec();
      if (!doc) throw new Error('This product was deleted on another device');
      // A main product's switch is its whole group's: its variants follow (each may then be switched on its own).
      const group = [doc, ...(await data.db.products.find({ selector: { workspace_id: workspaceId, variant_of: product.id } }).exec())];
      for (const d of group) {
        await d.incrementalModify((old) => {
          const next: Product = { ...old, [flag]: on, updated_at: new Date().toISOString() };
          // Off the storefront is off the marketplace too.
          if (flag === 'is_public' && !on) next.published_in_marketplace = false;
          if (flag === 'published_in_marketplace' && on) next.is_public = true;
          return next;
        });
      }
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  function toggleFeatured(product: Product, on: boolean) {
    const ids = on ? [...featured, product.id] : [...featured].filter((id) => id !== product.id);
    if (ids.length > MAX_FEATURED) {
      toast({ title: 'Update failed', description: marketMessages.tooManyFeatured, variant: 'destructive' });
      return;
    }
    feature.mutate(ids);
  }

  if (products === null) return <Spinner label="Loading products" />;
  if (products.length === 0) {
    return (
      <EmptyState title="No products yet">
        <p className={p.muted}>Add products in Inventory, then choose here which ones buyers see.</p>
      </EmptyState>
    );
  }
  return (
    <div className={p.stack}>
      <p className={p.muted}>
        “On my storefront” shows a product on your shop page; “In the marketplace” also lets buyers find it by search. Changes sync when you
        are online.
      </p>
      {failure ? (
        <Notice tone="error" title="Could not save">
          <p className={p.muted}>{failure}</p>
        </Notice>
      ) : null}
      <ul className={p.list} aria-label="Products">
        {products.map((product) => {
          const name = productTitle(product);
          const problem = unsellable(product);
          return (
            <li key={product.id} className={p.listItem} data-testid="publish-row">
              <div className={p.itemMain}>
                <p className={p.itemName}>{name}</p>
                <p className={p.muted}>
                  {product.price_cents !== undefined ? formatCents(product.sale_price_cents ?? product.price_cents, 'ZAR') : 'No price'}
                  {product.category ? ` · ${product.category}` : ''}
                </p>
                {problem && product.is_public ? <p className={p.fieldError}>{problem}</p> : null}
              </div>
              <div className={p.row}>
                <CheckboxField
                  isSelected={product.is_public === true}
                  isDisabled={!canEdit}
                  onChange={(v) => void setFlag(product, 'is_public', v)}
                >
                  On my storefront<span className={p.visuallyHidden}>: {name}</span>
                </CheckboxField>
                <CheckboxField
                  isSelected={product.published_in_marketplace === true}
                  isDisabled={!canEdit}
                  onChange={(v) => void setFlag(product, 'published_in_marketplace', v)}
                >
                  In the marketplace<span className={p.visuallyHidden}>: {name}</span>
                </CheckboxField>
                <CheckboxField
                  isSelected={featured.has(product.id)}
                  isDisabled={
                    !canEdit || feature.isPending || product.published_in_marketplace !== true || product.variant_of !== undefined
                  }
                  onChange={(v) => toggleFeatured(product, v)}
                >
                  Featured<span className={p.visuallyHidden}>: {name}</span>
                </CheckboxField>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
