import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exchangeRatesDto } from '../../../schema/public/contract.js';
import { fallbackRates } from '../../../schema/kit/currency.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { startFakeRates, type FakeRates } from '../../../tests/support/fake-rates.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import type { Db } from '../../db/db.js';

const HOUR = 60 * 60 * 1000;
const live = { USD: 1, ZAR: 17.5, EUR: 0.92, INR: 84.1, PKR: 278, BDT: 119.5, CAD: 1.37, NGN: 1550, KES: 129, GBP: 0.79 };

for (const target of testDatabases()) {
  describe(`GET /api/exchange-rates (${target.name})`, () => {
    let db: Db;
    let rates: FakeRates;
    let server: TestServer;

    beforeAll(async () => {
      db = await target.open();
      rates = await startFakeRates();
    });
    afterAll(async () => {
      await rates.close();
      await db.close();
    });
    // Each test gets its own server, so its in-memory cache starts empty.
    beforeEach(async () => {
      await server?.close();
      server = await startTestServer(db, { env: { EXCHANGE_RATES_URL: rates.url } });
    });
    afterAll(async () => {
      await server?.close();
    });

    async function get() {
      const res = await fetch(`${server.url}/api/exchange-rates`);
      expect(res.status).toBe(200);
      return exchangeRatesDto.parse(await res.json());
    }

    it('answers the live USD-based rates when the rate service succeeds', async () => {
      rates.answer(200, { result: 'success', base_code: 'USD', rates: live });
      const body = await get();
      expect(body.source).toBe('live');
      expect(body.base).toBe('USD');
      expect(body.fallbacks).toEqual([]);
      expect(body.rates).toEqual({
        USD: 1,
        ZAR: 17.5,
        EUR: 0.92,
        INR: 84.1,
        PKR: 278,
        BDT: 119.5,
        CAD: 1.37,
        NGN: 1550,
        KES: 129,
      });
    });

    it('accepts the { success: true } shape too', async () => {
      rates.answer(200, { success: true, rates: live });
      expect((await get()).source).toBe('live');
    });

    it('falls back to the built-in rates when the rate service fails', async () => {
      rates.answer(503, 'service down');
      const body = await get();
      expect(body.source).toBe('fallback');
      expect(body.rates).toEqual(fallbackRates);
    });

    it('falls back to the built-in rates when the service reports an error', async () => {
      rates.answer(200, { result: 'error', 'error-type': 'invalid-key' });
      const body = await get();
      expect(body.source).toBe('fallback');
      expect(body.rates).toEqual(fallbackRates);
    });

    it('a missing rate for one currency falls back to its built-in rate', async () => {
      const { KES: _kes, BDT: _bdt, ...partial } = live;
      rates.answer(200, { result: 'success', rates: { ...partial, EUR: 'n/a' } });
      const body = await get();
      expect(body.source).toBe('live');
      expect(body.fallbacks.sort()).toEqual(['BDT', 'EUR', 'KES']);
      expect(body.rates.KES).toBe(145);
      expect(body.rates.BDT).toBe(110);
      expect(body.rates.EUR).toBe(0.85);
      expect(body.rates.ZAR).toBe(17.5);
    });

    it('keeps rates for one hour, then fetches again', async () => {
      rates.answer(200, { result: 'success', rates: live });
      const before = rates.hits();
      expect((await get()).rates.ZAR).toBe(17.5);
      expect(rates.hits()).toBe(before + 1);

      rates.answer(200, { result: 'success', rates: { ...live, ZAR: 19 } });
      server.advance(HOUR - 60_000);
      expect((await get()).rates.ZAR).toBe(17.5);
      expect(rates.hits()).toBe(before + 1);

      server.advance(61_000);
      expect((await get()).rates.ZAR).toBe(19);
      expect(rates.hits()).toBe(before + 2);
    });

    it('after a failure serves built-in rates for a while, then asks the service again', async () => {
      rates.answer(500, { error: 'boom' });
      const before = rates.hits();
      expect((await get()).source).toBe('fallback');
      rates.answer(200, { result: 'success', rates: live });
      expect((await get()).source).toBe('fallback');
      expect(rates.hits()).toBe(before + 1);
      server.advance(5 * 60 * 1000 + 1);
      expect((await get()).source).toBe('live');
      expect(rates.hits()).toBe(before + 2);
    });

    it('concurrent requests share one fetch', async () => {
      rates.answer(200, { result: 'success', rates: live });
      const before = rates.hits();
      const all = await Promise.all([get(), get(), get()]);
      expect(all.every((b) => b.rates.ZAR === 17.5)).toBe(true);
      expect(rates.hits()).toBe(before + 1);
    });
  });
}
