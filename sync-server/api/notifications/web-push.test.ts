import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { startJobs } from '../../jobs/jobs.js';
import {
  enqueuePushes,
  PUSH_JOB,
  PUSH_TTL_SECONDS,
  pushKey,
  recordPush,
  sendPush,
  subscribe,
  unsubscribe,
  vapidKeys,
  webPushErrors,
  webPushJobs,
} from './web-push.js';
import { forEachDatabase, seedUser, seedWorkspace } from '../../../tests/support/db-kit.js';
import { sendQueuedMails } from '../../../tests/support/outbox.js';
import { PUSH_SERVICE_CERT, startPushService, type PushService, type TestBrowser } from '../../../tests/support/push-service.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';

/**
 * Web Push (issue 37 §5) against a push service that speaks the protocol: the server's VAPID keys,
 * people's device subscriptions, and the push outbox, where each notification reaches each device
 * once however often its job runs, a device the push service says is gone is forgotten, and a push
 * service that fails leaves the push queued for the job's retry.
 */
forEachDatabase('Web Push', (target) => {
  let db: Db;
  let server: TestServer;
  let deps: AppDeps;
  let jobs: { queue: JobQueue; stop(): Promise<void> };
  let push: PushService;
  let owner: number;
  let ws: number;

  beforeAll(async () => {
    db = await target.open();
    // The push service runs on 127.0.0.1, a private address the server refuses unless told otherwise.
    server = await startTestServer(db, { env: { OUTSIDE_FETCH_PRIVATE: 'allow' } });
    deps = server.deps;
    push = await startPushService();
    jobs = await startJobs(deps, { work: false, areas: [webPushJobs({ ca: PUSH_SERVICE_CERT })] });
    owner = await seedUser(db);
    ws = await seedWorkspace(db, owner);
  });
  afterAll(async () => {
    await jobs?.stop();
    await push?.close();
    await server?.close();
    await db?.close();
  });
  beforeEach(() => {
    push.received.length = 0;
    push.rejected.length = 0;
  });

  const notification = async (userId: number, title: string, body = '') => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO notifications (id, user_id, workspace_id, kind, dedupe_key, title, body, link) VALUES ($1, $2, $3, 'invoice_paid', $4, $5, $6, $7)`,
      [id, userId, ws, `invoice_paid:${id}`, title, body, `/workspace/${ws}/invoices/${id}`],
    );
    await db.transaction((tx) => recordPush(tx, id));
    return id;
  };
  const run = () =>
    sendQueuedMails(db, {
      table: 'notification_pushes',
      enqueue: () => enqueuePushes(deps, jobs.queue),
      drain: () => jobs.queue.drain(PUSH_JOB),
    });
  const row = async (id: string) =>
    (
      await db.query<{ status: string; error: string | null; job_id: string | null }>(
        'SELECT status, error, job_id FROM notification_pushes WHERE notification_id = $1',
        [id],
      )
    )[0];
  const endpoints = async (userId: number) =>
    (await db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY endpoint', [userId])).map(
      (r) => r.endpoint,
    );
  const subscribed = async (userId: number, name: string): Promise<TestBrowser> => {
    const browser = push.browser(name);
    await subscribe(deps, userId, browser.subscription);
    return browser;
  };

  describe('the VAPID keys', () => {
    it('outside production with none set, one pair is made and kept for every instance, and the key endpoint gives its public half', async () => {
      const first = await vapidKeys(deps, {});
      expect(first).toMatchObject({ subject: 'mailto:no-reply@vuka.africa' });
      const [stored] = await db.query<{ public_key: string }>('SELECT public_key FROM push_keys');
      expect(stored.public_key).toBe(first?.publicKey);
      expect(Buffer.from(first?.publicKey ?? '', 'base64url')).toHaveLength(65);
      // Another instance (its own config) reads the same pair.
      const other = await vapidKeys({ db, config: loadConfig({ NODE_ENV: 'development' }) }, {});
      expect(other?.privateKey).toBe(first?.privateKey);
      expect(await pushKey(deps)).toEqual({ public_key: first?.publicKey });
    });

    it('keys set in the environment are used as they are; in production without them Web Push is off', async () => {
      const env = {
        VAPID_PUBLIC_KEY: 'BKxBXxUD8FeETMWtO2qvOqItrEi1lz8ogC92NSanNRvb-EQp_bUszxygRofFjUyHyX7Grs3td-rPNVHuKxOa8_I',
        VAPID_PRIVATE_KEY: 'CYbQ5sw3C9_4pZyZi0E6IAbZJ2Ad6nR4auaCZ7ck2lQ',
        VAPID_SUBJECT: 'mailto:push@example.test',
      };
      expect(await vapidKeys(deps, env)).toEqual({
        publicKey: env.VAPID_PUBLIC_KEY,
        privateKey: env.VAPID_PRIVATE_KEY,
        subject: env.VAPID_SUBJECT,
      });
      const production = { db, config: loadConfig({ NODE_ENV: 'production' }) };
      expect(await vapidKeys(production, {})).toBeNull();
      expect(await vapidKeys(production, env)).toMatchObject({ publicKey: env.VAPID_PUBLIC_KEY });
    });

    it('a half-set or malformed pair is refused with what is wrong', async () => {
      await expect(
        vapidKeys(deps, { VAPID_PUBLIC_KEY: 'BKxBXxUD8FeETMWtO2qvOqItrEi1lz8ogC92NSanNRvb-EQp_bUszxygRofFjUyHyX7Grs3td-rPNVHuKxOa8_I' }),
      ).rejects.toThrow('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
      await expect(vapidKeys(deps, { VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def' })).rejects.toThrow(
        'VAPID_PUBLIC_KEY must be 65 bytes',
      );
    });
  });

  describe('subscriptions', () => {
    it('a device subscribes once per endpoint; an endpoint another person held moves to the one subscribing now', async () => {
      const someone = await seedUser(db);
      const browser = await subscribed(someone, 'shared');
      await subscribe(deps, someone, browser.subscription);
      expect(await endpoints(someone)).toEqual([browser.subscription.endpoint]);
      const other = await seedUser(db);
      await subscribe(deps, other, browser.subscription);
      expect(await endpoints(someone)).toEqual([]);
      expect(await endpoints(other)).toEqual([browser.subscription.endpoint]);
      // Unsubscribing someone else's endpoint changes nothing; one's own removes it.
      await unsubscribe(deps, someone, browser.subscription.endpoint);
      expect(await endpoints(other)).toEqual([browser.subscription.endpoint]);
      await unsubscribe(deps, other, browser.subscription.endpoint);
      expect(await endpoints(other)).toEqual([]);
    });

    it('keys that are not a browser’s push keys, and endpoints that are not https, are refused and keep nothing', async () => {
      const someone = await seedUser(db);
      const good = push.browser('good').subscription;
      const bad = [
        { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
        { ...good, keys: { ...good.keys, auth: Buffer.alloc(8).toString('base64url') } },
      ];
      for (const body of bad)
        await expect(subscribe(deps, someone, body)).rejects.toMatchObject({ status: 400, message: webPushErrors.keys });
      await expect(subscribe(deps, someone, { ...good, endpoint: good.endpoint.replace('https:', 'http:') })).rejects.toMatchObject({
        status: 400,
        message: webPushErrors.endpoint,
      });
      const strict = { ...deps, config: { ...deps.config, OUTSIDE_FETCH_PRIVATE: 'refuse' as const } };
      await expect(subscribe(strict, someone, good)).rejects.toMatchObject({ status: 400, message: webPushErrors.endpoint });
      expect(await endpoints(someone)).toEqual([]);
    });
  });

  describe('the push outbox', () => {
    it('a recorded notification reaches each device once, signed, with a day’s TTL, however often it is recorded or its job runs', async () => {
      const someone = await seedUser(db);
      const phone = await subscribed(someone, 'phone');
      const laptop = await subscribed(someone, 'laptop');
      const id = await notification(someone, 'Invoice INV-7 was paid', 'R 120.00 from Thandi');
      await db.transaction((tx) => recordPush(tx, id));
      await run();
      expect(push.rejected).toEqual([]);
      expect(push.received.map((p) => p.endpoint).sort()).toEqual([phone.subscription.endpoint, laptop.subscription.endpoint].sort());
      const keys = await vapidKeys(deps);
      for (const p of push.received) {
        expect(p.ttl).toBe(PUSH_TTL_SECONDS);
        expect(p.vapid).toMatchObject({ aud: push.url, publicKey: keys?.publicKey });
        expect(p.payload).toEqual({
          id,
          title: 'Invoice INV-7 was paid',
          body: 'R 120.00 from Thandi',
          link: `/workspace/${ws}/invoices/${id}`,
        });
      }
      expect(await row(id)).toMatchObject({ status: 'sent', error: null });
      // Again: recorded anew, its job sent again, the send run directly, and two at once.
      await db.transaction((tx) => recordPush(tx, id));
      await jobs.queue.send(PUSH_JOB, { notificationId: id });
      await jobs.queue.drain(PUSH_JOB);
      await Promise.all([sendPush(deps, { notificationId: id }), sendPush(deps, { notificationId: id })]);
      await run();
      expect(push.received).toHaveLength(2);
    });

    it('a device the push service says is gone (410) is forgotten, and the others still get the push', async () => {
      const someone = await seedUser(db);
      const old = await subscribed(someone, 'old');
      const current = await subscribed(someone, 'current');
      push.answer(old, 410);
      const id = await notification(someone, 'A quote was accepted');
      await run();
      expect(push.received.map((p) => p.endpoint)).toEqual([current.subscription.endpoint]);
      expect(await endpoints(someone)).toEqual([current.subscription.endpoint]);
      expect(await row(id)).toMatchObject({ status: 'sent' });
    });

    it('a push to no device left ends refused with why', async () => {
      const someone = await seedUser(db);
      const only = await subscribed(someone, 'only');
      push.answer(only, 404);
      const id = await notification(someone, 'Tickets were sold');
      await run();
      expect(push.requests.get(only.subscription.endpoint)).toBe(1);
      expect(await endpoints(someone)).toEqual([]);
      expect(await row(id)).toMatchObject({ status: 'refused', error: 'Not sent: no device of theirs takes Web Push' });
    });

    it('a push service that fails (500) leaves the push queued for the retry, which reaches only the device it missed', async () => {
      const someone = await seedUser(db);
      const fine = await subscribed(someone, 'fine');
      const flaky = await subscribed(someone, 'flaky');
      push.answer(flaky, 500);
      const id = await notification(someone, 'A booking was made');
      await run();
      expect(push.received.map((p) => p.endpoint)).toEqual([fine.subscription.endpoint]);
      const waiting = await row(id);
      expect(waiting).toMatchObject({ status: 'queued', error: 'The push service answered 500: Answered 500' });
      const [job] = await db.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [waiting.job_id]);
      expect(job.state).toBe('retry');
      expect(await endpoints(someone)).toHaveLength(2);

      push.answer(flaky, 201);
      await db.query('UPDATE pgboss.job SET start_after = now() WHERE id = $1', [waiting.job_id]);
      await run();
      expect(push.received.map((p) => p.endpoint)).toEqual([fine.subscription.endpoint, flaky.subscription.endpoint]);
      expect(await row(id)).toMatchObject({ status: 'sent', error: null });
    });

    it('with Web Push off (production without keys) a push ends refused and nothing is sent', async () => {
      const someone = await seedUser(db);
      await subscribed(someone, 'off');
      const id = await notification(someone, 'An order came in');
      const production = { ...deps, config: { ...deps.config, isProduction: true } };
      await sendPush(production, { notificationId: id });
      expect(await row(id)).toMatchObject({ status: 'refused', error: `Not sent: ${webPushErrors.off}` });
      expect(push.received).toEqual([]);
    });

    it('the owner of the seeded workspace is not pushed to without a device', async () => {
      const id = await notification(owner, 'Nobody listens');
      await run();
      expect(push.received).toEqual([]);
      expect(await row(id)).toMatchObject({ status: 'refused' });
    });
  });
});
