import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { billingHistory, billingOverview, paymentMethodDto, paymentOutcome, promoQuote } from '../../../schema/billing/billing.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { signedInUser } from '../../../tests/support/fixtures.js';
import { checkoutAndPay, payOnCheckout, startBillingHarness, type BillingHarness } from '../../../tests/support/billing.js';
import type { CookieClient } from '../../../tests/support/server.js';
import { z } from 'zod';

const RETURN = '/workspace/3/billing/credits';
const DAY = 24 * 3600 * 1000;

for (const target of testDatabases()) {
  describe(`billing: AI credits, promo codes, webhooks and cards on ${target.name}`, () => {
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

    const credits = async (client: CookieClient) => {
      const overview = billingOverview.parse((await client.get('/api/billing')).json);
      return overview.welcome_credits + overview.bought_credits;
    };
    const ledger = (userId: number) =>
      db.query<{ amount: number; type: string; payment_id: number | null }>(
        'SELECT amount, type, payment_id FROM credit_transactions WHERE user_id = $1 ORDER BY id',
        [userId],
      );
    async function promo(code: string, fields: Record<string, unknown>) {
      const cols = Object.keys(fields);
      await db.query(`INSERT INTO promo_codes (code, ${cols.join(', ')}) VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')})`, [
        code,
        ...Object.values(fields),
      ]);
    }

    it('a credit top-up through checkout adds the pack’s credits and a credit_transactions row', async () => {
      const { user, client } = await signedInUser(h.server);
      const { reference, location } = await checkoutAndPay(client, '/api/billing/credits/checkout', {
        pack: 'credits_150',
        return_path: RETURN,
      });
      expect(new URL(location ?? '').pathname).toBe(RETURN);
      const out = paymentOutcome.parse((await client.post('/api/billing/verify', { reference })).json);
      expect(out).toMatchObject({
        status: 'success',
        item: 'credits_150',
        message: 'Payment received. 150 AI credits were added to your account.',
      });
      await h.sandbox.idle();
      expect(await credits(client)).toBe(250);
      const rows = await ledger(user.id);
      expect(rows).toEqual([{ amount: 150, type: 'purchase', payment_id: expect.any(Number) }]);
      const hist = billingHistory.parse((await client.get('/api/billing/history')).json);
      expect(hist.payments).toEqual([
        expect.objectContaining({
          reference,
          status: 'success',
          amount_cents: 12_900,
          description: '150 AI credits',
          card: 'Visa •••• 4081',
        }),
      ]);
      expect(hist.credit_transactions).toEqual([
        expect.objectContaining({ amount: 150, type: 'purchase', description: 'Bought 150 AI credits' }),
      ]);
      // Verifying again reads the stored result and adds nothing.
      expect(paymentOutcome.parse((await client.post('/api/billing/verify', { reference })).json).status).toBe('success');
      expect(await credits(client)).toBe(250);
    });

    it('a webhook with a bad or missing signature is refused with 401 and changes nothing', async () => {
      const { user, client } = await signedInUser(h.server);
      h.webhooks(false);
      try {
        const started = await client.post('/api/billing/credits/checkout', { pack: 'credits_400', return_path: RETURN });
        const { authorization_url, reference } = started.json as { authorization_url: string; reference: string };
        await payOnCheckout(authorization_url);
        const tx = h.sandbox.state.transactions.get(reference);
        if (!tx) throw new Error('no sandbox transaction');
        const body = { event: 'charge.success', data: h.sandbox.state.transactionData(tx) };

        const forged = await h.postWebhook(body, 'sk_test_someone_else');
        expect(forged.status).toBe(401);
        const unsigned = await fetch(h.server.url + '/api/billing/paystack/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(unsigned.status).toBe(401);
        // Signed, then altered in transit: the signature covers the raw bytes.
        const raw = JSON.stringify(body);
        const { signWebhook } = await import('../../payments/signature.js');
        const tampered = await fetch(h.server.url + '/api/billing/paystack/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(raw, h.secretKey) },
          body: raw.replace('"amount":29900', '"amount":29901'),
        });
        expect(tampered.status).toBe(401);

        expect(await credits(client)).toBe(100);
        expect(await ledger(user.id)).toEqual([]);
        const status = await db.query<{ status: string }>('SELECT status FROM payments WHERE reference = $1', [reference]);
        expect(status[0]?.status).toBe('pending');
      } finally {
        h.webhooks(true);
      }
    });

    it('the same charge.success delivered twice credits once', async () => {
      const { user, client } = await signedInUser(h.server);
      h.webhooks(false);
      try {
        const started = await client.post('/api/billing/credits/checkout', { pack: 'credits_50', return_path: RETURN });
        const { authorization_url, reference } = started.json as { authorization_url: string; reference: string };
        await payOnCheckout(authorization_url);
        const tx = h.sandbox.state.transactions.get(reference);
        if (!tx) throw new Error('no sandbox transaction');
        const body = { event: 'charge.success', data: h.sandbox.state.transactionData(tx) };
        const first = await h.postWebhook(body);
        const second = await h.postWebhook(body);
        expect([first.status, second.status]).toEqual([200, 200]);
        expect(JSON.parse(first.text)).toEqual({ message: 'handled' });
        expect(JSON.parse(second.text)).toEqual({ message: 'duplicate' });
        expect(await credits(client)).toBe(150);
        expect(await ledger(user.id)).toHaveLength(1);
        // The browser's return after the webhook reads the same result.
        const out = paymentOutcome.parse((await client.post('/api/billing/verify', { reference })).json);
        expect(out.status).toBe('success');
        expect(await credits(client)).toBe(150);
      } finally {
        h.webhooks(true);
      }
    });

    it('a saved card buys credits at once, and only its owner can use, default or remove it', async () => {
      const { user, client } = await signedInUser(h.server);
      const { reference } = await checkoutAndPay(client, '/api/billing/credits/checkout', { pack: 'credits_50', return_path: RETURN });
      await client.post('/api/billing/verify', { reference });
      const cards = z.array(paymentMethodDto).parse((await client.get('/api/billing/payment-methods')).json);
      expect(cards).toHaveLength(1);
      const card = cards[0];
      if (!card) throw new Error('no card');

      const bought = paymentOutcome.parse(
        (await client.post('/api/billing/credits/charge-saved-card', { pack: 'credits_150', payment_method_id: card.id })).json,
      );
      expect(bought).toMatchObject({ status: 'success', message: 'Payment received. 150 AI credits were added to your account.' });
      await h.sandbox.idle();
      expect(await credits(client)).toBe(300);
      expect((await ledger(user.id)).map((r) => r.amount)).toEqual([50, 150]);

      const other = await signedInUser(h.server);
      expect(
        (await other.client.post('/api/billing/credits/charge-saved-card', { pack: 'credits_50', payment_method_id: card.id })).status,
      ).toBe(404);
      expect((await other.client.post(`/api/billing/payment-methods/${card.id}/default`)).status).toBe(404);
      expect((await other.client.delete(`/api/billing/payment-methods/${card.id}`)).status).toBe(404);

      // A second card: the first stays default until the owner says otherwise.
      await db.query(
        `INSERT INTO payment_methods (user_id, provider_id, signature, last4, brand, exp_month, exp_year) VALUES ($1, 'AUTH_x', 'SIG_x', '1111', 'mastercard', 3, 2031)`,
        [user.id],
      );
      let list = z.array(paymentMethodDto).parse((await client.get('/api/billing/payment-methods')).json);
      const second = list.find((m) => m.last4 === '1111');
      if (!second) throw new Error('no second card');
      expect(list.find((m) => m.is_default)?.id).toBe(card.id);
      list = z.array(paymentMethodDto).parse((await client.post(`/api/billing/payment-methods/${second.id}/default`)).json);
      expect(list.filter((m) => m.is_default).map((m) => m.id)).toEqual([second.id]);
      list = z.array(paymentMethodDto).parse((await client.delete(`/api/billing/payment-methods/${second.id}`)).json);
      expect(list).toEqual([expect.objectContaining({ id: card.id, is_default: true })]);

      // Removing the real card also ends it at the provider: it cannot be charged again.
      const authCode =
        (await db.query<{ provider_id: string }>('SELECT provider_id FROM payment_methods WHERE id = $1', [card.id]))[0]?.provider_id ?? '';
      expect(z.array(paymentMethodDto).parse((await client.delete(`/api/billing/payment-methods/${card.id}`)).json)).toEqual([]);
      expect(h.sandbox.state.authorizationByCode(authCode)).toBeUndefined();
      expect((await client.post('/api/billing/credits/charge-saved-card', { pack: 'credits_50', payment_method_id: card.id })).status).toBe(
        404,
      );
    });

    it('promo codes: unknown, inactive, expired, used up, below minimum and reused codes are refused with a clear message', async () => {
      const { client } = await signedInUser(h.server);
      const now = Date.now();
      await promo('OLD10', { discount_percentage: 10, expires_at: new Date(now - DAY) });
      await promo('GONE', { discount_percentage: 10, usage_limit: 2, times_used: 2 });
      await promo('BIGSPEND', { discount_amount: 5_000, minimum_amount: 20_000 });
      await promo('PAUSED', { discount_percentage: 10, is_active: false });
      const check = (code: string, item = 'credits_50') => client.post('/api/billing/promo/check', { code, item });

      const cases: Array<[string, string]> = [
        ['NOPE', 'This promo code does not exist.'],
        ['old10', 'This promo code has expired.'],
        ['GONE', 'This promo code has reached its usage limit.'],
        ['BIGSPEND', 'This promo code needs a purchase of at least R\u00a0200.00.'],
        ['PAUSED', 'This promo code is no longer active.'],
      ];
      for (const [code, message] of cases) {
        const res = await check(code);
        expect(res.status, code).toBe(400);
        expect(res.json).toMatchObject({ message, errors: { promo_code: [message] } });
        // The same rules hold at checkout: nothing is started.
        const start = await client.post('/api/billing/credits/checkout', { pack: 'credits_50', promo_code: code, return_path: RETURN });
        expect(start.status).toBe(400);
      }
      const big = promoQuote.parse((await check('bigspend', 'credits_400')).json);
      expect(big).toMatchObject({ code: 'BIGSPEND', subtotal_cents: 29_900, discount_cents: 5_000, total_cents: 24_900 });
    });

    it('a valid promo code lowers the charge, is counted once on payment, and is good once per account', async () => {
      const a = await signedInUser(h.server);
      const b = await signedInUser(h.server);
      await promo('LAUNCH20', { discount_percentage: 20, usage_limit: 1 });
      await promo('FREEBIE', { discount_percentage: 100 });
      const q = promoQuote.parse((await a.client.post('/api/billing/promo/check', { code: ' launch20 ', item: 'pro_monthly' })).json);
      expect(q).toMatchObject({ code: 'LAUNCH20', subtotal_cents: 49_900, discount_cents: 9_980, total_cents: 39_920 });
      // A 100 % code still leaves the smallest card charge.
      const free = promoQuote.parse((await a.client.post('/api/billing/promo/check', { code: 'FREEBIE', item: 'credits_50' })).json);
      expect(free.total_cents).toBe(100);

      const { reference } = await checkoutAndPay(a.client, '/api/billing/subscription/checkout', {
        cycle: 'monthly',
        promo_code: 'launch20',
        return_path: '/settings?tab=subscription',
      });
      expect(h.sandbox.state.transactions.get(reference)?.amount).toBe(39_920);
      expect(paymentOutcome.parse((await a.client.post('/api/billing/verify', { reference })).json).status).toBe('success');
      await h.sandbox.idle();
      const used = await db.query<{ times_used: number }>(`SELECT times_used FROM promo_codes WHERE code = 'LAUNCH20'`);
      expect(used[0]?.times_used).toBe(1);
      const usage = await db.query<{ discount_cents: number }>(
        `SELECT u.discount_cents FROM promo_code_usage u JOIN promo_codes p ON p.id = u.promo_code_id WHERE p.code = 'LAUNCH20'`,
      );
      expect(usage).toEqual([{ discount_cents: 9_980 }]);

      expect((await a.client.post('/api/billing/promo/check', { code: 'LAUNCH20', item: 'credits_50' })).json).toMatchObject({
        message: 'You have already used this promo code.',
      });
      expect((await b.client.post('/api/billing/promo/check', { code: 'LAUNCH20', item: 'credits_50' })).json).toMatchObject({
        message: 'This promo code has reached its usage limit.',
      });
    });

    it("an admin adds or takes away an account's bought credits with a reason the account sees; others and bad input change nothing", async () => {
      const { user: admin, client: adminClient } = await signedInUser(h.server);
      const { user: trader, client: traderClient } = await signedInUser(h.server);
      const adjust = (client: CookieClient, body: Record<string, unknown>) => client.post('/api/admin/credits', body);
      const ask = { email: trader.email.toUpperCase(), amount: -100, reason: 'Welcome credits of a duplicate account' };

      // Not an admin: refused, even for one's own account.
      const refused = await adjust(traderClient, { ...ask, email: trader.email });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ message: 'Only Vuka admins can adjust credits' });
      expect(await credits(traderClient)).toBe(100);

      await db.query('UPDATE users SET is_admin = true WHERE id = $1', [admin.id]);
      for (const [body, status, message] of [
        [{ ...ask, amount: 0 }, 400, 'Enter a whole number of credits between -100000 and 100000, not 0'],
        [{ ...ask, amount: 2.5 }, 400, 'Enter a whole number of credits between -100000 and 100000, not 0'],
        [{ ...ask, reason: '   ' }, 400, 'Say why, for the account’s credit history'],
        [{ ...ask, email: 'not-an-address' }, 400, 'Enter the e-mail address of the account'],
        [{ ...ask, email: 'nobody@example.co.za' }, 404, 'No account has this e-mail address'],
        [{ ...ask, amount: -101 }, 400, 'Credits cannot go below 0: this account has 100 welcome and 0 bought credits.'],
      ] as const) {
        const res = await adjust(adminClient, body);
        expect({ status: res.status, message: (res.json as { message?: string }).message }).toEqual({ status, message });
      }
      expect(await credits(traderClient)).toBe(100);
      expect(await ledger(trader.id)).toEqual([]);

      const done = await adjust(adminClient, ask);
      expect(done.status).toBe(200);
      expect(done.json).toEqual({ email: trader.email, full_name: expect.any(String), welcome_credits: 0, bought_credits: 0 });
      expect(await credits(traderClient)).toBe(0);
      const back = await adjust(adminClient, { ...ask, amount: 25, reason: 'Goodwill for a failed upload' });
      expect(back.json).toMatchObject({ welcome_credits: 0, bought_credits: 25 });
      expect(await ledger(trader.id)).toEqual([
        { amount: -100, type: 'adjustment', payment_id: null },
        { amount: 25, type: 'adjustment', payment_id: null },
      ]);
      const hist = billingHistory.parse((await traderClient.get('/api/billing/history')).json);
      expect(hist.credit_transactions.map((t) => [t.amount, t.description])).toEqual([
        [25, 'Goodwill for a failed upload'],
        [-100, 'Welcome credits of a duplicate account'],
      ]);

      // Credits added to an account that still has its welcome credits are told apart from them.
      const { user: fresh } = await signedInUser(h.server);
      const added = await adjust(adminClient, { email: fresh.email, amount: 25, reason: 'Goodwill for a failed upload' });
      expect(added.json).toMatchObject({ welcome_credits: 100, bought_credits: 25 });
      const taken = await adjust(adminClient, { email: fresh.email, amount: -30, reason: 'A double grant' });
      expect(taken.json).toMatchObject({ welcome_credits: 70, bought_credits: 25 });
      const over = await adjust(adminClient, { email: fresh.email, amount: -96, reason: 'Too many' });
      expect((over.json as { message?: string }).message).toBe(
        'Credits cannot go below 0: this account has 70 welcome and 25 bought credits.',
      );
    });
  });
}
