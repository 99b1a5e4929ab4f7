import { checkIns, eventMessages } from '../../../schema/events/events.js';
import { entityRules } from '../../sync/collection-rules.js';

/**
 * check_ins: an admission at a door is a fact, never edited or withdrawn (DESIGN.md §5, §15), and
 * the table grants the app's role no UPDATE. Two doors admitting one ticket offline both keep their
 * rows; the organiser's report shows them.
 */
export const checkInRules = entityRules(checkIns, { frozen: () => eventMessages.checkInFixed });
