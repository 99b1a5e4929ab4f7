import { defineArea } from '../../areas/area.js';
import { devRoutes } from './dev.routes.js';

/** Development helpers: the outbox mailbox, refused outside development. */
export const devArea = defineArea({ id: 'dev', routes: [devRoutes] });
