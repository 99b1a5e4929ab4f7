import { classifiedsContract } from '../../../schema/classifieds/contract.js';
import { defineArea } from '../../areas/area.js';
import { classifiedsExpiryJobs } from './classifieds-expiry.jobs.js';
import { classifiedsRoutes } from './classifieds.routes.js';
import { classifiedsSeo } from './classifieds.seo.js';
import { inquiryMails } from './inquiry-mail.jobs.js';
import { countLiveListings } from './classifieds.repo.js';

/** Classified ads: listings, their expiry and the inquiries mailed to sellers. */
export const classifiedsArea = defineArea({
  id: 'classifieds',
  contracts: { classifiedsContract },
  routes: [classifiedsRoutes],
  jobs: [classifiedsExpiryJobs],
  mails: inquiryMails,
  seo: [classifiedsSeo],
  limits: { classifieds: { used: countLiveListings } },
});
