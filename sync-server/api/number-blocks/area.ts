import { defineArea } from '../../areas/area.js';

/** Blocks of document numbers handed to devices; served by the sync routes, so it adds nothing of its own yet. */
export const numberBlocksArea = defineArea({ id: 'number-blocks' });
