/** The events module's public entry (DESIGN.md §12): the event cards a storefront shows. */
export { EventCards } from './public/public-events-page';
