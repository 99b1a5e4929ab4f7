import { contentContract } from '../../../schema/content/contract.js';
import { defineArea } from '../../areas/area.js';
import { contentPublishJobs } from './content-publish.jobs.js';
import { contentRoutes } from './content.routes.js';
import { magazineSeo } from './magazine.seo.js';

/** Content: the magazine's articles and their scheduled publishing. */
export const contentArea = defineArea({
  id: 'content',
  contracts: { contentContract },
  routes: [contentRoutes],
  jobs: [contentPublishJobs],
  seo: [magazineSeo],
});
