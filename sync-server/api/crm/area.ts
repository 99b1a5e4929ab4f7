import { crmContract } from '../../../schema/crm/contract.js';
import { defineArea } from '../../areas/area.js';
import { crmRoutes } from './crm.routes.js';
import { demoContactBook } from './demo.js';
import { dealRules } from './deals.sync.js';
import { seedDefaultPipeline } from './default-pipeline.js';
import { pipelineRules, pipelineStageRules } from './pipelines.sync.js';

/**
 * The contact book (the generic rules only: its server is the sync engine), the sales pipelines
 * (kinds of `records`) and their deals.
 */
export const crmArea = defineArea({
  id: 'crm',
  contracts: { crmContract },
  routes: [crmRoutes],
  rules: { contacts: {}, deals: dealRules },
  kinds: { pipeline: pipelineRules, pipeline_stage: pipelineStageRules },
  workspaceCreated: seedDefaultPipeline,
  demo: demoContactBook,
});
