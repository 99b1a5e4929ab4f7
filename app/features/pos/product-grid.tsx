import { Link } from '@tanstack/react-router';
import { productTitle } from '../../../schema/inventory/product-variants';
import { memo, useMemo, useState, type KeyboardEvent } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { Product } from '../../../schema/inventory/catalog';
import { TextField } from '../../ui/text-field';
import { Picture } from '../../kit/pictures/picture-field';
import { useOnline } from '../../kit/online';
import { showAllPictures, usePicturesHeld } from '../../kit/data-saver';
import { Button } from '../../ui/button';
import { tilePicture } from '../../kit/pictures/pictures.css';
import { EmptyState } from '../../ui/feedback';
import * as s from '../../ui/page.css';
import { formatCents } from '../../../schema/kit/money';
import { findByCode, tillPrice } from './cart';
import * as p from './pos.css';

/**
 * What the till sells: a search over name, SKU and barcode, a code field for scanners (they type the
 * code and press Enter), and a grid of product buttons with price and stock.
 */
export const ProductGrid = memo(function ProductGrid({
  workspaceId,
  products,
  arriving,
  onHand,
  currency,
  onAdd,
}: {
  workspaceId: number;
  products: Product[];
  /** This device has not yet had the workspace's products from the server (a new phone's first sync). */
  arriving: boolean;
  onHand: Map<string, number>;
  currency: string;
  onAdd: (product: Product) => void;
}) {
  const [query, setQuery] = useState('');
  const [code, setCode] = useState('');
  const picturesHeld = usePicturesHeld();
  const [codeError, setCodeError] = useState<string | undefined>();

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (q === '') return products;
    return products.filter((pr) => [pr.name, pr.variant_name, pr.sku, pr.barcode, pr.category].some((v) => v?.toLowerCase().includes(q)));
  }, [products, query]);

  function onCodeKey(e: KeyboardEvent) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const wanted = code.trim();
    if (wanted === '') return;
    const found = findByCode(products, wanted);
    if (!found) {
      setCodeError(`No product with barcode or SKU “${wanted}”`);
      return;
    }
    setCodeError(undefined);
    setCode('');
    onAdd(found);
  }

  if (products.length === 0 && arriving) return <ProductsOnTheirWay />;
  if (products.length === 0) {
    return (
      <EmptyState title="No products to sell yet">
        <p className={s.muted}>Add products with a price in Inventory and they appear here, ready to ring up.</p>
        <p>
          <Link to="/workspace/$workspaceId/inventory" params={{ workspaceId }}>
            Go to Inventory
          </Link>
        </p>
      </EmptyState>
    );
  }

  return (
    <div className={p.column}>
      {picturesHeld && shown.some((pr) => pr.image_file_id) ? (
        <p className={s.muted}>
          Data saver is on: product pictures are not loaded.{' '}
          <Button variant="secondary" onPress={showAllPictures}>
            Show pictures
          </Button>
        </p>
      ) : null}
      <div className={p.finders}>
        <TextField label="Search products" type="search" value={query} onChange={setQuery} placeholder="Name, SKU or barcode" />
        <TextField
          label="Barcode or SKU"
          value={code}
          onChange={(v) => {
            setCode(v);
            setCodeError(undefined);
          }}
          onKeyDown={onCodeKey}
          error={codeError}
          description="Scan or type a code, then Enter"
          autoComplete="off"
        />
      </div>
      {shown.length === 0 ? (
        <p className={s.muted} role="status">
          Nothing matches “{query.trim()}”.
        </p>
      ) : (
        <ul className={p.grid} aria-label="Products for sale">
          {shown.map((pr) => {
            const price = tillPrice(pr);
            const name = productTitle(pr);
            const stock = pr.track_inventory === false ? null : (onHand.get(pr.id) ?? 0);
            return (
              <li key={pr.id}>
                <AriaButton className={p.tile} onPress={() => onAdd(pr)} isDisabled={price === undefined} aria-label={`Add ${name}`}>
                  {pr.image_file_id ? (
                    <Picture workspaceId={workspaceId} fileId={pr.image_file_id} size={160} className={tilePicture} alt="" inButton />
                  ) : null}
                  <span className={p.tileName}>{name}</span>
                  <span className={p.tileMeta}>
                    <span className={p.price}>{price === undefined ? 'No price' : formatCents(price, currency)}</span>
                    <span data-testid="tile-stock">{stock === null ? '' : `${stock} in stock`}</span>
                  </span>
                </AriaButton>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
});

/** A new device's till before its first sync of products has finished: not "none", only "not here yet". */
function ProductsOnTheirWay() {
  const online = useOnline();
  return (
    <EmptyState title="Your products are on their way">
      <p className={s.muted} role="status">
        {online
          ? 'This device is fetching them now. Each product can be sold the moment it arrives.'
          : 'This device is offline: they arrive as soon as it is back online.'}
      </p>
    </EmptyState>
  );
}
