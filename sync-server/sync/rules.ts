import { areaContext } from '../api/areas.js';
import type { RulesRegistry } from '../areas/area.js';

export type { CollectionRules } from './collection-rules.js';

/**
 * Each replicated collection's server rules, gathered from the areas that own them (each in its
 * `api/<area>/area.ts`, the rules and hooks in its `<area>.sync.ts`); the push path only calls
 * them. The area list does not compile while a collection of `schema/replicated.ts` has no rules.
 */
export const collectionRules: RulesRegistry = areaContext.rules;
