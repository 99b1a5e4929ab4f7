import { notificationsContract, notificationsPushContract } from '../../../schema/notifications/contract.js';
import { defineArea } from '../../areas/area.js';
import { noticeMails } from './notice.mail.js';
import { notificationsRoutes } from './notifications.routes.js';
import { pushJobs } from './web-push.js';

/** The notification centre (issue 37 §5): every area tells the people who run a workspace through `notify`. */
export const notificationsArea = defineArea({
  id: 'notifications',
  contracts: { notificationsContract, notificationsPushContract },
  routes: [notificationsRoutes],
  mails: noticeMails,
  jobs: [pushJobs],
});
