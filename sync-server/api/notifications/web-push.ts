import { createECDH } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import { Agent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import { z } from 'zod';
import type { PushSubscriptionBody } from '../../../schema/notifications/notifications.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict } from '../../http/errors.js';
import { isPrivateAddress } from '../../files/outside-picture.js';
import { defineJob, type JobArea, type JobQueue } from '../../jobs/job-queue.js';
import { failureReason, outboxArea } from '../../jobs/outbox.js';
import { enqueueDue, outboxTable } from '../../jobs/outbox-table.js';
import * as repo from './web-push.repo.js';
import { vapidKeys } from './web-push-keys.js';

export { vapidKeys, type VapidKeys } from './web-push-keys.js';

/**
 * Web Push for the installed app (issue 37 §5): the server's VAPID keys, people's device
 * subscriptions, and the push outbox. A notification its person wants pushed gets a row in
 * `notification_pushes` (`recordPush`, in the transaction that makes it); one job claims the row and
 * sends it to each of their devices, so a notification is pushed once however often its job runs.
 */

export const PUSH_JOB = 'notification-push';
/** The channel a commit that records a push NOTIFYs (the push outbox's job area listens on it). */
export const PUSH_CHANNEL = 'vuka_notification_pushes';
/** How long a push service keeps a push for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Devices kept per person; a new one beyond this replaces their oldest. */
export const PUSH_DEVICES_PER_PERSON = 20;
/** A push service that has not answered by then is taken as down (the job tries again). */
const PUSH_TIMEOUT_MS = 10_000;

export const webPushErrors = {
  off: 'Web Push is not set up on this server',
  endpoint: 'A push subscription’s endpoint must be a public https address',
  keys: 'A push subscription’s keys are not a browser’s push keys',
} as const;

// ---------------------------------------------------------------------------------------------
// The routes' services

/** The key a browser subscribes with (`pushManager.subscribe({ applicationServerKey })`), or null when Web Push is off. */
export async function pushKey(deps: AppDeps): Promise<{ public_key: string | null }> {
  return { public_key: (await vapidKeys(deps))?.publicKey ?? null };
}

/** Whether the server may push to private addresses (a local push service in tests; never in production). */
const allowsPrivate = (deps: Pick<AppDeps, 'config'>) => deps.config.OUTSIDE_FETCH_PRIVATE === 'allow' && !deps.config.isProduction;

function checkedEndpoint(deps: AppDeps, endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest(webPushErrors.endpoint);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literalPrivate = isIP(host) !== 0 && isPrivateAddress(host);
  if (url.protocol !== 'https:' || url.username || url.password || (literalPrivate && !allowsPrivate(deps))) {
    throw badRequest(webPushErrors.endpoint);
  }
  return url.toString();
}

/** A browser's p256dh key is an uncompressed point on P-256; its auth secret is 16 bytes. */
function validKeys(keys: PushSubscriptionBody['keys']): boolean {
  const b64 = /^[A-Za-z0-9_-]+$/;
  if (!b64.test(keys.p256dh) || !b64.test(keys.auth) || Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps a device's subscription for the signed-in person. An endpoint is one browser profile: one
 * already kept for someone else (another person signed in on that browser since) moves to this one.
 */
export async function subscribe(deps: AppDeps, userId: number, body: PushSubscriptionBody): Promise<{ ok: true }> {
  const endpoint = checkedEndpoint(deps, body.endpoint);
  if (!validKeys(body.keys)) throw badRequest(webPushErrors.keys);
  if (!(await vapidKeys(deps))) throw conflict(webPushErrors.off);
  await deps.db.transaction(async (tx) => {
    await repo.upsertSubscription(tx, userId, { endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
    await repo.trimSubscriptions(tx, userId, PUSH_DEVICES_PER_PERSON);
  });
  return { ok: true };
}

/** Forgets a device of the signed-in person (nothing happens for an endpoint that is not theirs). */
export async function unsubscribe(deps: AppDeps, userId: number, endpoint: string): Promise<{ ok: true }> {
  await repo.deleteSubscription(deps.db, userId, endpoint);
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// The push outbox

export interface PushKey {
  notificationId: string;
}

export const pushOutbox = outboxTable<PushKey>('notification_pushes', {
  columns: ['notification_id'],
  values: (k) => [k.notificationId],
  of: (r) => ({ notificationId: String(r.notification_id) }),
});

/** Records that a notification is to be pushed (once: a second call changes nothing) and wakes the push outbox at commit. */
export async function recordPush(tx: Queryable, notificationId: string): Promise<void> {
  await tx.query('INSERT INTO notification_pushes (notification_id) VALUES ($1) ON CONFLICT DO NOTHING', [notificationId]);
  await tx.query('SELECT pg_notify($1, $2)', [PUSH_CHANNEL, notificationId]);
}

/** How pushes leave the server: extra trusted certificates (a local push service in tests). */
export interface PushTransport {
  ca?: string;
}

/** A push service whose name points into a private network is refused, as the endpoint's address would be. */
class RefusedEndpoint extends Error {}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0) return callback(new RefusedEndpoint(`${hostname} has no address`), '');
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(new RefusedEndpoint(`${hostname} is not a public address`), '');
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** The push service says the subscription is no more (RFC 8030 §7.3 and common practice): forget it. */
const gone = (err: unknown) =>
  err instanceof RefusedEndpoint || (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410));

/** What the service worker gets (sw/sw.ts shows it); cut so that it fits a push service's 4 KB. */
export const pushPayload = (n: repo.PushNotificationRow) => ({
  id: n.id,
  title: n.title.slice(0, 120),
  body: n.body.slice(0, 600),
  link: n.link,
});

/**
 * Pushes one recorded notification to each of its person's devices, never twice: the row is
 * claimed first, and each device reached is noted, so a retry goes only to those it missed. A device
 * whose subscription the push service says is gone is forgotten; any other failure puts the row back
 * in the queue and fails the run, so the job tries again later.
 */
export async function sendPush(deps: AppDeps, key: PushKey, transport: PushTransport = {}): Promise<void> {
  if (!(await pushOutbox.claim(deps.db, key, deps.now()))) return;
  let outcome: { status: 'sent'; at: Date } | { status: 'failed' | 'refused'; error: string };
  try {
    outcome = await pushToDevices(deps, key, transport);
  } catch (err) {
    await pushOutbox.finish(deps.db, key, { status: 'queued', error: failureReason(err) });
    throw err;
  }
  await pushOutbox.finish(deps.db, key, outcome);
}

async function pushToDevices(deps: AppDeps, key: PushKey, transport: PushTransport) {
  const keys = await vapidKeys(deps);
  if (!keys) return { status: 'refused', error: `Not sent: ${webPushErrors.off}` } as const;
  const n = await repo.pushNotification(deps.db, key.notificationId);
  if (!n) return { status: 'failed', error: 'Not sent: the notification is gone' } as const;
  const allowPrivate = allowsPrivate(deps);
  const agent = new Agent({ lookup: guardedLookup(allowPrivate), ...(transport.ca ? { ca: transport.ca } : {}) });
  const payload = JSON.stringify(pushPayload(n));
  const failures: string[] = [];
  try {
    for (const device of await repo.unreachedSubscriptions(deps.db, n.user_id, n.id)) {
      try {
        const host = new URL(device.endpoint).hostname.replace(/^\[|\]$/g, '');
        if (isIP(host) !== 0 && !allowPrivate && isPrivateAddress(host)) throw new RefusedEndpoint(`${host} is not a public address`);
        await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
          TTL: PUSH_TTL_SECONDS,
          vapidDetails: keys,
          timeout: PUSH_TIMEOUT_MS,
          agent,
        });
        await repo.markDelivered(deps.db, n.id, device.endpoint);
      } catch (err) {
        if (gone(err)) await repo.deleteSubscription(deps.db, n.user_id, device.endpoint);
        else failures.push(whyFailed(err));
      }
    }
  } finally {
    agent.destroy();
  }
  if (failures.length > 0) throw new Error(failures.join('; '));
  if ((await repo.deliveredCount(deps.db, n.id)) === 0)
    return { status: 'refused', error: 'Not sent: no device of theirs takes Web Push' } as const;
  return { status: 'sent', at: deps.now() } as const;
}

/** A push service's refusal with its status and what it said; other errors as they are. */
const whyFailed = (err: unknown) =>
  err instanceof webpush.WebPushError
    ? `The push service answered ${err.statusCode}${err.body ? `: ${err.body.slice(0, 200)}` : ''}`
    : failureReason(err);

/** Hands every due push not yet queued to the job queue: one job per notification, keyed by it. */
export function enqueuePushes(deps: AppDeps, queue: JobQueue): Promise<number> {
  return enqueueDue(deps, queue, pushOutbox, { name: PUSH_JOB, keyText: (key) => key.notificationId });
}

const pushJobData = z.object({ notificationId: z.uuid() });

/** The push outbox's job area: the send job, its stale-claim sweep and the listener that queues due pushes. */
export function webPushJobs(transport: PushTransport = {}): JobArea {
  return outboxArea({
    name: PUSH_JOB,
    channel: PUSH_CHANNEL,
    what: 'Web Push notifications',
    job: (deps) =>
      defineJob({
        name: PUSH_JOB,
        attempts: 6,
        retryDelaySeconds: 20,
        parse: (data) => pushJobData.parse(data),
        run: (job) => sendPush(deps, job.data, transport),
        gaveUp: (job, err) => pushOutbox.finish(deps.db, job.data, { status: 'failed', error: failureReason(err) }),
      }),
    enqueue: enqueuePushes,
    requeueStale: pushOutbox.requeueStale,
  });
}

/** The push outbox as the server runs it (for the notifications area's `jobs`). */
export const pushJobs: JobArea = webPushJobs();
