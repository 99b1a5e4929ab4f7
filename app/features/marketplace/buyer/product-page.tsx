import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { type MarketProduct, type MarketProductDetail } from '../../../../schema/marketplace/marketplace';
import { variantMessages } from '../../../../schema/inventory/product-variants';
import { Button } from '../../../ui/button';
import { LoadError, Notice } from '../../../ui/feedback';
import { PageSpinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { NotFound } from '../../../routes/not-found';
import { serverMessage } from '../../../kit/workspace-queries';
import { useAddToCart } from '../cart/use-add-to-cart';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';
import { isNotFound, useMarketProduct } from './market-queries';
import { MarketPrice, ProductPicture, StockState } from './product-card';
import { ProductReviews, RatingSummary } from '../reviews/product-reviews';
import { WishlistHeart } from '../wishlist/wishlist-heart';
import { firstChoice, VariantPicker } from './variant-picker';

const route = getRouteApi('/marketplace/product/$productId');

/** /marketplace/product/{id}: picture, price (display currency, rand charged), stock, seller, add to cart. */
export function ProductPage() {
  const { productId } = route.useParams();
  const product = useMarketProduct(productId);
  if (product.isPending) return <PageSpinner label="Opening the product..." />;
  if (product.isError && isNotFound(product.error)) return <NotFound />;
  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`}>
        {product.isError ? (
          <LoadError title="Could not open the product" message={serverMessage(product.error)} onRetry={() => void product.refetch()} />
        ) : (
          <Product product={product.data} />
        )}
      </div>
    </MarketLayout>
  );
}

/** What the buy box sells: the product itself, or the option picked of a product with variants. */
function chosenOf(p: MarketProductDetail, id: string): MarketProduct & { sku: string | null } {
  const v = p.variants.find((x) => x.id === id);
  if (!v) return p;
  return {
    ...p,
    id: v.id,
    name: v.name,
    price_cents: v.price_cents,
    was_cents: v.was_cents,
    stock: v.stock,
    stock_left: v.stock_left,
    sku: v.sku,
  };
}

function Product({ product: p }: { product: MarketProductDetail }) {
  usePageMeta({ title: p.name, description: `${p.name}, sold by ${p.seller.name} on the marketplace.` });
  const [choice, setChoice] = useState(() => firstChoice(p));
  const chosen = chosenOf(p, choice);
  const soldOut = p.variants.length > 0 && p.variants.every((v) => v.stock === 'out');
  return (
    <>
      <nav aria-label="Breadcrumb">
        <ol className={s.crumbs}>
          <li>
            <SiteLink to="/marketplace">Marketplace</SiteLink>
          </li>
          {p.category ? (
            <li>
              <SiteLink to={`/marketplace?category=${encodeURIComponent(p.category)}`}>{p.category}</SiteLink>
            </li>
          ) : null}
          <li aria-current="page">{p.name}</li>
        </ol>
      </nav>
      <div className={s.productLayout}>
        <ProductPicture product={p} width={1024} className={s.productImage} empty={s.productPlaceholder} />
        <div className={s.stack} style={{ gap: '1rem' }}>
          <h1 className={s.h1}>{p.name}</h1>
          <RatingSummary productId={p.group_id} />
          <div>
            <MarketPrice cents={chosen.price_cents} className={s.bigPrice} charged />
            {chosen.was_cents !== null ? (
              <p className={s.muted}>
                Was <MarketPrice cents={chosen.was_cents} className={s.was} />
              </p>
            ) : null}
          </div>
          {p.variants.length > 0 ? <VariantPicker variants={p.variants} value={chosen.id} onChange={setChoice} /> : null}
          <StockState product={chosen} />
          {soldOut ? (
            <Notice tone="warning">{variantMessages.allSoldOut}</Notice>
          ) : (
            <AddToCart key={chosen.id} product={chosen} outMessage={p.variants.length > 0 ? variantMessages.optionSoldOut : undefined} />
          )}
          <WishlistHeart productId={p.group_id} name={p.name} labelled />
          <dl className={s.facts}>
            <dt>Sold by</dt>
            <dd>
              <SiteLink to={`/storefront/${encodeURIComponent(p.seller.slug)}`}>{p.seller.name}</SiteLink>
            </dd>
            {p.category ? (
              <>
                <dt>Category</dt>
                <dd>{p.category}</dd>
              </>
            ) : null}
            {chosen.sku ? (
              <>
                <dt>SKU</dt>
                <dd>{chosen.sku}</dd>
              </>
            ) : null}
            <dt>Delivery</dt>
            <dd>{p.shipping_required ? "Shipped by the seller (see the seller's storefront for rates)" : 'Nothing to ship'}</dd>
            {p.tags.length > 0 ? (
              <>
                <dt>Tags</dt>
                <dd>{p.tags.join(', ')}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </div>
      <ProductReviews productId={p.group_id} />
    </>
  );
}

function AddToCart({ product, outMessage = 'This product is out of stock.' }: { product: MarketProduct; outMessage?: string }) {
  const { quantity, setQuantity, error, busy, added, add } = useAddToCart({
    item: product,
    left: product.stock_left,
    tooMany: (left) => (left === 1 ? 'Only 1 left in stock.' : `Only ${left} left in stock.`),
    label: product.name,
  });
  if (product.stock === 'out') return <Notice tone="warning">{outMessage}</Notice>;

  return (
    <div className={s.buyBox}>
      <div className={s.qtyRow}>
        <div className={s.qtyInput}>
          <TextField label="Quantity" value={quantity} onChange={setQuantity} inputMode="numeric" error={error} />
        </div>
        <Button onPress={() => void add()} isPending={busy}>
          Add to cart
        </Button>
      </div>
      {added ? (
        <SiteLink to="/cart" variant="secondary">
          View cart
        </SiteLink>
      ) : null}
    </div>
  );
}
