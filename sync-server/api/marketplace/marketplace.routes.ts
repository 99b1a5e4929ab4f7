import { Router } from 'express';
import { marketplaceContract } from '../../../schema/marketplace/contract.js';
import type { AppDeps } from '../../deps.js';
import { requireUser, sessionOf } from '../../http/auth-context.js';
import { mount } from '../../http/route.js';
import { getFile, sendPicture } from '../drive/index.js';
import { requireMembership } from '../workspaces/membership.js';
import { notFound } from '../../http/errors.js';
import * as carts from './cart.service.js';
import * as market from './marketplace.service.js';
import * as checkouts from './checkout.service.js';
import * as orders from './orders.service.js';
import * as reviews from './reviews.service.js';

/** The marketplace: storefront settings (sellers), browsing (anyone), the cart (signed-in buyers). */
export function marketplaceRoutes(deps: AppDeps): Router {
  const router = Router();
  const c = marketplaceContract;
  const seller = async (req: Parameters<typeof requireUser>[1], id: number) => {
    const userId = await requireUser(deps, req);
    return { userId, membership: await requireMembership(deps.db, id, userId) };
  };
  mount(router, c.settings, async ({ params }, req) => market.storefrontSettings(deps, await seller(req, params.id)));
  mount(router, c.saveSettings, async ({ params, body }, req) => market.saveStorefrontSettings(deps, await seller(req, params.id), body));

  mount(router, c.home, async ({ query }) => market.home(deps, query));
  mount(router, c.product, async ({ params }) => market.product(deps, params.productId));
  mount(router, c.picture, async ({ params, query }, _req, res) => {
    const { workspaceId, fileId } = await market.pictureFile(deps, params.productId);
    const row = await getFile(deps.db, workspaceId, fileId);
    if (!row) throw notFound();
    await sendPicture(deps, res, row, query.w);
  });
  mount(router, c.storefront, async ({ params }) => market.storefront(deps, params.slug));
  mount(router, c.directory, async ({ query }) => market.directory(deps, query));

  mount(router, c.cart, async (_input, req) => carts.cart(deps, await requireUser(deps, req)));
  mount(router, c.addToCart, async ({ body }, req) => carts.addToCart(deps, await requireUser(deps, req), body.product_id, body.quantity));
  mount(router, c.setQuantity, async ({ params, body }, req) =>
    carts.setQuantity(deps, await requireUser(deps, req), params.productId, body.quantity),
  );
  mount(router, c.removeFromCart, async ({ params }, req) => carts.removeFromCart(deps, await requireUser(deps, req), params.productId));
  mount(router, c.mergeCart, async ({ body }, req) => carts.mergeCart(deps, await requireUser(deps, req), body));
  mount(router, c.previewCart, async ({ body }) => carts.previewCart(deps, body));

  mount(router, c.checkoutQuote, async ({ body }, req) => checkouts.checkoutQuote(deps, await requireUser(deps, req), body.shipping));
  mount(router, c.checkout, async ({ body }, req) => checkouts.checkout(deps, await requireUser(deps, req), body));
  mount(router, c.checkoutState, async ({ params }, req) => checkouts.checkoutState(deps, await requireUser(deps, req), params.reference));
  mount(router, c.myOrders, async (_input, req) => orders.buyerOrders(deps, await requireUser(deps, req)));
  const member = async (req: Parameters<typeof requireUser>[1], workspaceId: number) => ({
    workspaceId,
    userId: await requireUser(deps, req),
  });
  mount(router, c.sellerOrders, async ({ params, query }, req) => orders.sellerOrders(deps, await member(req, params.id), query.status));
  mount(router, c.sellerOrder, async ({ params }, req) => orders.sellerOrder(deps, await member(req, params.id), params.orderId));
  mount(router, c.setOrderStatus, async ({ params, body }, req) =>
    orders.setOrderStatus(deps, await member(req, params.id), params.orderId, body),
  );
  mount(router, c.refundOrder, async ({ params, body }, req) =>
    orders.refundOrder(deps, await member(req, params.id), params.orderId, body),
  );
  mount(router, c.payout, async ({ params }, req) => orders.payout(deps, await member(req, params.id)));
  mount(router, c.savePayout, async ({ params, body }, req) => orders.savePayout(deps, await member(req, params.id), body));

  // Reviews are public to read; the viewer's session (when there is one) says whether they may write
  // one, so the answer is the viewer's own: no device or shared cache keeps it (the service worker
  // keeps other marketplace reads).
  mount(router, c.reviews, async ({ params }, req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    return reviews.productReviews(deps, params.productId, (await sessionOf(deps, req))?.sub ?? null);
  });
  mount(router, c.writeReview, async ({ params, body }, req) =>
    reviews.writeReview(deps, await requireUser(deps, req), params.productId, body),
  );
  mount(router, c.sellerReviews, async ({ params }, req) => reviews.sellerReviews(deps, await member(req, params.id)));
  mount(router, c.moderateReview, async ({ params, body }, req) =>
    reviews.moderateReview(deps, await member(req, params.id), params.reviewId, body),
  );
  mount(router, c.wishlist, async (_input, req) => reviews.wishlist(deps, await requireUser(deps, req)));
  mount(router, c.addToWishlist, async ({ params }, req) => reviews.addToWishlist(deps, await requireUser(deps, req), params.productId));
  mount(router, c.removeFromWishlist, async ({ params }, req) =>
    reviews.removeFromWishlist(deps, await requireUser(deps, req), params.productId),
  );

  return router;
}
