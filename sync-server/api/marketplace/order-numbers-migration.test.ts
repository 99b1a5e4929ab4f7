import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { migrate } from '../../db/migrate.js';
import { nextOrderNumber } from './orders.repo.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { openSyncDatabase, seedUser, seedWorkspace } from '../../../tests/support/sync-server.js';

const MIGRATION = '0054_marketplace_order_numbers.sql';

for (const target of testDatabases()) {
  describe(`marketplace order numbers across sellers on ${target.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await openSyncDatabase(target);
    });
    afterAll(async () => {
      await db.close();
    });

    it('orders numbered per seller before the change keep their numbers, repeats become unique, new numbers start above them', async () => {
      // The database as it was before the migration: numbers unique per seller only.
      await db.query(`DROP INDEX marketplace_orders_order_number_key`);
      await db.query(
        `ALTER TABLE marketplace_orders ADD CONSTRAINT marketplace_orders_workspace_id_order_number_key UNIQUE (workspace_id, order_number)`,
      );
      await db.query(`DROP SEQUENCE marketplace_order_numbers`);
      await db.query(`DELETE FROM schema_migrations WHERE name = $1`, [MIGRATION]);

      const buyer = await seedUser(db);
      const sellers = [await seedWorkspace(db, await seedUser(db)), await seedWorkspace(db, await seedUser(db))];
      const checkout = randomUUID();
      await db.query(
        `INSERT INTO marketplace_checkouts (id, user_id, reference, email, amount_cents, shipping_address) VALUES ($1, $2, $3, 'b@example.com', 100, '{}')`,
        [checkout, buyer, `ORD-ref-${checkout}`],
      );
      const order = (ws: number, number: string, at: string) =>
        db.query(
          `INSERT INTO marketplace_orders (workspace_id, id, checkout_id, buyer_name, buyer_email, order_number, subtotal_cents, total_cents,
             shipping_address, billing_address, payment_reference, created_at)
           VALUES ($1, $2, $3, 'B', 'b@example.com', $4, 100, 100, '{}', '{}', 'r', $5)`,
          [ws, randomUUID(), checkout, number, at],
        );
      await order(sellers[0], 'ORD-00001', '2026-01-01T08:00:00Z');
      await order(sellers[1], 'ORD-00001', '2026-01-02T08:00:00Z');
      await order(sellers[1], 'ORD-00007', '2026-01-03T08:00:00Z');

      expect(await migrate(db)).toEqual([MIGRATION]);
      const rows = await db.query<{ workspace_id: number; order_number: string }>(
        `SELECT workspace_id, order_number FROM marketplace_orders ORDER BY created_at`,
      );
      expect(rows.map((r) => r.order_number)).toEqual(['ORD-00001', `ORD-00001-${sellers[1]}`, 'ORD-00007']);
      expect(await db.transaction((tx) => nextOrderNumber(tx))).toBe(8);
      // From now on a repeated number is refused by the database, whichever seller gives it.
      await expect(order(sellers[0], 'ORD-00007', '2026-01-04T08:00:00Z')).rejects.toThrow();
    });
  });
}
