import { defineArea } from '../../areas/area.js';
import { plannerItemRules } from './planner.sync.js';

/** The planner: replicated items only. */
export const plannerArea = defineArea({ id: 'planner', rules: { planner_items: plannerItemRules } });
