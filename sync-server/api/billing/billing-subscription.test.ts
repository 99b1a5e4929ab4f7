import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { billingOverview, paymentOutcome, subscriptionPriceCents } from '../../../schema/billing/billing.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { signIn, signedInUser } from '../../../tests/support/fixtures.js';
import { checkoutAndPay, DECLINED_CARD, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { CookieClient } from '../../../tests/support/server.js';

const DAY = 24 * 3600 * 1000;
const RETURN = '/workspace/7/billing/subscription';

for (const target of testDatabases()) {
  describe(`billing: Pro subscription on ${target.name}`, () => {
    let db: Db;
    let h: BillingHarness;
    beforeAll(async () => {
      db = await target.open();
      h = await startBillingHarness(db);
    });
    afterAll(async () => {
      await h?.close();
      await db?.close();
    });

    const overviewOf = async (client: CookieClient) => billingOverview.parse((await client.get('/api/billing')).json);
    const userRow = async (id: number) =>
      (
        await db.query<{ plan: string; credits: number; plan_trial_ends_at: Date | null }>(
          'SELECT plan, credits, plan_trial_ends_at FROM users WHERE id = $1',
          [id],
        )
      )[0];

    it('every billing endpoint answers 401 without a session', async () => {
      const anon = new CookieClient(h.server.url);
      const calls = [
        anon.get('/api/billing'),
        anon.post('/api/billing/subscription/checkout', { cycle: 'monthly', return_path: RETURN }),
        anon.post('/api/billing/subscription/cancel'),
        anon.post('/api/billing/credits/checkout', { pack: 'credits_50', return_path: RETURN }),
        anon.post('/api/billing/verify', { reference: 'x' }),
        anon.get('/api/billing/history'),
        anon.get('/api/billing/payment-methods'),
        anon.delete('/api/billing/payment-methods/1'),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
    });

    it('the stored plan prices are the ones the app shows: R499 a month, a year 20 % off twelve months', async () => {
      const rows = await db.query<{ code: string; price: number; credits_included: number }>(
        'SELECT code, price, credits_included FROM subscription_plans ORDER BY code',
      );
      expect(rows).toEqual([
        { code: 'pro_annual', price: subscriptionPriceCents('annual'), credits_included: 1200 },
        { code: 'pro_monthly', price: subscriptionPriceCents('monthly'), credits_included: 100 },
      ]);
      expect(subscriptionPriceCents('annual')).toBe(479_040);
    });

    it('upgrade end to end: checkout on the sandbox page, return, verify, and the plan is Pro at once', async () => {
      const { user, client } = await signedInUser(h.server);
      const before = await overviewOf(client);
      // 100 welcome credits (they never expire, and are not counted as bought) and Mahala's 5 for the month.
      expect(before).toMatchObject({
        plan: 'free',
        subscription: null,
        credits: 105,
        plan_credits: 5,
        welcome_credits: 100,
        bought_credits: 0,
        payment_methods: [],
        payments_enabled: true,
      });

      const { reference, location } = await checkoutAndPay(client, '/api/billing/subscription/checkout', {
        cycle: 'monthly',
        return_path: RETURN,
      });
      const back = new URL(location ?? '');
      expect(back.pathname).toBe(RETURN);
      expect(back.searchParams.get('reference')).toBe(reference);

      const verified = paymentOutcome.parse((await client.post('/api/billing/verify', { reference })).json);
      expect(verified.status).toBe('success');
      expect(verified.message).toMatch(/^Payment received\. Your Vuka Plan is active until /);

      const after = await overviewOf(client);
      expect(after.plan).toBe('pro');
      expect(after.subscription).toMatchObject({ status: 'active', cycle: 'monthly', amount_cents: 49_900, cancel_at_period_end: false });
      const end = new Date(after.subscription?.current_period_end ?? 0).getTime();
      expect(end - Date.now()).toBeGreaterThan(27 * DAY);
      expect(end - Date.now()).toBeLessThan(32 * DAY);
      expect(after.payment_methods).toEqual([
        expect.objectContaining({ brand: 'visa', last4: '4081', exp_month: 12, exp_year: 2039, is_default: true }),
      ]);
      // 100 on sign-up plus the month's 100 as the plan's allowance, once, though the webhook and the return both settled it.
      await h.sandbox.idle();
      expect(await overviewOf(client)).toMatchObject({ credits: 200, plan_credits: 100, welcome_credits: 100, bought_credits: 0 });
      expect(await userRow(user.id)).toMatchObject({ plan: 'pro', credits: 100, plan_trial_ends_at: null });

      // Renewals are handed to the provider's subscription, starting when the paid month ends.
      const subs = await db.query<{ provider_subscription_code: string | null }>(
        'SELECT provider_subscription_code FROM subscriptions WHERE user_id = $1',
        [user.id],
      );
      const code = subs[0]?.provider_subscription_code ?? '';
      expect(code).toMatch(/^SUB_/);
      expect(h.sandbox.state.subscriptions.get(code)?.next_payment_date).toBe(after.subscription?.current_period_end);

      // Only the provider's token and the card's brand, last4 and expiry are stored, never the number.
      const dump = JSON.stringify(
        await db.query('SELECT p.*, m.* FROM payments p LEFT JOIN payment_methods m ON m.user_id = p.user_id WHERE p.user_id = $1', [
          user.id,
        ]),
      );
      expect(dump).not.toContain('4084084084084081');
      expect(dump).not.toContain('408408');

      // A second upgrade is refused while the subscription runs.
      const again = await client.post('/api/billing/subscription/checkout', { cycle: 'annual', return_path: RETURN });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ message: 'You already have the Vuka Plan.' });
    });

    it('annual billing charges twelve months less 20 % and runs for a year', async () => {
      const { client } = await signedInUser(h.server);
      const { reference } = await checkoutAndPay(client, '/api/billing/subscription/checkout', {
        cycle: 'annual',
        return_path: '/settings?tab=subscription',
      });
      expect(paymentOutcome.parse((await client.post('/api/billing/verify', { reference })).json).status).toBe('success');
      const o = await overviewOf(client);
      expect(o.subscription).toMatchObject({ cycle: 'annual', amount_cents: 479_040 });
      const paid = await db.query<{ amount_cents: number }>('SELECT amount_cents FROM payments WHERE reference = $1', [reference]);
      expect(paid[0]?.amount_cents).toBe(479_040);
      expect(new Date(o.subscription?.current_period_end ?? 0).getTime() - Date.now()).toBeGreaterThan(364 * DAY);
      await h.sandbox.idle();
      expect((await overviewOf(client)).credits).toBe(100 + 1200);
    });

    it('a declined card leaves the plan unchanged and says so plainly', async () => {
      const { user, client } = await signedInUser(h.server);
      const { reference, location } = await checkoutAndPay(
        client,
        '/api/billing/subscription/checkout',
        { cycle: 'monthly', return_path: RETURN },
        DECLINED_CARD,
      );
      expect(new URL(location ?? '').searchParams.get('reference')).toBe(reference);
      const res = paymentOutcome.parse((await client.post('/api/billing/verify', { reference })).json);
      expect(res).toMatchObject({
        status: 'failed',
        message: 'Your card was declined (Declined). Nothing was charged and your plan has not changed.',
      });
      const o = await overviewOf(client);
      expect(o).toMatchObject({ plan: 'free', subscription: null, credits: 105, payment_methods: [] });
      expect(await userRow(user.id)).toMatchObject({ plan: 'free', credits: 100 });
      const history = (await client.get('/api/billing/history')).json as { payments: Array<{ status: string }> };
      expect(history.payments).toEqual([expect.objectContaining({ status: 'failed', message: 'Declined' })]);
    });

    it("someone else's payment reference is not found, and a return page must be one of ours", async () => {
      const a = await signedInUser(h.server);
      const b = await signedInUser(h.server);
      const started = await a.client.post('/api/billing/subscription/checkout', { cycle: 'monthly', return_path: RETURN });
      const { reference } = started.json as { reference: string };
      expect((await b.client.post('/api/billing/verify', { reference })).status).toBe(404);
      const evil = await a.client.post('/api/billing/subscription/checkout', { cycle: 'monthly', return_path: 'https://evil.test/steal' });
      expect(evil.status).toBe(400);
      expect(evil.json).toMatchObject({ errors: { return_path: ['Unknown return page'] } });
    });

    it('cancelling keeps Pro until the end of the paid period, then the account is back on Mahala', async () => {
      const { user, client } = await signedInUser(h.server);
      const { reference } = await checkoutAndPay(client, '/api/billing/subscription/checkout', { cycle: 'monthly', return_path: RETURN });
      await client.post('/api/billing/verify', { reference });
      await h.sandbox.idle();
      const code =
        (await db.query<{ c: string }>('SELECT provider_subscription_code AS c FROM subscriptions WHERE user_id = $1', [user.id]))[0]?.c ??
        '';

      const cancelled = await client.post('/api/billing/subscription/cancel');
      expect(cancelled.status).toBe(200);
      const o = billingOverview.parse(cancelled.json);
      expect(o.plan).toBe('pro');
      expect(o.subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
      expect(h.sandbox.state.subscriptions.get(code)?.status).toBe('non-renewing');
      await h.sandbox.idle();
      // The provider's subscription.disable webhook does not end access early either.
      expect((await overviewOf(client)).plan).toBe('pro');
      expect((await client.post('/api/billing/subscription/cancel')).status).toBe(200);

      h.server.advance(15 * DAY);
      // The access cookie is an hour long on the server's clock: sign in again after moving it.
      expect((await overviewOf(await signIn(h.server, user.id))).plan).toBe('pro');
      h.server.advance(17 * DAY);
      const again = await signIn(h.server, user.id);
      const later = await overviewOf(again);
      expect(later).toMatchObject({ plan: 'free', subscription: null });
      expect(await userRow(user.id)).toMatchObject({ plan: 'free' });
      const ws = await again.post('/api/billing/subscription/cancel');
      expect(ws.status).toBe(409);
      h.server.advance(-32 * DAY);
    });

    it('a renewal charged by the provider starts the next period and refreshes the AI credits; a failed one flags the subscription', async () => {
      const { user, client } = await signedInUser(h.server);
      const { reference } = await checkoutAndPay(client, '/api/billing/subscription/checkout', { cycle: 'monthly', return_path: RETURN });
      await client.post('/api/billing/verify', { reference });
      await h.sandbox.idle();
      // Some of the month's credits spent: the renewal sets the allowance afresh, it does not add to it.
      await db.query('UPDATE users SET ai_allowance = 30 WHERE id = $1', [user.id]);
      const first = await overviewOf(client);
      expect(first).toMatchObject({ plan_credits: 30, welcome_credits: 100, bought_credits: 0 });
      const code =
        (await db.query<{ c: string }>('SELECT provider_subscription_code AS c FROM subscriptions WHERE user_id = $1', [user.id]))[0]?.c ??
        '';
      const charge = await fetch(`${h.sandbox.apiUrl}/sandbox/subscriptions/${code}/charge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.secretKey}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(charge.status).toBe(200);
      await h.sandbox.idle();
      const renewed = await overviewOf(client);
      expect(renewed).toMatchObject({ credits: 200, plan_credits: 100, welcome_credits: 100, bought_credits: 0 });
      expect(new Date(renewed.subscription?.current_period_end ?? 0).getTime()).toBeGreaterThan(
        new Date(first.subscription?.current_period_end ?? 0).getTime() + 27 * DAY,
      );
      const ledger = await db.query<{ type: string; amount: number }>(
        'SELECT type, amount FROM credit_transactions WHERE user_id = $1 ORDER BY id',
        [user.id],
      );
      expect(ledger).toEqual([
        { type: 'plan_refresh', amount: 100 },
        { type: 'plan_refresh', amount: 100 },
      ]);

      await fetch(`${h.sandbox.apiUrl}/sandbox/subscriptions/${code}/charge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ decline: true }),
      });
      await h.sandbox.idle();
      const flagged = await overviewOf(client);
      expect(flagged.subscription?.status).toBe('attention');
      expect(flagged.plan).toBe('pro');
      expect(flagged.credits).toBe(renewed.credits);
    });
  });
}
