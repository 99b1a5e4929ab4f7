import type { PublicEventDetail } from '../../../../schema/events/events';
import { formatCents } from '../../../../schema/kit/money';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useAddToCart } from '../../marketplace';
import { SiteLink } from '../../../kit/site-link';
import * as w from '../../../ui/page.css';
import * as p from './public.css';

type TicketType = PublicEventDetail['ticket_types'][number];

/**
 * A paid ticket type goes in the marketplace cart, beside anything else the buyer is getting, and is
 * paid in the cart's one checkout (signed in); the tickets come by e-mail once the payment is in.
 */
export function TicketToCart({ event, type }: { event: PublicEventDetail; type: TicketType }) {
  const { quantity, setQuantity, error, busy, added, add } = useAddToCart({
    item: { id: type.cart_id, price_cents: type.price_cents },
    left: type.available,
    tooMany: (left) => (left === 1 ? 'Only 1 ticket left.' : `Only ${left} tickets left.`),
    label: `${event.title} — ${type.name}`,
  });

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
