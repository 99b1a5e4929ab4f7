import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingOverview, checkoutStarted } from '../../schema/billing/billing.js';
import type { Db } from '../../sync-server/db/db.js';
import { WEBHOOK_PATH } from '../../sync-server/payments/payments.js';
import { signWebhook } from '../../sync-server/payments/signature.js';
import { payOnCheckout, startBillingHarness, type BillingHarness } from '../support/billing.js';
import { databaseFingerprint } from '../support/contract-probe.js';
import { testDatabases } from '../support/databases.js';
import { signedInUser } from '../support/fixtures.js';
import type { CookieClient } from '../support/server.js';

/**
 * Payments (SECURITY.md): the Paystack webhook is believed only when its signature, an HMAC-SHA512
 * of the exact bytes received under the secret key, is right; and each event is applied once, however
 * often and however it is delivered again.
 */

const RETURN = '/workspace/1/billing/credits';

/** Every event the webhook acts on, with a body shaped like the provider's. */
const EVENT_SHAPES: Array<{ event: string; data: Record<string, unknown> }> = [
  {
    event: 'subscription.create',
    data: { subscription_code: 'SUB_forged', email_token: 'tok', plan: { plan_code: 'PLN_forged' }, customer: { email: 'x@example.test' } },
  },
  { event: 'subscription.disable', data: { subscription_code: 'SUB_forged' } },
  { event: 'subscription.not_renew', data: { subscription_code: 'SUB_forged' } },
  { event: 'invoice.payment_failed', data: { invoice_code: 'INV_forged', subscription: { subscription_code: 'SUB_forged' } } },
];

