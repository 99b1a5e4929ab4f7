import { useState } from 'react';
import { MAX_CART_QUANTITY } from '../../../../schema/marketplace/marketplace';
import { Button } from '../../../ui/button';
import { EmptyState, LoadError, Notice } from '../../../ui/feedback';
import { Spinner } from '../../../ui/spinner';
import { failureMessage } from '../../../kit/forms/use-zod-form';
import { usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { signInPath } from '../../../routes/return-path';
import { serverMessage } from '../../../kit/workspace-queries';
import { useCart, type CartEntry } from '../cart/use-cart';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';
import { MarketPrice, ProductPicture, rand } from './product-card';

/** /cart: what the buyer chose, as it stands now (prices, stock), per seller. */
export function CartPage() {
  usePageMeta({ title: 'Your cart', description: 'The products in your cart.' });
  const cart = useCart();
  const [failure, setFailure] = useState<string | null>(null);
  const act = async (work: () => Promise<void>) => {
    setFailure(null);
    try {
      await work();
    } catch (err) {
      setFailure(failureMessage(err));
    }
  };

  const entries = cart.entries;
  const buyable = (entries ?? []).filter((e) => e.line && !e.line.problem);
  const total = buyable.reduce((sum, e) => sum + (e.line ? e.line.product.price_cents * e.line.quantity : 0), 0);

  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`} style={{ maxWidth: '860px' }}>
        <h1 className={s.h1}>Your cart</h1>
        {failure ? (
          <Notice tone="error" title="Could not change your cart">
            <p className={s.muted}>{failure}</p>
          </Notice>
        ) : null}
        {cart.error ? (
          <LoadError title="Could not load your cart" message={serverMessage(cart.error)} onRetry={cart.retry} />
        ) : entries === null ? (
          <Spinner label="Loading your cart" />
        ) : entries.length === 0 ? (
          <EmptyState title="Your cart is empty">
            <p className={s.muted}>Find something you like in the marketplace.</p>
            <SiteLink to="/marketplace" variant="primary">
              Browse the marketplace
            </SiteLink>
          </EmptyState>
        ) : (
          <>
            <ul className={s.cartList} aria-label="Cart items">
              {entries.map((entry) => (
                <CartItem
                  key={entry.product_id}
                  entry={entry}
                  onQuantity={(q) => act(() => cart.setQuantity(entry.product_id, q))}
                  onRemove={() => act(() => cart.remove(entry.product_id))}
                />
              ))}
            </ul>
            <div className={`${s.panel} ${s.stack}`} style={{ gap: '0.75rem' }}>
              <div className={s.totals}>
                <span>Subtotal ({buyable.length === 1 ? '1 product' : `${buyable.length} products`})</span>
                <strong className={s.price} data-testid="cart-total">
                  {rand(total)}
                </strong>
              </div>
              <p className={`${s.muted} ${s.small}`}>
                Delivery, and VAT where a seller adds it, are worked out per seller at checkout. You are charged in rand (ZAR).
              </p>
              {cart.signedIn ? (
                buyable.length === entries.length ? (
                  <SiteLink to="/checkout" variant="primary" data-testid="checkout-link">
                    Checkout
                  </SiteLink>
                ) : (
                  <Notice tone="warning">Change or remove the items marked above to check out.</Notice>
                )
              ) : (
                <Notice tone="info">
                  Your cart is kept on this device. <SiteLink to={signInPath('/cart')}>Sign in</SiteLink> to keep it on your account.
                </Notice>
              )}
            </div>
          </>
        )}
      </div>
    </MarketLayout>
  );
}

function CartItem({
  entry,
  onQuantity,
  onRemove,
}: {
  entry: CartEntry;
  onQuantity: (q: number) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<void>) => {
    setBusy(true);
    void work().finally(() => setBusy(false));
  };
  const line = entry.line;
  if (!line) {
    return (
      <li className={s.cartItem}>
        <span className={s.cartThumbEmpty} aria-hidden="true">
          ?
        </span>
        <div className={s.cartMain}>
          <p className={s.problem}>{entry.message}</p>
          <div className={s.cartControls}>
            <Button variant="secondary" onPress={() => run(onRemove)} isPending={busy}>
              Remove
            </Button>
          </div>
        </div>
      </li>
    );
  }
  const p = line.product;
  const priceChanged = line.price_seen_cents !== p.price_cents;
  return (
    <li className={s.cartItem} data-testid="cart-item">
      <ProductPicture product={p} width={128} className={s.cartThumb} empty={s.cartThumbEmpty} />
      <div className={s.cartMain}>
        <SiteLink to={p.href ?? `/marketplace/product/${p.id}`} className={s.cardName}>
          {p.name}
        </SiteLink>
        <span className={s.cardSeller}>
          {p.href ? (
            // An event's organiser may sell nothing else: their name, no shop to open.
            `By ${p.seller.name}`
          ) : (
            <>
              Sold by <SiteLink to={`/storefront/${encodeURIComponent(p.seller.slug)}`}>{p.seller.name}</SiteLink>
            </>
          )}
        </span>
        <MarketPrice cents={p.price_cents} className={s.price} />
        {priceChanged ? (
          <p className={s.changed} role="status">
            Price changed from {rand(line.price_seen_cents)} to {rand(p.price_cents)} since you added it.
          </p>
        ) : null}
        {line.problem ? <p className={s.problem}>{line.problem}</p> : null}
        <div className={s.cartControls}>
          <Button
            variant="secondary"
            aria-label={`One fewer ${p.name}`}
            isDisabled={busy || line.quantity <= 1}
            onPress={() => run(() => onQuantity(line.quantity - 1))}
          >
            −
          </Button>
          <span aria-live="polite" data-testid="cart-quantity" aria-label={`Quantity ${line.quantity}`}>
            {line.quantity}
          </span>
          <Button
            variant="secondary"
            aria-label={`One more ${p.name}`}
            isDisabled={busy || line.quantity >= MAX_CART_QUANTITY}
            onPress={() => run(() => onQuantity(line.quantity + 1))}
          >
            +
          </Button>
          <Button variant="ghost" onPress={() => run(onRemove)} isDisabled={busy}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
