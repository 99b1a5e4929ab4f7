import { aiContract } from '../../../schema/ai/contract.js';
import { defineArea } from '../../areas/area.js';
import { aiRoutes } from './ai.routes.js';

/** AI writing: templates and runs paid in credits. */
export const aiArea = defineArea({ id: 'ai', contracts: { aiContract }, routes: [aiRoutes] });
