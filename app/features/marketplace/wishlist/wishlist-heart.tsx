import { useState } from 'react';
import { reviewMessages } from '../../../../schema/marketplace/marketplace-reviews';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/modal-dialog';
import { toast } from '../../../ui/toast-store';
import { failureMessage } from '../../../kit/forms/use-zod-form';
import { SiteLink } from '../../../kit/site-link';
import * as r from '../reviews/reviews.css';
import { useWishlist } from './use-wishlist';

/**
 * The wishlist heart: pressed when the product is on the signed-in buyer's wishlist. A guest who
 * presses it is asked to sign in. `labelled` shows the words beside the heart (the product page).
 */
export function WishlistHeart({ productId, name, labelled = false }: { productId: string; name: string; labelled?: boolean }) {
  const wishlist = useWishlist();
  const [busy, setBusy] = useState(false);
  const [askSignIn, setAskSignIn] = useState(false);
  const on = wishlist.has(productId);

  async function toggle() {
    if (!wishlist.signedIn) {
      setAskSignIn(true);
      return;
    }
    setBusy(true);
    try {
      if (on) await wishlist.remove(productId);
      else await wishlist.add(productId);
      toast({ title: on ? 'Removed from your wishlist' : 'Saved to your wishlist', description: name, variant: 'success' });
    } catch (err) {
      toast({ title: 'Wishlist not changed', description: failureMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const words = on ? 'Saved to wishlist' : 'Save to wishlist';
  return (
    <>
      <button
        type="button"
        className={labelled ? r.heart : r.heartOnCard}
        aria-pressed={wishlist.signedIn ? on : undefined}
        aria-label={labelled ? undefined : `${on ? 'Remove' : 'Save'} ${name} ${on ? 'from' : 'to'} your wishlist`}
        disabled={busy || wishlist.status === 'loading'}
        onClick={() => void toggle()}
        data-testid="wishlist-heart"
      >
        <span className={r.heartGlyph} aria-hidden="true">
          {on ? '♥' : '♡'}
        </span>
        {labelled ? <span>{words}</span> : null}
      </button>
      <ModalDialog title="Sign in to save" isOpen={askSignIn} onOpenChange={setAskSignIn}>
        <p>{reviewMessages.wishlistSignIn}</p>
        <div className={r.actions}>
          <SiteLink to="/auth" variant="primary">
            Sign In
          </SiteLink>
          <Button variant="secondary" onPress={() => setAskSignIn(false)}>
            Not now
          </Button>
        </div>
      </ModalDialog>
    </>
  );
}
