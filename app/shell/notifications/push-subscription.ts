import { notificationsPushContract as push } from '../../../schema/notifications/contract';
import { pushSubscriptionBody } from '../../../schema/notifications/notifications';
import { call } from '../../data/api';

/** Whether this browser can take Web Push at all (a service worker, PushManager and notifications). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window && 'serviceWorker' in navigator;
}

/** The browser's answer so far: 'default' until asked. */
export function pushPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** A VAPID public key (base64url, as the server gives it) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** 'dismissed': the browser's question was closed unanswered, so it may be asked again. */
export type PushOutcome = 'subscribed' | 'denied' | 'dismissed';

const READY_TIMEOUT_MS = 10_000;

function ready(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('The app is still installing on this device; try again in a moment.')), READY_TIMEOUT_MS),
    ),
  ]);
}

/**
 * Asks the browser's permission (from the tap that turned a push choice on), subscribes this device
 * with the server's key, and hands the subscription to the server. A device already subscribed is
 * handed over again, which the server keeps once.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushOutcome> {
  if (!pushSupported()) throw new Error('This browser cannot receive push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'dismissed';
  const registration = await ready();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await call(push.subscribePush, { body: pushSubscriptionBody.parse(subscription.toJSON()) });
  return 'subscribed';
}
