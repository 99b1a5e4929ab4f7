import { useQuery, useQueryClient } from '@tanstack/react-query';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import type { WishlistEntry } from '../../../../schema/marketplace/marketplace-reviews';
import { call } from '../../../data/api';
import { useAuth } from '../../../data/auth-store';

export const wishlistKey = ['wishlist'] as const;

/**
 * The signed-in buyer's wishlist (spec §3 wishlists), asked once and shared by every heart on the
 * page. A guest has none: their hearts ask them to sign in.
 */
export function useWishlist() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: wishlistKey, enabled: signedIn, queryFn: () => call(c.wishlist, {}) });
  const keep = (entries: WishlistEntry[]) => queryClient.setQueryData(wishlistKey, entries);
  return {
    signedIn,
    status,
    list,
    has: (productId: string) => list.data?.some((e) => e.product.id === productId) ?? false,
    async add(productId: string) {
      keep(await call(c.addToWishlist, { params: { productId } }));
    },
    async remove(productId: string) {
      keep(await call(c.removeFromWishlist, { params: { productId } }));
    },
  };
}
