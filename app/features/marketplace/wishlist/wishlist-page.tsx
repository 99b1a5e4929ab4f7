import { Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { WishlistEntry } from '../../../../schema/marketplace/marketplace-reviews';
import { Button } from '../../../ui/button';
import { EmptyState, LoadError } from '../../../ui/feedback';
import { PageSpinner, Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast-store';
import { failureMessage } from '../../../kit/forms/use-zod-form';
import { usePageMeta } from '../../../kit/page-meta';
import { SiteLink } from '../../../kit/site-link';
import { serverMessage } from '../../../kit/workspace-queries';
import { MarketPrice, ProductPicture, StockState } from '../buyer/product-card';
import { MarketLayout } from '../market-layout';
import * as s from '../market.css';
import { useWishlist } from './use-wishlist';

/**
 * /account/wishlist: the products a signed-in buyer saved (login required, like My Orders: a spinner
 * while the user loads, /auth when signed out), each with its price and stock now, and Remove.
 */
export function WishlistPage() {
  usePageMeta({ title: 'My Wishlist', description: 'Products you saved in the marketplace.' });
  const wishlist = useWishlist();
  if (wishlist.status === 'loading') return <PageSpinner />;
  if (wishlist.status === 'anonymous') return <Navigate to="/auth" replace />;
  const { list } = wishlist;
  return (
    <MarketLayout>
      <div className={`${s.container} ${s.stack}`} style={{ maxWidth: '860px' }}>
        <h1 className={s.h1}>My Wishlist</h1>
        {list.isPending ? (
          <Spinner label="Loading your wishlist" />
        ) : list.isError ? (
          <LoadError title="Could not load your wishlist" message={serverMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyState title="Your wishlist is empty">
            <p className={s.muted}>Tap the heart on a product to keep it here for later.</p>
            <SiteLink to="/marketplace" variant="primary">
              Browse the marketplace
            </SiteLink>
          </EmptyState>
        ) : (
          <ul className={s.cartList}>
            {list.data.map((e) => (
              <WishlistItem key={e.product.id} entry={e} onRemove={() => wishlist.remove(e.product.id)} />
            ))}
          </ul>
        )}
      </div>
    </MarketLayout>
  );
}

function WishlistItem({ entry, onRemove }: { entry: WishlistEntry; onRemove: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const p = entry.product;
  async function remove() {
    setBusy(true);
    try {
      await onRemove();
      toast({ title: 'Removed from your wishlist', description: p.name, variant: 'success' });
    } catch (err) {
      toast({ title: 'Wishlist not changed', description: failureMessage(err), variant: 'destructive' });
      setBusy(false);
    }
  }
  return (
    <li className={s.cartItem} data-testid="wishlist-item">
      <ProductPicture product={p} width={256} className={s.cartThumb} empty={s.cartThumbEmpty} />
      <div className={s.cartMain}>
        {entry.for_sale ? (
          <SiteLink to={`/marketplace/product/${p.id}`} className={s.cardName}>
            {p.name}
          </SiteLink>
        ) : (
          <span className={s.cardName}>{p.name}</span>
        )}
        <span className={s.cardSeller}>{p.seller.name}</span>
        {entry.for_sale ? (
          <>
            <StockState product={p} />
            <MarketPrice cents={p.price_cents} className={s.price} />
          </>
        ) : (
          <p className={s.problem}>No longer for sale</p>
        )}
        <div className={s.cartControls}>
          <Button variant="secondary" onPress={() => void remove()} isPending={busy} aria-label={`Remove ${p.name} from your wishlist`}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
