/** What other modules may use of the notification centre (DESIGN.md §12): telling the people who run a workspace of an event. */
export { notify, tellSendFailed, type NotificationEvent } from './notifications.service.js';
