import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../tests/support/databases.js';
import { startTestServer, type TestServer } from '../../tests/support/server.js';
import { seedDemo } from './demo.js';

for (const target of testDatabases()) {
  describe(`demo seed on ${target.name}`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(await target.open());
    });
    afterAll(async () => {
      await server.close();
      await server.deps.db.close();
    });

    it('creates one clearly marked demo workspace with products, computed stock and contacts, once', async () => {
      expect(await seedDemo(server.deps)).toBe(true);
      const ws = await server.deps.db.query<{ name: string; id: number }>('SELECT id, name FROM workspaces');
      expect(ws).toHaveLength(1);
      expect(ws[0].name).toContain('demo');
      const stock = await server.deps.db.query<{ name: string; stock_on_hand: number }>(
        'SELECT name, stock_on_hand FROM products WHERE workspace_id = $1 ORDER BY name',
        [ws[0].id],
      );
      expect(stock.map((p) => [p.name, p.stock_on_hand])).toEqual([
        ['Airtime R30', 50],
        ['Cooking oil 2 L', 12],
        ['Maize meal 5 kg', 24],
        ['Vetkoek (each)', 3],
      ]);
      const people = await server.deps.db.query('SELECT 1 FROM contacts WHERE workspace_id = $1', [ws[0].id]);
      expect(people).toHaveLength(2);
      const settings = await server.deps.db.query<{ currency: string }>('SELECT currency FROM workspace_settings WHERE workspace_id = $1', [
        ws[0].id,
      ]);
      expect(settings[0].currency).toBe('ZAR');
      expect(await seedDemo(server.deps)).toBe(false);
    });
  });
}
