import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../sync-server/db/db.js';
import { testDatabases } from '../support/databases.js';
import { Device } from '../support/sync-clients.js';
import { deviceState, prng, randomEdit, randomRecordEdit, serverState } from '../support/sync-random.js';
import {
  openSyncDatabase,
  accessCookie,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  type SyncTestServer,
} from '../support/sync-server.js';

/**
 * Seeds that once failed (with the step count they failed at); each stays as a named test forever.
 * 699090072: a pull raced the device's own push and skipped the server's version of a document.
 * 802888231: the same race for stock movements, after the first fix.
 * 1477816925: a device left a product's stock count behind once, with the machine under heavy load
 *   (it has converged on every replay since).
 * 1717556257: a device kept an older product: its pull skipped the server's copy while a local change
 *   waited to be pushed, and the push, equal in its fields, was taken for a repeat.
 * 1744590849: a device stalled: a pull aborted while its body was being read never ended.
 */
const regressionSeeds: { seed: number; steps: number }[] = [
  { seed: 699090072, steps: 100 },
  { seed: 802888231, steps: 100 },
  { seed: 1477816925, steps: 60 },
  { seed: 1717556257, steps: 60 },
  { seed: 1744590849, steps: 60 },
];
/** Fresh random seeds per run (printed, so a failure can be replayed by adding it above). */
const randomSeeds = process.env.SYNC_FUZZ_SEED
  ? [Number(process.env.SYNC_FUZZ_SEED)]
  : Array.from({ length: Number(process.env.SYNC_FUZZ_RUNS ?? 2) }, () => Math.floor(Math.random() * 2 ** 31));
const STEPS = Number(process.env.SYNC_FUZZ_STEPS ?? 60);
/**
 * What randomEdit and randomRecordEdit touch; three devices with every collection open would pass
 * RxDB's per-process limit (13 collections), four each is twelve.
 */
const fuzzedCollections = ['products', 'stock_movements', 'contacts', 'records'] as const;

for (const target of testDatabases()) {
  describe(`randomised convergence on ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    async function run(seed: number, steps = STEPS) {
      console.log(`sync convergence seed ${seed} on ${target.name}`);
      const rng = prng(seed);
      // Records are edited from a stream of their own, so the seeds above replay their steps as before.
      const recordRng = prng(seed ^ 0x7265_6373);
      const userId = await seedUser(db, { plan: 'pro' });
      const workspace = await seedWorkspace(db, userId);
      const cookie = await accessCookie(server.deps, userId);
      const devices = await Promise.all(
        ['a', 'b', 'c'].map((label) =>
          new Device({ baseUrl: server.url, userId, cookie, workspaces: [workspace], label, collections: fuzzedCollections }).start(),
        ),
      );
      const log: string[] = [];
      try {
        for (let step = 0; step < steps; step++) {
          const i = rng.int(devices.length);
          const d = devices[i];
          const roll = rng.next();
          if (roll < 0.12) {
            const online = !d.engine.isOnline();
            d.setOnline(online);
            log.push(`${i}: ${online ? 'online' : 'offline'}`);
          } else if (roll < 0.17) {
            log.push(`${i}: restart`);
            await bounded(d.restart(), `step ${step}: restart of ${i}`);
          } else {
            log.push(`${i}: ${await bounded(randomEdit(d, workspace, rng), `step ${step}: edit on ${i}`)}`);
          }
          if (recordRng.next() < 0.5) {
            const j = recordRng.int(devices.length);
            log.push(`${j}: ${await bounded(randomRecordEdit(devices[j], workspace, recordRng), `step ${step}: record edit on ${j}`)}`);
          }
          if (rng.next() < 0.3) await new Promise((r) => setTimeout(r, rng.int(40)));
        }
        for (const d of devices) d.setOnline(true);
        await converge(devices, () => serverState(server.url, cookie, workspace));
        const final = await serverState(server.url, cookie, workspace);
        // The records walk did reach the server: pipelines (and stages) were compared above.
        expect(Object.values(final.records).some((r) => r.kind === 'pipeline')).toBe(true);
        // On-hand on the server is the ledger's sum for every product.
        for (const p of Object.values(final.products)) {
          const sum = Object.values(final.stock_movements)
            .filter((m) => m.product_id === p.id)
            .reduce((n, m) => n + Number(m.quantity), 0);
          expect(p.stock_on_hand, `stock of ${String(p.id)}`).toBe(sum);
        }
      } catch (err) {
        console.log(`seed ${seed} failed after:\n${log.join('\n')}`);
        throw err;
      } finally {
        await bounded(Promise.all(devices.map((d) => d.close())), 'closing the devices');
      }
    }

    for (const { seed, steps } of regressionSeeds) {
      it(`converges for regression seed ${seed}`, () => run(seed, steps), 120_000);
    }
    for (const seed of randomSeeds) {
      it(`3 devices with random edits, offline periods and restarts converge (seed ${seed})`, () => run(seed), 120_000);
    }
  });
}

/** Every device ends equal to the server: waits for replication to settle, then compares. */
async function converge(devices: Device[], server: () => Promise<Record<string, Record<string, Record<string, unknown>>>>) {
  const until = Date.now() + 20_000;
  for (;;) {
    await bounded(Promise.all(devices.map((d) => d.engine.awaitInSync())), 'waiting for the devices to be in sync').catch(async (err) => {
      for (const d of devices) {
        const states = await Promise.all(d.engine.states.map((s) => s.inspect()));
        console.log(d.name, d.engine.isOnline() ? 'online' : 'offline', JSON.stringify(states, null, 1));
      }
      const answer = await bounded(server(), 'a pull straight from the server', 5000).then(
        () => 'answers',
        (e: unknown) => String(e),
      );
      console.log(`the server ${answer}`);
      throw err;
    });
    const expected = await server();
    const states = await Promise.all(devices.map((d) => deviceState(d)));
    const pending = devices.some((d) => d.engine.hasUnsyncedChanges());
    const equal = !pending && states.every((s) => JSON.stringify(sorted(s)) === JSON.stringify(sorted(expected)));
    if (equal || Date.now() > until) {
      for (const s of states) expect(sorted(s)).toEqual(sorted(expected));
      for (const d of devices) {
        for (const key of d.engine.pendingKeys()) {
          const [collection, id] = key.split(':');
          console.log('still pending', d.name, key, JSON.stringify(Reflect.get(expected, collection)?.[id] ?? null));
        }
      }
      expect(devices.map((d) => d.engine.hasUnsyncedChanges())).toEqual(devices.map(() => false));
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A stall names what it waited for (rather than running into the test's own timeout unexplained). */
async function bounded<T>(promise: Promise<T>, what: string, ms = 30_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`stalled ${ms / 1000} s: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sorted(Reflect.get(value, k))]),
  );
}
