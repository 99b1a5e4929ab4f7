import { posContract } from '../../../schema/pos/contract.js';
import { defineArea } from '../../areas/area.js';
import { posRoutes } from './pos.routes.js';
import { posOrderRules, posShiftRules } from './pos.sync.js';

/** The till: replicated sales and shifts. */
export const posArea = defineArea({
  id: 'pos',
  contracts: { posContract },
  routes: [posRoutes],
  rules: { pos_orders: posOrderRules, pos_shifts: posShiftRules },
});
