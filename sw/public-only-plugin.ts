import type { WorkboxPlugin } from 'workbox-core';
import { isStorableResponse } from './cache-policy';

/**
 * Refuses to store what the server marked personal (`private`, `no-store`, `Vary: Cookie`,
 * `Set-Cookie`) or anything but a plain 200, so a public route that one day answers per person
 * cannot leak that answer to the next person on the device.
 */
export const publicOnlyPlugin: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isStorableResponse(response.status, response.headers) ? response : null),
};
