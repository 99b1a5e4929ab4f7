import { z } from 'zod';
import { endpoint, okBody } from '../kit/http.js';
import { choicesBody, markReadBody, notificationChoices, notificationList, pushKey, pushSubscriptionBody } from './notifications.js';

/**
 * The notification centre (issue 37 §5): the signed-in person's notifications from every workspace
 * they run, their choices of how each kind reaches them, and their devices' Web Push subscriptions.
 */
export const notificationsContract = {
  list: endpoint({ method: 'GET', path: '/api/notifications', response: notificationList }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/notifications/read',
    body: markReadBody,
    response: z.object({ unread: z.number().int() }),
  }),
  choices: endpoint({ method: 'GET', path: '/api/notifications/choices', response: notificationChoices }),
  setChoices: endpoint({ method: 'PUT', path: '/api/notifications/choices', body: choicesBody, response: notificationChoices }),
};

/** Web Push for the notification centre: the server's key and a device's subscription. */
export const notificationsPushContract = {
  pushKey: endpoint({ method: 'GET', path: '/api/notifications/push/key', response: pushKey }),
  subscribePush: endpoint({ method: 'POST', path: '/api/notifications/push/subscriptions', body: pushSubscriptionBody, response: okBody }),
  unsubscribePush: endpoint({
    method: 'POST',
    path: '/api/notifications/push/unsubscribe',
    body: z.object({ endpoint: z.string().max(2000) }).strict(),
    response: okBody,
  }),
};
