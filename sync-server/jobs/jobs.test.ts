import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { defineJob, startJobQueue, type JobDefinition, type JobQueue } from './job-queue.js';
import { createLogger } from '../logger.js';
import { testDatabases } from '../../tests/support/databases.js';

interface Note {
  n: number;
}
const parseNote = (data: unknown): Note => {
  if (typeof data === 'object' && data !== null && 'n' in data && typeof data.n === 'number') return { n: data.n };
  throw new Error('not a note');
};

for (const target of testDatabases()) {
  describe(`job queue (pg-boss) on ${target.name}`, () => {
    let db: Db;
    let queue: JobQueue;
    const ran: number[] = [];
    const failing = new Map<number, number>();
    const gaveUp: number[] = [];

    const note: JobDefinition<Note> = {
      name: 'test-note',
      attempts: 3,
      retryDelaySeconds: 0,
      parse: parseNote,
      async run(job) {
        const left = failing.get(job.data.n) ?? 0;
        if (left > 0) {
          failing.set(job.data.n, left - 1);
          throw new Error(`note ${job.data.n} failed`);
        }
        ran.push(job.data.n);
      },
      async gaveUp(job) {
        gaveUp.push(job.data.n);
      },
    };

    beforeAll(async () => {
      db = await target.open();
      queue = await startJobQueue(db, createLogger('silent'), [defineJob(note)], { work: false });
    });
    afterAll(async () => {
      await queue.stop();
      await db.close();
    });

    it('runs a queued job once', async () => {
      expect(await queue.send('test-note', { n: 1 })).toEqual(expect.any(String));
      expect(await queue.drain('test-note')).toBe(1);
      expect(ran).toEqual([1]);
      expect(await queue.drain('test-note')).toBe(0);
      expect(ran).toEqual([1]);
    });

    it('a drain runs a job sent the moment before it, however quick (the clock may not have moved on)', async () => {
      for (let n = 100; n < 140; n += 1) {
        await queue.send('test-note', { n });
        expect(await queue.drain('test-note')).toBe(1);
      }
      expect(ran.filter((n) => n >= 100)).toHaveLength(40);
    });

    it('refuses a second job with the same key while the first waits', async () => {
      expect(await queue.send('test-note', { n: 2 }, 'intent-2')).toEqual(expect.any(String));
      expect(await queue.send('test-note', { n: 2 }, 'intent-2')).toBeNull();
      await queue.drain('test-note');
      expect(ran.filter((n) => n === 2)).toEqual([2]);
    });

    it('tries a failing job again until it succeeds', async () => {
      failing.set(3, 2);
      await queue.send('test-note', { n: 3 });
      expect(await queue.drain('test-note')).toBe(3);
      expect(ran.filter((n) => n === 3)).toEqual([3]);
      expect(gaveUp).toEqual([]);
    });

    it('gives up after its last try and says so once', async () => {
      failing.set(4, 10);
      await queue.send('test-note', { n: 4 });
      expect(await queue.drain('test-note')).toBe(3);
      expect(ran).not.toContain(4);
      expect(gaveUp).toEqual([4]);
    });

    it('a drain that cannot take a ready job says so, rather than reporting the queue empty', async () => {
      // One job of a key running elsewhere (a stuck worker): pg-boss cannot start the next of that key.
      const stuck = await queue.send('test-note', { n: 50 }, 'intent-50');
      await db.query(`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = $1`, [stuck]);
      const waiting = await queue.send('test-note', { n: 51 }, 'intent-50');
      await expect(queue.drain('test-note')).rejects.toThrow(new RegExp(`ready but pg-boss will not hand them out.*${waiting}.*${stuck}`));
      expect(ran).not.toContain(51);
      await db.query(`UPDATE pgboss.job SET state = 'completed' WHERE id = $1`, [stuck]);
      expect(await queue.drain('test-note')).toBe(1);
      expect(ran).toContain(51);
    });

    it('a job sent through a process that works its queue runs at once, not at the next poll', async () => {
      let done!: (n: number) => void;
      const finished = new Promise<number>((resolve) => (done = resolve));
      const woken = await startJobQueue(
        db,
        createLogger('silent'),
        [defineJob({ ...note, name: 'test-wake', run: async (job) => done(job.data.n) })],
        // A poll an hour apart: only the wake-up can run the job within the test's time.
        { pollingIntervalSeconds: 3600 },
      );
      try {
        await queue.send('test-note', { n: 0 }); // another queue: wakes nothing
        await woken.send('test-wake', { n: 7 });
        expect(await finished).toBe(7);
      } finally {
        await woken.stop();
      }
    });

    it('keeps its tables in its own schema', async () => {
      const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'pgboss'`);
      expect(rows[0].n).toBeGreaterThan(0);
    });
  });
}
