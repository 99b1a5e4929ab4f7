import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../db/db.js';
import { billingOverview, checkoutStarted } from '../../../schema/billing/billing.js';
import { plans, PRO_TRIAL_DAYS } from '../../../schema/billing/plans.js';
import { workspaceDto } from '../../../schema/workspaces/workspaces.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { registered } from '../../../tests/support/fixtures-auth.js';
import { signIn, signedInUser } from '../../../tests/support/fixtures.js';
import { checkoutAndPay, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import { CookieClient } from '../../../tests/support/server.js';

const DAY = 24 * 3600 * 1000;
const TRIAL = '/api/billing/subscription/trial';
const RETURN = '/workspace/7/billing/subscription';
const USED = `You have already had your ${PRO_TRIAL_DAYS}-day free trial of the Vuka Plan. Upgrade with a card to use it again.`;

for (const target of testDatabases()) {
  describe(`billing: the 30-day Pro trial on ${target.name}`, () => {
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
        await db.query<{ plan: string; plan_trial_ends_at: Date | string | null; trial_used_at: Date | string | null }>(
          'SELECT plan, plan_trial_ends_at, trial_used_at FROM users WHERE id = $1',
          [id],
        )
      )[0];
    const paymentsOf = async (id: number) => db.query('SELECT id FROM payments WHERE user_id = $1', [id]);

    it('needs a session', async () => {
      expect((await new CookieClient(h.server.url).post(TRIAL)).status).toBe(401);
    });

    it('a free account is offered the trial; starting it makes the account Pro for 30 days with no card and no payment', async () => {
      const { user, client } = await signedInUser(h.server);
      expect(await overviewOf(client)).toMatchObject({ plan: 'free', trial_available: true, trial_ends_at: null, subscription: null });

      const res = await client.post(TRIAL);
      expect(res.status).toBe(200);
      const started = billingOverview.parse(res.json);
      expect(started).toMatchObject({ plan: 'pro', trial_available: false, subscription: null, payment_methods: [] });
      const ends = Date.parse(started.trial_ends_at ?? '');
      expect(Math.round((ends - h.server.deps.now().getTime()) / DAY)).toBe(PRO_TRIAL_DAYS);
      expect(await paymentsOf(user.id)).toEqual([]);
      expect(h.sandbox.state.subscriptions.size).toBe(0);
      const row = await userRow(user.id);
      expect(row.plan).toBe('pro');
      expect(row.trial_used_at).not.toBeNull();

      // The workspaces see Pro at once: a second workspace is allowed, which Mahala refuses.
      expect((await client.post('/api/workspaces', { name: 'One' })).status).toBe(200);
      expect((await client.post('/api/workspaces', { name: 'Two' })).status).toBe(200);
      const ws = z.array(workspaceDto).parse((await client.get('/api/workspaces')).json);
      expect(ws.map((w) => w.plan)).toEqual(['pro', 'pro']);
    });

    it('a second trial is refused with a clear message and changes nothing', async () => {
      const { user, client } = await signedInUser(h.server);
      expect((await client.post(TRIAL)).status).toBe(200);
      const before = await userRow(user.id);
      const again = await client.post(TRIAL);
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ code: 'trial_used', message: USED });
      expect(await userRow(user.id)).toEqual(before);
    });

    it('two trial starts racing give one trial', async () => {
      const { client } = await signedInUser(h.server);
      const answers = await Promise.all([client.post(TRIAL), client.post(TRIAL), client.post(TRIAL)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    });

    it('a Pro sign-up has used its trial: billing offers the card, and a trial start is refused', async () => {
      const { client } = await registered(h.server, { plan: 'pro' });
      const o = await overviewOf(client);
      expect(o).toMatchObject({ plan: 'pro', trial_available: false });
      const res = await client.post(TRIAL);
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ code: 'trial_used' });
    });

    it('a subscriber is not offered a trial and cannot start one', async () => {
      const { user, client } = await signedInUser(h.server);
      const { reference } = await checkoutAndPay(client, '/api/billing/subscription/checkout', { cycle: 'monthly', return_path: RETURN });
      expect((await client.post('/api/billing/verify', { reference })).status).toBe(200);
      expect(await overviewOf(client)).toMatchObject({ plan: 'pro', trial_available: false });
      const res = await client.post(TRIAL);
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ code: 'already_subscribed' });
      expect((await userRow(user.id)).trial_used_at).toBeNull();
    });

    it("the trial grants the Vuka Plan's monthly AI credits, even after Mahala's month was partly spent", async () => {
      const { user, client } = await signedInUser(h.server);
      // Mahala's 5 for the month, one already spent (the allowance written by that spend).
      await db.query('UPDATE users SET ai_allowance = 4, ai_allowance_cycle = $2 WHERE id = $1', [user.id, h.server.deps.now()]);
      expect(await overviewOf(client)).toMatchObject({ plan: 'free', plan_credits: 4 });

      const started = billingOverview.parse((await client.post(TRIAL)).json);
      expect(started).toMatchObject({ plan: 'pro', plan_credits: plans.pro.limits.aiCreditsPerMonth });
      expect(plans.pro.limits.aiCreditsPerMonth).toBe(100);
      const ledger = await db.query<{ amount: number; type: string; description: string }>(
        "SELECT amount, type, description FROM credit_transactions WHERE user_id = $1 AND type = 'plan_refresh'",
        [user.id],
      );
      expect(ledger).toEqual([{ amount: 100, type: 'plan_refresh', description: 'Vuka Plan AI credits for the trial' }]);
      // A refused second start grants nothing more.
      expect((await client.post(TRIAL)).status).toBe(409);
      expect(await db.query("SELECT 1 FROM credit_transactions WHERE user_id = $1 AND type = 'plan_refresh'", [user.id])).toHaveLength(1);
    });

    // Moves the server's clock, so it runs last.
    it('when the trial ends the account is on Mahala again, no second trial, and upgrading asks for a card', async () => {
      const { user, client } = await signedInUser(h.server);
      expect((await client.post(TRIAL)).status).toBe(200);
      h.server.advance((PRO_TRIAL_DAYS + 1) * DAY);
      const later = await signIn(h.server, user.id);
      expect(await overviewOf(later)).toMatchObject({ plan: 'free', trial_available: false });
      const res = await later.post(TRIAL);
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ code: 'trial_used', message: USED });
      const checkout = await later.post('/api/billing/subscription/checkout', { cycle: 'monthly', return_path: RETURN });
      expect(checkout.status).toBe(200);
      expect(checkoutStarted.parse(checkout.json).authorization_url).toMatch(/^http/);
    });
  });
}
