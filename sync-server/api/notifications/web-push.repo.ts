import type { Queryable } from '../../db/db.js';

/** The SQL of Web Push: the server's stored key pair, people's subscriptions, and what a push sends. */

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/** The stored pair, or `made` stored as the pair when there is none yet (the first instance to ask wins). */
export async function storedKeys(q: Queryable, made: () => KeyPair): Promise<KeyPair> {
  const read = () => q.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_keys');
  let [row] = await read();
  if (!row) {
    const pair = made();
    await q.query('INSERT INTO push_keys (public_key, private_key) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      pair.publicKey,
      pair.privateKey,
    ]);
    [row] = await read();
  }
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** Keeps a device's subscription for `userId`: an endpoint already kept (theirs or another person's) becomes theirs with these keys. */
export async function upsertSubscription(
  q: Queryable,
  userId: number,
  s: { endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await q.query(
    `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
    [s.endpoint, userId, s.p256dh, s.auth],
  );
}

/** Drops a person's oldest subscriptions beyond `keep`. */
export async function trimSubscriptions(q: Queryable, userId: number, keep: number): Promise<void> {
  await q.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint NOT IN (
       SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, endpoint LIMIT $2)`,
    [userId, keep],
  );
}

/** Forgets a subscription of `userId` (another person's endpoint is left alone). */
export async function deleteSubscription(q: Queryable, userId: number, endpoint: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2', [endpoint, userId]);
}

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushNotificationRow {
  id: string;
  user_id: number;
  title: string;
  body: string;
  link: string;
}

export async function pushNotification(q: Queryable, id: string): Promise<PushNotificationRow | undefined> {
  const [row] = await q.query<PushNotificationRow>('SELECT id, user_id, title, body, link FROM notifications WHERE id = $1', [id]);
  return row;
}

/** The person's subscriptions this notification has not yet reached. */
export async function unreachedSubscriptions(q: Queryable, userId: number, notificationId: string): Promise<PushSubscriptionRow[]> {
  return q.query<PushSubscriptionRow>(
    `SELECT s.endpoint, s.p256dh, s.auth FROM push_subscriptions s
      WHERE s.user_id = $1
        AND NOT EXISTS (SELECT 1 FROM notification_push_deliveries d WHERE d.notification_id = $2 AND d.endpoint = s.endpoint)
      ORDER BY s.created_at, s.endpoint`,
    [userId, notificationId],
  );
}

export async function markDelivered(q: Queryable, notificationId: string, endpoint: string): Promise<void> {
  await q.query('INSERT INTO notification_push_deliveries (notification_id, endpoint) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    notificationId,
    endpoint,
  ]);
}

/** How many devices a notification reached. */
export async function deliveredCount(q: Queryable, notificationId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM notification_push_deliveries WHERE notification_id = $1', [
    notificationId,
  ]);
  return row.n;
}
