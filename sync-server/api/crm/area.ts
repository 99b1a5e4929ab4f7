import { defineArea } from '../../areas/area.js';
import { demoContactBook } from './demo.js';
import { pipelineRules, pipelineStageRules } from './pipelines.sync.js';

/** The contact book (the generic rules only: its server is the sync engine) and the sales pipelines, kinds of `records`. */
export const crmArea = defineArea({
  id: 'crm',
  rules: { contacts: {} },
  kinds: { pipeline: pipelineRules, pipeline_stage: pipelineStageRules },
  demo: demoContactBook,
});
