import { z } from 'zod';
import { pictureQuery } from '../drive.js';
import { endpoint } from '../http.js';
import { idParam, text } from '../input.js';
import {
  cartDto,
  cartItemInput,
  cartMergeDto,
  cartQuantityInput,
  directoryDto,
  directoryQuery,
  guestCart,
  guestPreviewDto,
  marketHome,
  marketProductDetail,
  marketSearchQuery,
  publicProductId,
  storefrontDto,
  storefrontSettingsDto,
  storefrontSettingsInput,
} from '../marketplace.js';

const product = z.object({ productId: publicProductId });
const slug = z.object({ slug: text(100) });

/**
 * The marketplace: a seller's storefront settings, what buyers browse (no sign-in), and the cart
 * (spec §7: GET /api/cart returns an array; the badge counts its lines).
 */
export const marketplaceContract = {
  settings: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/storefront',
    params: z.object({ id: idParam }),
    response: storefrontSettingsDto,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/storefront',
    params: z.object({ id: idParam }),
    body: storefrontSettingsInput,
    response: storefrontSettingsDto,
  }),
  home: endpoint({ method: 'GET', path: '/api/marketplace', query: marketSearchQuery, response: marketHome }),
  product: endpoint({ method: 'GET', path: '/api/marketplace/products/:productId', params: product, response: marketProductDetail }),
  /** A public product's photo (its drive picture), sized like the drive's pictures. */
  picture: endpoint({
    method: 'GET',
    path: '/api/marketplace/products/:productId/picture',
    params: product,
    query: pictureQuery,
    response: z.void(),
  }),
  storefront: endpoint({ method: 'GET', path: '/api/marketplace/storefronts/:slug', params: slug, response: storefrontDto }),
  directory: endpoint({ method: 'GET', path: '/api/directory', query: directoryQuery, response: directoryDto }),
  cart: endpoint({ method: 'GET', path: '/api/cart', response: cartDto }),
  addToCart: endpoint({ method: 'POST', path: '/api/cart/items', body: cartItemInput, response: cartDto }),
  setQuantity: endpoint({ method: 'PUT', path: '/api/cart/items/:productId', params: product, body: cartQuantityInput, response: cartDto }),
  removeFromCart: endpoint({ method: 'DELETE', path: '/api/cart/items/:productId', params: product, response: cartDto }),
  /** The device's guest cart, folded into the signed-in buyer's at sign-in. */
  mergeCart: endpoint({ method: 'POST', path: '/api/cart/merge', body: guestCart, response: cartMergeDto }),
  /** A guest cart's lines as they stand now (prices, stock), with no sign-in. */
  previewCart: endpoint({ method: 'POST', path: '/api/cart/preview', body: guestCart, response: guestPreviewDto }),
} as const;
