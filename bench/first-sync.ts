/**
 * First sync on a new phone (DESIGN.md §11): 10 000 products pulled into the device database, against
 * one raw IndexedDB write of the same documents in the same browser (the floor), under each profile.
 *   tsx bench/first-sync.ts   (BENCH_BROWSER_DOCS=10000 BENCH_PROFILES=unthrottled,phone BENCH_CPU_PROFILE=out.cpuprofile)
 */
import { openPglite } from '../sync-server/db/pglite.js';
import { migrate } from '../sync-server/db/migrate.js';
import { budget, profiles } from './browser.js';
import { BrowserBench, firstSyncLine } from './browser-pull.js';

const DOCS = Number(process.env.BENCH_BROWSER_DOCS ?? 10_000);
const db = await openPglite();
await migrate(db);
const site = await BrowserBench.open(db);
try {
  for (const profile of profiles) {
    const pull = await site.initialPull(DOCS, profile);
    console.log(firstSyncLine(profile, pull, profile.name === 'unthrottled' ? `; ${budget(pull.seconds, 2, 's')}` : ''));
  }
} finally {
  await site.close();
  await db.close();
}
