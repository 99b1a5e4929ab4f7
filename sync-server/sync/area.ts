import { defineArea } from '../areas/area.js';
import { syncRoutes } from './sync.routes.js';

/** Replication (DESIGN.md §5): pull and push for every collection the areas rule. */
export const syncArea = defineArea({ id: 'sync', routes: [syncRoutes] });
