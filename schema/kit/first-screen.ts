/**
 * A public page the server writes as plain HTML before the app's script runs (on a load from the
 * network: the service worker's shell has none). The app's page takes over by removing it.
 */

/** The element holding the server's first screen, beside the app's root. */
export const FIRST_SCREEN_ID = 'first-screen';
/** The JSON script holding the data the first screen was drawn from (the page's first answer). */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';
/** The first screen's search box: what a buyer types there before the app takes over is carried into the app's. */
export const FIRST_SCREEN_SEARCH_ID = 'fs-q';
