import { getRouteApi, Link } from '@tanstack/react-router';
import { productTitle } from '../../../schema/inventory/product-variants';
import { useMemo, useState } from 'react';
import type { Product } from '../../../schema/inventory/catalog';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { DeviceDataGate } from '../../kit/device-data-gate';
import { Picture } from '../../kit/pictures/picture-field';
import { rowPicture } from '../../kit/pictures/pictures.css';
import { EmptyState, Notice } from '../../ui/feedback';
import { useWorkspaceSettings } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';
import { DeleteProductDialog } from './delete-product-dialog';
import * as inv from './inventory.css';
import { formatCents } from '../../../schema/kit/money';
import { ProductDialog } from './product-form';
import { StockDialog } from './stock-dialog';
import { isLow, useOnHand, useProducts, useRefusedProducts } from './use-inventory';

const route = getRouteApi('/protected/workspace/$workspaceId/inventory');

/** /workspace/{id}/inventory: products and stock from the device database, so it works offline. */
export function InventoryPage() {
  const { workspaceId } = route.useParams();

  return (
    <>
      <header className={s.pageHeader}>
        <div>
          <h1 className={s.title}>Inventory</h1>
          <p className={s.muted}>Products and stock on this device. Changes sync when you are online.</p>
        </div>
      </header>
      <RefusedNotice workspaceId={workspaceId} />
      <DeviceDataGate inline opening="Opening inventory">
        {(data) => <Inventory data={data} workspaceId={workspaceId} />}
      </DeviceDataGate>
    </>
  );
}

function RefusedNotice({ workspaceId }: { workspaceId: number }) {
  const refused = useRefusedProducts(workspaceId);
  if (refused.length === 0) return null;
  return (
    <Notice tone="warning" title={refused.length === 1 ? 'A product was not saved' : `${refused.length} products were not saved`}>
      <ul className={s.bullets}>
        {refused.map((r) => (
          <li key={r.key}>
            {typeof r.document.name === 'string' ? `${r.document.name}: ` : ''}
            {r.message}
          </li>
        ))}
      </ul>
      <p className={s.muted}>
        <Link to="/workspace/$workspaceId/sync" params={{ workspaceId }}>
          Review refused changes
        </Link>
      </p>
    </Notice>
  );
}

function Inventory({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const products = useProducts(data, workspaceId);
  const onHand = useOnHand(data, workspaceId);
  const settings = useWorkspaceSettings(workspaceId);
  const currency = settings.data?.currency ?? 'USD';
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Product | null | 'new'>(null);
  const [adjusting, setAdjusting] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!products || q === '') return products;
    return products.filter((p) => [p.name, p.variant_name, p.sku, p.barcode, p.category].some((v) => v?.toLowerCase().includes(q)));
  }, [products, query]);

  if (!products || !shown) return <Spinner label="Loading products" />;
  const lowCount = products.filter((p) => isLow(p, onHand.get(p.id) ?? 0)).length;

  return (
    <div className={s.stack}>
      <div className={s.titleBar}>
        <div className={inv.search}>
          <TextField label="Search products" type="search" value={query} onChange={setQuery} placeholder="Name, SKU, barcode or category" />
        </div>
        <Button onPress={() => setEditing('new')}>New product</Button>
      </div>
      <p className={s.muted} role="status">
        {products.length} {products.length === 1 ? 'product' : 'products'}
        {lowCount > 0 ? `, ${lowCount} low on stock` : ''}
      </p>
      {products.length === 0 ? (
        <EmptyState title="No products yet">
          <p className={s.muted}>Add what you sell to track prices and stock, even without a connection.</p>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState title="No matching products">
          <p className={s.muted}>Nothing matches “{query.trim()}”.</p>
        </EmptyState>
      ) : (
        <ul className={s.list} aria-label="Products">
          {shown.map((p) => (
            <ProductRow
              key={p.id}
              workspaceId={workspaceId}
              product={p}
              onHand={onHand.get(p.id) ?? 0}
              currency={currency}
              onEdit={() => setEditing(p)}
              onAdjust={() => setAdjusting(p)}
              onDelete={() => setDeleting(p)}
            />
          ))}
        </ul>
      )}
      <ProductDialog
        data={data}
        workspaceId={workspaceId}
        product={editing === 'new' ? null : editing}
        currency={currency}
        isOpen={editing !== null}
        onClose={(saved) => {
          if (saved) toast({ title: editing === 'new' ? 'Product added' : 'Product saved', description: saved, variant: 'success' });
          setEditing(null);
        }}
      />
      <StockDialog
        data={data}
        product={adjusting}
        onHand={adjusting ? (onHand.get(adjusting.id) ?? 0) : 0}
        onClose={(done) => {
          if (done && adjusting) toast({ title: 'Stock updated', description: `${productTitle(adjusting)}: ${done}`, variant: 'success' });
          setAdjusting(null);
        }}
      />
      <DeleteProductDialog data={data} product={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function ProductRow({
  workspaceId,
  product: p,
  onHand,
  currency,
  onEdit,
  onAdjust,
  onDelete,
}: {
  workspaceId: number;
  product: Product;
  onHand: number;
  currency: string;
  onEdit: () => void;
  onAdjust: () => void;
  onDelete: () => void;
}) {
  const low = isLow(p, onHand);
  const name = productTitle(p);
  return (
    <li className={low ? `${s.listItem} ${inv.lowRow}` : s.listItem} aria-label={name}>
      {p.image_file_id ? <Picture workspaceId={workspaceId} fileId={p.image_file_id} size={56} className={rowPicture} /> : null}
      <div className={s.itemMain}>
        <p className={s.itemName}>
          {name} {low ? <span className={inv.lowBadge}>Low stock</span> : null}
          {p.status !== 'active' ? <span className={s.badge.neutral}>{p.status === 'draft' ? 'Draft' : 'Archived'}</span> : null}
        </p>
        <p className={inv.meta}>
          <span>SKU: {p.sku ?? '—'}</span>
          <span>Category: {p.category ?? '—'}</span>
        </p>
      </div>
      <dl className={inv.figures}>
        <div className={inv.figure}>
          <dt className={inv.figureLabel}>Price</dt>
          <dd className={inv.figureValue}>{p.price_cents === undefined ? '—' : formatCents(p.price_cents, currency)}</dd>
        </div>
        <div className={inv.figure}>
          <dt className={inv.figureLabel}>On hand</dt>
          <dd className={inv.figureValue} data-testid="on-hand">
            {p.track_inventory === false ? 'Not tracked' : onHand}
          </dd>
        </div>
      </dl>
      <div className={inv.actions}>
        <Button variant="secondary" onPress={onAdjust} aria-label={`Adjust stock of ${name}`}>
          Adjust stock
        </Button>
        <Button variant="secondary" onPress={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        <Button variant="secondary" onPress={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
