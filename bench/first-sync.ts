/**
 * First sync on a new phone (DESIGN.md §11): 10 000 products pulled into the device database, against
 * one raw IndexedDB write of the same documents in the same browser (the floor), unthrottled.
 *   tsx bench/first-sync.ts   (BENCH_BROWSER_DOCS=10000)
 */
import { openPglite } from '../sync-server/db/pglite.js';
import { migrate } from '../sync-server/db/migrate.js';
import { browserInitialPull } from './browser-pull.js';

const DOCS = Number(process.env.BENCH_BROWSER_DOCS ?? 10_000);
const db = await openPglite();
await migrate(db);
const pull = await browserInitialPull(db, DOCS);
console.log(
  `first sync of ${pull.pulled} products into the device database: ${pull.seconds.toFixed(2)} s (raw IndexedDB write of the same ${pull.rawSeconds.toFixed(2)} s, ratio ${(pull.seconds / pull.rawSeconds).toFixed(2)}; budget 2.00 s ${pull.seconds <= 2 ? 'ok' : 'OVER'})`,
);
await db.close();
