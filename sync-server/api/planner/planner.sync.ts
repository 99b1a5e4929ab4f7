import { plannerItemProblem, plannerItems } from '../../../schema/planner/planner.js';
import { entityRules } from '../../sync/collection-rules.js';

/** planner_items: each field checked by its schema; here the rule across them (start before end). */
export const plannerItemRules = entityRules(plannerItems, {
  validate: (doc) => {
    const problem = plannerItemProblem(doc);
    return problem ? `${problem.field}: ${problem.message}` : null;
  },
});
