import { MARKET_CURRENCY, stockLabels, type MarketProduct } from '../../../../schema/marketplace/marketplace';
import { formatCents } from '../../../../schema/kit/money';
import { currencySetting } from '../../../shell/public/currency/currency-settings';
import { Price } from '../../../shell/public/currency/price';
import { SiteLink } from '../../../kit/site-link';
import * as s from '../market.css';
import * as r from '../reviews/reviews.css';
import { WishlistHeart } from '../wishlist/wishlist-heart';

/** The product's picture at a width, or its initial on a plain tile. */
export function ProductPicture({
  product,
  width,
  className,
  empty,
}: {
  product: MarketProduct;
  width: number;
  className: string;
  empty: string;
}) {
  if (!product.image) {
    return (
      <span className={empty} aria-hidden="true">
        {product.name.trim()[0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  return <img className={className} src={`${product.image}?w=${width}`} alt="" loading="lazy" decoding="async" />;
}

/** Rand, exact to the cent: what the buyer is charged. */
export const rand = (cents: number) => formatCents(cents, MARKET_CURRENCY);

/**
 * A marketplace price in the buyer's display currency (spec §9 rates); in rand it is the exact
 * amount charged, in another currency an estimate (with the rand amount beside it when `charged`).
 */
export function MarketPrice({ cents, className, charged = false }: { cents: number; className?: string; charged?: boolean }) {
  const currency = currencySetting.use();
  if (currency === MARKET_CURRENCY) {
    return (
      <span className={className} data-price-cents={cents}>
        {rand(cents)}
      </span>
    );
  }
  return (
    <>
      <span className={className} data-price-cents={cents}>
        ≈ <Price zar={cents / 100} />
      </span>
      {charged ? <span className={s.cardSeller}>Charged in rand: {rand(cents)}</span> : null}
    </>
  );
}

export function StockState({ product }: { product: MarketProduct }) {
  const text = product.stock === 'low' && product.stock_left !== null ? `Only ${product.stock_left} left` : stockLabels[product.stock];
  return (
    <span className={s.stock[product.stock]} data-testid="stock-state">
      {text}
    </span>
  );
}

/** A product's card: the link to its page, with the wishlist heart over the picture (beside the link, not in it). */
export function ProductCard({ product, showSeller = true }: { product: MarketProduct; showSeller?: boolean }) {
  return (
    <div className={r.cardWrap}>
      <SiteLink to={`/marketplace/product/${product.id}`} className={s.card} data-testid="product-card">
        <ProductPicture product={product} width={512} className={s.cardImage} empty={s.cardPlaceholder} />
        <span className={s.cardBody}>
          <span className={s.cardName}>{product.name}</span>
          {showSeller ? <span className={s.cardSeller}>{product.seller.name}</span> : null}
          <StockState product={product} />
          <span className={s.priceRow}>
            {product.price_from ? <span className={s.cardSeller}>From</span> : null}
            <MarketPrice cents={product.price_cents} className={s.price} />
            {product.was_cents !== null ? <MarketPrice cents={product.was_cents} className={s.was} /> : null}
          </span>
        </span>
      </SiteLink>
      <WishlistHeart productId={product.id} name={product.name} />
    </div>
  );
}

/** A titled grid of products; nothing at all when there are none (empty sections are hidden). */
export function ProductSection({
  title,
  products,
  showSeller,
}: {
  title: string;
  products: readonly MarketProduct[];
  showSeller?: boolean;
}) {
  if (products.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2 className={s.h2}>{title}</h2>
      <ul className={s.grid}>
        {products.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} showSeller={showSeller} />
          </li>
        ))}
      </ul>
    </section>
  );
}
