/**
 * The marketplace's public entry (DESIGN.md §12): the public market's frame, which other modules'
 * public pages (bookings, events, the magazine) sit in, and the cart they add to. The frame carries
 * the cart's badge, so it stays with the marketplace rather than in app/kit.
 */
export { useAddToCart } from './cart/use-add-to-cart';
export { MarketLayout } from './market-layout';
export * as marketStyles from './market.css';
