/** The bookings module's public entry (DESIGN.md §12): the services a storefront lists. */
export { ServiceList } from './public/services-list-page';
export { usePublicServices } from './use-bookings';