for (const target of testDatabases()) {
  describe(`Paystack webhook forgery and replay on ${target.name}`, () => {
    let db: Db;
    let h: BillingHarness;
    let hook: string;
    beforeAll(async () => {
      db = await target.open();
      h = await startBillingHarness(db);
      hook = h.server.url + WEBHOOK_PATH;
      // Deliveries come only from these tests, never from the sandbox on its own.
      h.webhooks(false);
    });
    afterAll(async () => {
      await h?.close();
      await db?.close();
    });

    const post = async (raw: string, signature?: string) => {
      const res = await fetch(hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-paystack-signature': signature }) },
        body: raw,
      });
      return { status: res.status, text: await res.text() };
    };
    const credits = async (client: CookieClient) => {
      const overview = billingOverview.parse((await client.get('/api/billing')).json);
      return overview.welcome_credits + overview.bought_credits;
    };

    /** A credit pack paid on the provider's page, its charge.success event not delivered yet. */
    async function paidCheckout(pack: string) {
      const { user, client } = await signedInUser(h.server);
      const started = await client.post('/api/billing/credits/checkout', { pack, return_path: RETURN });
      const { authorization_url, reference } = checkoutStarted.parse(started.json);
      await payOnCheckout(authorization_url);
      const tx = h.sandbox.state.transactions.get(reference);
      if (!tx) throw new Error('no sandbox transaction');
      return { user, client, reference, event: { event: 'charge.success', data: h.sandbox.state.transactionData(tx) } };
    }

    it('a charge.success with no, a wrong, a malformed or another body’s signature is refused with 401 and changes nothing', async () => {
      const { client, reference, event } = await paidCheckout('credits_400');
      const raw = JSON.stringify(event);
      const other = JSON.stringify({ event: 'charge.success', data: { ...event.data, reference: 'someone-else' } });
      const good = signWebhook(raw, h.secretKey);
      const altered = raw.replace('"amount":29900', '"amount":29901');
      expect(altered).not.toBe(raw);
      const before = await databaseFingerprint(db);
      const forgeries: Array<[string, string, string | undefined]> = [
        ['no signature', raw, undefined],
        ['an empty signature', raw, ''],
        ['a signature under another key', raw, signWebhook(raw, 'sk_test_someone_else')],
        ['a signature over another body', raw, signWebhook(other, h.secretKey)],
        ['a signed body altered in transit', altered, good],
        ['a truncated signature', raw, good.slice(0, 64)],
        ['a signature that is not hex', raw, 'z'.repeat(128)],
        ['the body itself as the signature', raw, raw],
      ];
      for (const [what, body, signature] of forgeries) {
        const res = await post(body, signature);
        expect(res.status, `${what}: ${res.text}`).toBe(401);
        expect(JSON.parse(res.text)).toEqual({ message: 'Invalid webhook signature' });
      }
      expect(await databaseFingerprint(db)).toEqual(before);
      expect(await credits(client)).toBe(100);
      const [payment] = await db.query<{ status: string }>('SELECT status FROM payments WHERE reference = $1', [reference]);
      expect(payment?.status).toBe('pending');
    });

    it('every event kind the webhook acts on is refused unsigned or signed under another key', async () => {
      const before = await databaseFingerprint(db);
      for (const shape of EVENT_SHAPES) {
        const raw = JSON.stringify(shape);
        expect((await post(raw)).status, `${shape.event} unsigned`).toBe(401);
        expect((await post(raw, signWebhook(raw, 'sk_test_someone_else'))).status, `${shape.event} under another key`).toBe(401);
      }
      expect(await databaseFingerprint(db)).toEqual(before);
    });

    it('the same signed charge.success delivered twice is applied once', async () => {
      const { user, client, event } = await paidCheckout('credits_50');
      const raw = JSON.stringify(event);
      const first = await post(raw, signWebhook(raw, h.secretKey));
      const second = await post(raw, signWebhook(raw, h.secretKey));
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([JSON.parse(first.text), JSON.parse(second.text)]).toEqual([{ message: 'handled' }, { message: 'duplicate' }]);
      expect(await credits(client)).toBe(150);
      expect(await db.query('SELECT amount FROM credit_transactions WHERE user_id = $1', [user.id])).toEqual([{ amount: 50 }]);
    });

    it('the same event delivered twice at once is applied once', async () => {
      const { user, client, event } = await paidCheckout('credits_150');
      const raw = JSON.stringify(event);
      const signature = signWebhook(raw, h.secretKey);
      const answers = await Promise.all([post(raw, signature), post(raw, signature), post(raw, signature)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers.map((a) => JSON.parse(a.text).message).sort()).toEqual(['duplicate', 'duplicate', 'handled']);
      expect(await credits(client)).toBe(250);
      expect(await db.query('SELECT amount FROM credit_transactions WHERE user_id = $1', [user.id])).toEqual([{ amount: 150 }]);
    });

    it('an event re-serialised and signed again is still the same event, applied once', async () => {
      const { user, client, event } = await paidCheckout('credits_50');
      const compact = JSON.stringify(event);
      const spaced = JSON.stringify(event, null, 2);
      expect(spaced).not.toBe(compact);
      expect(JSON.parse((await post(compact, signWebhook(compact, h.secretKey))).text)).toEqual({ message: 'handled' });
      expect(JSON.parse((await post(spaced, signWebhook(spaced, h.secretKey))).text)).toEqual({ message: 'duplicate' });
      expect(await credits(client)).toBe(150);
      expect(await db.query('SELECT amount FROM credit_transactions WHERE user_id = $1', [user.id])).toEqual([{ amount: 50 }]);
    });

    it('a charge whose reference no area claims is logged and answered 200, and no money moves', async () => {
      const { client, reference, event } = await paidCheckout('credits_50');
      const stranger = 'vkzz_no_area_made_this';
      const raw = JSON.stringify({ ...event, data: { ...event.data, reference: stranger } });
      const warn = vi.spyOn(h.server.deps.log, 'warn');
      // Everything but the record that the delivery arrived (which makes a replay a duplicate).
      const before = await databaseFingerprint(db, ['billing_webhook_events']);
      try {
        const res = await post(raw, signWebhook(raw, h.secretKey));
        expect(res.status).toBe(200);
        expect(JSON.parse(res.text)).toEqual({ message: 'ignored' });
        expect(warn).toHaveBeenCalledWith({ reference: stranger }, expect.stringContaining('no area claims'));
      } finally {
        warn.mockRestore();
      }
      expect(await databaseFingerprint(db, ['billing_webhook_events'])).toEqual(before);
      expect(await db.query('SELECT event FROM billing_webhook_events WHERE event_key = $1', [`charge.success:${stranger}`])).toEqual([
        { event: 'charge.success' },
      ]);
      expect(await credits(client)).toBe(100);
      const [payment] = await db.query<{ status: string }>('SELECT status FROM payments WHERE reference = $1', [reference]);
      expect(payment?.status).toBe('pending');
    });

    it('a replayed event after the browser’s return already settled the payment adds nothing', async () => {
      const { user, client, reference, event } = await paidCheckout('credits_50');
      expect((await client.post('/api/billing/verify', { reference })).status).toBe(200);
      expect(await credits(client)).toBe(150);
      const raw = JSON.stringify(event);
      for (let i = 0; i < 2; i++) expect((await post(raw, signWebhook(raw, h.secretKey))).status).toBe(200);
      expect(await credits(client)).toBe(150);
      expect(await db.query('SELECT amount FROM credit_transactions WHERE user_id = $1', [user.id])).toEqual([{ amount: 50 }]);
    });
  });
}
