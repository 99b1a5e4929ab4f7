import { pwaIcons } from './web-manifest';

/**
 * What the service worker does with a Web Push (issue 37 §5): the server sends `{ id, title, body,
 * link }` (sync-server/api/notifications/web-push.ts); the worker shows it, one per notification
 * (its id as the tag, so a push delivered twice replaces itself), and a click opens its link in the
 * app. Pure here, so it is tested without a worker.
 */
export interface PushedNotification {
  id: string;
  title: string;
  body: string;
  link: string;
}

/** What is shown when a push cannot be read: the browser requires every push to show something. */
export const unreadablePush: PushedNotification = { id: 'vuka', title: 'Vuka', body: 'You have a new notification', link: '/' };

/** The push's notification, or `unreadablePush` when its data is not one. */
export function pushedNotification(data: unknown): PushedNotification {
  if (!data || typeof data !== 'object') return unreadablePush;
  const { id, title, body, link }: Record<string, unknown> = Object.fromEntries(Object.entries(data));
  if (typeof id !== 'string' || !id || typeof title !== 'string' || !title || typeof link !== 'string') return unreadablePush;
  return { id, title, body: typeof body === 'string' ? body : '', link };
}

/** The arguments of `registration.showNotification`. */
export function notificationToShow(n: PushedNotification): [string, NotificationOptions] {
  return [n.title, { body: n.body, tag: n.id, icon: pwaIcons.icon192, data: { link: n.link } }];
}

/**
 * The address a click opens: the notification's link inside the app, or the app's start when the
 * link is missing or leads anywhere else (a push never takes a person off the app's origin).
 */
export function clickTarget(data: unknown, origin: string): string {
  const link = data && typeof data === 'object' && 'link' in data && typeof data.link === 'string' ? data.link : '/';
  try {
    const url = new URL(link, origin);
    if (url.origin === origin && link.startsWith('/') && !link.startsWith('//')) return url.href;
  } catch {
    // Not an address: the app's start.
  }
  return new URL('/', origin).href;
}

/** Which open window a click takes: one showing the target already, else the focused one, else any. */
export function windowToUse<W extends { url: string; focused: boolean }>(windows: readonly W[], target: string): W | undefined {
  return windows.find((w) => w.url === target) ?? windows.find((w) => w.focused) ?? windows[0];
}
