import { useState } from 'react';
import type { PublicEventDetail } from '../../../../schema/events';
import { cartQuantity } from '../../../../schema/marketplace';
import { formatCents } from '../../../../schema/money';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import { failureMessage } from '../../forms/use-zod-form';
import { useCart } from '../../marketplace/cart/use-cart';
import { SiteLink } from '../../public/site-link';
import * as w from '../../../ui/page.css';
import * as p from './public.css';

type TicketType = PublicEventDetail['ticket_types'][number];

/**
 * A paid ticket type goes in the marketplace cart, beside anything else the buyer is getting, and is
 * paid in the cart's one checkout (signed in); the tickets come by e-mail once the payment is in.
 */
export function TicketToCart({ event, type }: { event: PublicEventDetail; type: TicketType }) {
  const cart = useCart();
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);

  async function add() {
    const parsed = cartQuantity.safeParse(/^-?\d+(\.\d+)?$/.test(quantity.trim()) ? Number(quantity.trim()) : Number.NaN);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (parsed.data > type.available) {
      setError(type.available === 1 ? 'Only 1 ticket left.' : `Only ${type.available} tickets left.`);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await cart.add({ id: type.cart_id, price_cents: type.price_cents }, parsed.data);
      setAdded(true);
      toast({ title: 'Added to cart', description: `${parsed.data} × ${event.title} — ${type.name}`, variant: 'success' });
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={p.line}>
      <div>
        <strong>{type.name}</strong>
        <p className={w.muted}>
          {formatCents(type.price_cents, type.currency)}
          {type.on_sale ? ` · ${type.available} left` : ` · ${type.reason ?? 'Not on sale'}`}
        </p>
      </div>
      {type.on_sale ? (
        <div className={p.cartRow}>
          <div className={p.qty}>
            <TextField label={`How many ${type.name}`} inputMode="numeric" value={quantity} onChange={setQuantity} error={error} />
          </div>
          <Button onPress={() => void add()} isPending={busy} aria-label={`Add ${type.name} to cart`}>
            Add to cart
          </Button>
          {added ? (
            <SiteLink to="/cart" variant="secondary">
              View cart
            </SiteLink>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
