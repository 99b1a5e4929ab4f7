import { useState } from 'react';
import { cartQuantity, type MarketProduct } from '../../../../schema/marketplace/marketplace';
import { toast } from '../../../ui/toast-store';
import { failureMessage } from '../../../kit/forms/use-zod-form';
import { useCart } from './use-cart';

/** The quantity field's text as a cart quantity: a plain number, whole, within the cart's limits. */
export function parseCartQuantity(text: string) {
  const trimmed = text.trim();
  return cartQuantity.safeParse(/^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN);
}

interface AddToCartOptions {
  item: Pick<MarketProduct, 'id' | 'price_cents'>;
  /** How many can be had, or null when there is no limit. */
  left: number | null;
  /** The refusal when more than `left` is asked for. */
  tooMany: (left: number) => string;
  /** What the toast says was added, after "N × ". */
  label: string;
}

/**
 * A quantity field and an "Add to cart" action for one cart item: the quantity is checked here
 * first (whole, in range, not more than is left), then the cart's own answer is shown.
 */
export function useAddToCart({ item, left, tooMany, label }: AddToCartOptions) {
  const cart = useCart();
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);

  async function add() {
    const parsed = parseCartQuantity(quantity);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (left !== null && parsed.data > left) {
      setError(tooMany(left));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await cart.add(item, parsed.data);
      setAdded(true);
      toast({ title: 'Added to cart', description: `${parsed.data} × ${label}`, variant: 'success' });
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return { quantity, setQuantity, error, busy, added, add };
}
