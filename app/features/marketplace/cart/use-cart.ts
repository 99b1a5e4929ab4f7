import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { marketplaceContract as c } from '../../../../schema/marketplace/contract';
import type { CartLine, MarketProduct } from '../../../../schema/marketplace/marketplace';
import { call, queryEndpoint } from '../../../data/api';
import { useAuth } from '../../../data/auth-store';
import { toast } from '../../../ui/toast-store';
import { guestCartSetting, withAdded, withQuantity, without } from './guest-cart';

/** One line as the cart page shows it: the product as it stands, or why it is gone. */
export interface CartEntry {
  product_id: string;
  line: CartLine | null;
  message: string | null;
}

const cartKey = ['cart'] as const;

/**
 * The buyer's cart: the server's for a signed-in buyer (spec §6: fetched only when signed in), the
 * device's guest cart otherwise. `entries` is null while loading.
 */
export function useCart() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const queryClient = useQueryClient();
  const guestItems = guestCartSetting.use();

  const server = useQuery({
    queryKey: cartKey,
    enabled: signedIn,
    queryFn: async () => (await queryEndpoint(c.cart, {}, 'returnNull')) ?? [],
  });
  const guest = useQuery({
    queryKey: ['cart-preview', guestItems],
    enabled: !signedIn && status !== 'loading' && guestItems.length > 0,
    queryFn: () => call(c.previewCart, { body: { items: guestItems } }),
  });

  let entries: CartEntry[] | null;
  if (status === 'loading') entries = null;
  else if (signedIn) entries = server.data?.map((line) => ({ product_id: line.product.id, line, message: line.problem })) ?? null;
  else if (guestItems.length === 0) entries = [];
  else entries = guest.data ?? null;

  const count = signedIn ? (server.data?.length ?? 0) : guestItems.length;
  const failed = signedIn ? server.error : guest.error;

  const keep = (lines: CartLine[]) => queryClient.setQueryData(cartKey, lines);

  return {
    signedIn,
    entries,
    count,
    error: failed,
    retry: () => void (signedIn ? server.refetch() : guest.refetch()),
    /** Adds `quantity` of a product; the server refuses what it cannot sell, with why. */
    async add(product: Pick<MarketProduct, 'id' | 'price_cents'>, quantity: number) {
      if (signedIn) {
        keep(await call(c.addToCart, { body: { product_id: product.id, quantity } }));
        return;
      }
      // The server checks the line as the guest cart would hold it (for sale, enough in stock).
      const next = withAdded(guestCartSetting.get(), product.id, quantity, product.price_cents);
      const line = next.find((i) => i.product_id === product.id);
      const [checked] = line ? await call(c.previewCart, { body: { items: [line] } }) : [];
      if (checked?.message) throw new Error(checked.message);
      guestCartSetting.set(next);
    },
    async setQuantity(productId: string, quantity: number) {
      if (signedIn) keep(await call(c.setQuantity, { params: { productId }, body: { quantity } }));
      else guestCartSetting.set(withQuantity(guestCartSetting.get(), productId, quantity));
    },
    async remove(productId: string) {
      if (signedIn) keep(await call(c.removeFromCart, { params: { productId } }));
      else guestCartSetting.set(without(guestCartSetting.get(), productId));
    },
  };
}

let merging = false;

/**
 * At sign-in the device's guest cart joins the buyer's own (once; the device's copy is then
 * cleared). Lines that could not be kept are named in a notice.
 */
export function useGuestCartMerge() {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const guestItems = guestCartSetting.use();
  useEffect(() => {
    if (status !== 'authenticated' || guestItems.length === 0 || merging) return;
    merging = true;
    call(c.mergeCart, { body: { items: guestItems } })
      .then(async ({ cart, refused }) => {
        guestCartSetting.set([]);
        // A read of the cart begun before the merge would land after it with the cart as it was: it is
        // dropped, and the merged cart shown.
        await queryClient.cancelQueries({ queryKey: cartKey });
        queryClient.setQueryData(cartKey, cart);
        if (refused.length > 0) {
          toast({
            title: refused.length === 1 ? 'One item was not added to your cart' : `${refused.length} items were not added to your cart`,
            description: [...new Set(refused.map((r) => r.message))].join(' '),
          });
        }
      })
      .catch(() => {
        // Kept on the device: the next page that shows the cart tries again.
      })
      .finally(() => {
        merging = false;
      });
  }, [status, guestItems, queryClient]);
}
