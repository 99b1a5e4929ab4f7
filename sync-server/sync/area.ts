import { syncContract } from '../../schema/sync/contract.js';
import { defineArea } from '../areas/area.js';
import { syncRoutes } from './sync.routes.js';

/**
 * Replication (DESIGN.md §5): pull and push for every collection the areas rule. `records` has no
 * rules of its own: each document is pushed to its kind's table under that kind's rules.
 */
export const syncArea = defineArea({ id: 'sync', contracts: { syncContract }, routes: [syncRoutes], rules: { records: {} } });
