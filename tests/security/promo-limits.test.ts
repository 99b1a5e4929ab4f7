import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../sync-server/db/db.js';
import { sweepBilling } from '../../sync-server/api/billing/billing.sweeper.js';
import { paymentOutcome, PROMO_HOLD_MINUTES, promoMessages } from '../../schema/billing/billing.js';
import { testDatabases } from '../support/databases.js';
import { signedInUser } from '../support/fixtures.js';
import { checkoutAndPay, DECLINED_CARD, startBillingHarness, type BillingHarness } from '../support/billing.js';
import type { CookieClient } from '../support/server.js';

/**
 * Probe: promo limits held at checkout start. A code's use is reserved when a checkout opens, so
 * checkouts opened before the first one settles cannot pass its usage limit or its once-per-account
 * rule; failed, cancelled and run-out checkouts give the use back; a paid use keeps counting.
 */

const RETURN = '/workspace/3/billing/credits';
const started = z.object({ authorization_url: z.string(), reference: z.string() });
const PAST_HOLD = (PROMO_HOLD_MINUTES + 1) * 60_000;
const CONCURRENT = 8;

for (const target of testDatabases()) {
  describe(`promo code limits hold at checkout start on ${target.name}`, () => {
    let db: Db;
    let h: BillingHarness;
    let seq = 0;
    beforeAll(async () => {
      db = await target.open();
      h = await startBillingHarness(db);
    });
    afterAll(async () => {
      await h?.close();
      await db?.close();
    });

    /** A fresh code (percent off), so tests sharing the database never share a code. */
    async function promo(fields: { usage_limit?: number }): Promise<string> {
      seq += 1;
      const code = `PROBE${seq}X${Date.now().toString(36).toUpperCase()}`;
      await db.query('INSERT INTO promo_codes (code, discount_percentage, usage_limit) VALUES ($1, 10, $2)', [
        code,
        fields.usage_limit ?? null,
      ]);
      return code;
    }
    const start = (client: CookieClient, code: string) =>
      client.post('/api/billing/credits/checkout', { pack: 'credits_50', promo_code: code, return_path: RETURN });
    const uses = (code: string) =>
      db.query<{ status: string; user_id: number }>(
        `SELECT u.status, u.user_id FROM promo_code_usage u JOIN promo_codes p ON p.id = u.promo_code_id WHERE p.code = $1 ORDER BY u.id`,
        [code],
      );
    const timesUsed = async (code: string) =>
      (await db.query<{ times_used: number }>('SELECT times_used FROM promo_codes WHERE code = $1', [code]))[0]?.times_used;

    it(`${CONCURRENT} checkouts started at once with a usage-limit-1 code: exactly one gets it`, async () => {
      const code = await promo({ usage_limit: 1 });
      const people = await Promise.all(Array.from({ length: CONCURRENT }, () => signedInUser(h.server)));
      const answers = await Promise.all(people.map((p) => start(p.client, code)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused).toHaveLength(CONCURRENT - 1);
      for (const r of refused) {
        expect(r.status).toBe(400);
        expect(r.json).toMatchObject({ code: 'promo_invalid', message: promoMessages.usedUp });
      }
      expect((await uses(code)).map((u) => u.status)).toEqual(['reserved']);
    });

    it('one account opening a second checkout with a once-per-account code is refused, even all at once', async () => {
      const code = await promo({});
      const { client } = await signedInUser(h.server);
      expect((await start(client, code)).status).toBe(200);
      const again = await start(client, code);
      expect(again.status).toBe(400);
      expect(again.json).toMatchObject({ message: promoMessages.inCheckout, errors: { promo_code: [promoMessages.inCheckout] } });
      // The price check says so too, before any checkout.
      expect((await client.post('/api/billing/promo/check', { code, item: 'credits_50' })).json).toMatchObject({
        message: promoMessages.inCheckout,
      });

      const other = await signedInUser(h.server);
      const burst = await Promise.all(Array.from({ length: CONCURRENT }, () => start(other.client, code)));
      expect(burst.filter((a) => a.status === 200)).toHaveLength(1);
      expect(burst.filter((a) => a.status === 400)).toHaveLength(CONCURRENT - 1);
    });

    it('a declined or cancelled checkout releases its hold: the code can be used again', async () => {
      const code = await promo({ usage_limit: 1 });
      const a = await signedInUser(h.server);
      const b = await signedInUser(h.server);
      const declined = await checkoutAndPay(
        a.client,
        '/api/billing/credits/checkout',
        { pack: 'credits_50', promo_code: code, return_path: RETURN },
        DECLINED_CARD,
      );
      // Held while the card is being tried: nobody else gets the last use.
      expect((await start(b.client, code)).json).toMatchObject({ message: promoMessages.usedUp });
      expect(paymentOutcome.parse((await a.client.post('/api/billing/verify', { reference: declined.reference })).json).status).toBe(
        'failed',
      );
      expect((await uses(code)).map((u) => u.status)).toEqual(['released']);

      // The same account retries, then cancels on the checkout page.
      const retry = await start(a.client, code);
      expect(retry.status).toBe(200);
      const { authorization_url, reference } = started.parse(retry.json);
      expect((await fetch(`${authorization_url}/cancel`, { redirect: 'manual' })).status).toBe(303);
      expect(paymentOutcome.parse((await a.client.post('/api/billing/verify', { reference })).json).status).toBe('failed');

      expect((await start(b.client, code)).status).toBe(200);
      expect(await timesUsed(code)).toBe(0);
    });

    it('a checkout left open past its hold releases the use (sweeper, or the next start) and another use is possible', async () => {
      const code = await promo({ usage_limit: 1 });
      const a = await signedInUser(h.server);
      const b = await signedInUser(h.server);
      expect((await start(a.client, code)).status).toBe(200);
      expect((await start(b.client, code)).json).toMatchObject({ message: promoMessages.usedUp });
      h.server.advance(PAST_HOLD);
      const swept = await sweepBilling(h.server.deps);
      expect(swept.releasedHolds).toBeGreaterThanOrEqual(1);
      expect((await uses(code)).map((u) => u.status)).toEqual(['released']);
      expect((await start(b.client, code)).status).toBe(200);

      // Without a sweep, the account's own run-out hold does not block its retry.
      const once = await promo({});
      const c = await signedInUser(h.server);
      expect((await start(c.client, once)).status).toBe(200);
      expect((await start(c.client, once)).status).toBe(400);
      h.server.advance(PAST_HOLD);
      expect((await start(c.client, once)).status).toBe(200);
      expect((await uses(once)).map((u) => u.status)).toEqual(['released', 'reserved']);
    });

    it('a paid use still counts: against the limit, once per account, and past the hold', async () => {
      const code = await promo({ usage_limit: 1 });
      const a = await signedInUser(h.server);
      const b = await signedInUser(h.server);
      const { reference } = await checkoutAndPay(a.client, '/api/billing/credits/checkout', {
        pack: 'credits_50',
        promo_code: code,
        return_path: RETURN,
      });
      expect(paymentOutcome.parse((await a.client.post('/api/billing/verify', { reference })).json).status).toBe('success');
      await h.sandbox.idle();
      expect(await timesUsed(code)).toBe(1);
      h.server.advance(PAST_HOLD);
      await sweepBilling(h.server.deps);
      expect((await uses(code)).map((u) => u.status)).toEqual(['used']);
      expect((await start(a.client, code)).json).toMatchObject({ message: promoMessages.alreadyUsed });
      expect((await start(b.client, code)).json).toMatchObject({ message: promoMessages.usedUp });
    });

    it('a card paid after its hold ran out is counted when the code still has room, and never twice', async () => {
      const code = await promo({ usage_limit: 1 });
      const a = await signedInUser(h.server);
      const b = await signedInUser(h.server);
      h.webhooks(false);
      try {
        const { reference } = await checkoutAndPay(a.client, '/api/billing/credits/checkout', {
          pack: 'credits_50',
          promo_code: code,
          return_path: RETURN,
        });
        h.server.advance(PAST_HOLD);
        await sweepBilling(h.server.deps);
        expect((await uses(code)).map((u) => u.status)).toEqual(['released']);
        expect(paymentOutcome.parse((await a.client.post('/api/billing/verify', { reference })).json).status).toBe('success');
        expect((await uses(code)).map((u) => u.status)).toEqual(['used']);
        expect(await timesUsed(code)).toBe(1);
        expect((await start(b.client, code)).json).toMatchObject({ message: promoMessages.usedUp });
      } finally {
        h.webhooks(true);
      }
    });
  });
}
