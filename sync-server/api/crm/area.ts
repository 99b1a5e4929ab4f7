import { defineArea } from '../../areas/area.js';
import { demoContactBook } from './demo.js';

/** The contact book: a replicated collection with the generic rules only (its server is the sync engine). */
export const crmArea = defineArea({ id: 'crm', rules: { contacts: {} }, demo: demoContactBook });
