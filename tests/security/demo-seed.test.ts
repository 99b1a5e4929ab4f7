import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../sync-server/config.js';
import type { Db } from '../../sync-server/db/db.js';
import { DEMO_REFUSED_IN_PRODUCTION, demoAccount, demoSeedPlan, seedDemo } from '../../sync-server/seed/demo.js';
import { testDatabases } from '../support/databases.js';
import { CookieClient, startTestServer, type TestServer } from '../support/server.js';

describe('whether a start seeds the demo account (demoSeedPlan)', () => {
  it('outside production: by default with the embedded database only, and as SEED_DEMO says', () => {
    expect(demoSeedPlan(loadConfig({}))).toEqual({ seed: true });
    expect(demoSeedPlan(loadConfig({ DATABASE_URL: 'postgres://db/vuka' }))).toEqual({ seed: false });
    expect(demoSeedPlan(loadConfig({ SEED_DEMO: '0' }))).toEqual({ seed: false });
    expect(demoSeedPlan(loadConfig({ DATABASE_URL: 'postgres://db/vuka', SEED_DEMO: '1' }))).toEqual({ seed: true });
  });

  it('never in production, even with the embedded database', () => {
    expect(demoSeedPlan(loadConfig({ NODE_ENV: 'production' }))).toEqual({ seed: false });
  });

  it('never in production even with SEED_DEMO=1, and says why in a warning', () => {
    expect(demoSeedPlan(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }))).toEqual({
      seed: false,
      warning: DEMO_REFUSED_IN_PRODUCTION,
    });
  });
});

for (const target of testDatabases()) {
  describe(`demo seed in production on ${target.name}`, () => {
    let db: Db;
    let prod: TestServer;

    beforeAll(async () => {
      db = await target.open();
      prod = await startTestServer(db, { env: { NODE_ENV: 'production', APP_ORIGIN: 'https://app.example', SEED_DEMO: '1' } });
    });
    afterAll(async () => {
      await prod.close();
      await db.close();
    });

    it('seedDemo creates no account in production, so the published password signs nobody in', async () => {
      expect(await seedDemo(prod.deps)).toBe(false);
      expect(await db.query('SELECT 1 FROM users')).toHaveLength(0);
      expect(await db.query('SELECT 1 FROM workspaces')).toHaveLength(0);
      const res = await new CookieClient(prod.url).post('/api/auth/login', demoAccount);
      expect(res.status).toBe(401);
    });
  });
}
