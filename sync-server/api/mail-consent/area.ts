import { mailContract } from '../../../schema/mail/contract.js';
import { defineArea } from '../../areas/area.js';
import { mailConsentJobs } from '../../mail/consent.jobs.js';
import { mailConsentRoutes } from './mail-consent.routes.js';

/** Whether a person mailed by a workspace agreed to it: the links in the mail and their upkeep. */
export const mailConsentArea = defineArea({
  id: 'mail-consent',
  contracts: { mailContract },
  routes: [mailConsentRoutes],
  jobs: [mailConsentJobs],
});
