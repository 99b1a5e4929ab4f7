import { z } from 'zod';
import PgBoss from 'pg-boss';
import type { Db, Row } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import type { Logger } from '../logger.js';

/** What a job handler is given: the data it was sent with, and how many times it ran before. */
export interface JobRun<T> {
  id: string;
  data: T;
  retryCount: number;
}

export interface JobDefinition<T> {
  name: string;
  /** Tries before the job is left failed (the first run included). */
  attempts: number;
  /** Seconds before a failed run is tried again (doubled each time). */
  retryDelaySeconds: number;
  /** Reads the data a job carries (throws when it does not parse). */
  parse(data: unknown): T;
  run(job: JobRun<T>): Promise<void>;
  /** Runs after the last try failed, with its error (to record why on the record it was for). */
  gaveUp?(job: JobRun<T>, err: unknown): Promise<void>;
}

/** A job definition with its data type erased: what the queue holds, one list for every kind. */
export interface QueuedJob {
  name: string;
  attempts: number;
  retryDelaySeconds: number;
  /** Parses the data (throws when it does not parse) and runs the job. */
  run(data: unknown, meta: { id: string; retryCount: number }): Promise<void>;
  gaveUp(data: unknown, meta: { id: string; retryCount: number }, err: unknown): Promise<void>;
}

/** A job of one kind, ready for the queue's list. */
export function defineJob<T>(def: JobDefinition<T>): QueuedJob {
  return {
    name: def.name,
    attempts: def.attempts,
    retryDelaySeconds: def.retryDelaySeconds,
    run: (data, meta) => def.run({ ...meta, data: def.parse(data) }),
    async gaveUp(data, meta, err) {
      if (def.gaveUp) await def.gaveUp({ ...meta, data: def.parse(data) }, err);
    },
  };
}

/**
 * A sweep run on a schedule (DESIGN.md §13): no payload, one attempt (the next run picks up what
 * this one left), and safe to run twice.
 */
export function defineSweep(name: string, run: () => Promise<void>): QueuedJob {
  return defineJob({
    name,
    attempts: 1,
    retryDelaySeconds: 0,
    parse: (data) => sweepData.parse(data ?? {}),
    run,
  });
}
const sweepData = z.object({}).passthrough();

export interface JobQueue {
  /**
   * Queues a job. With a key, a second job of that name and key is refused while the first is
   * queued or running, so one intent never becomes two jobs. Returns the job id, or null when refused.
   */
  send(name: string, data: object, key?: string): Promise<string | null>;
  /** A job sent at each time the cron expression names (UTC). */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Runs every queued job of `name` now, in this process (tests and `npm run` tools). */
  drain(name: string): Promise<number>;
  stop(): Promise<void>;
}

/** One area's jobs: their definitions, and what it starts beside them (listeners, schedules). */
export interface JobArea {
  definitions(deps: AppDeps): readonly QueuedJob[];
  start?(deps: AppDeps, queue: JobQueue): Promise<() => Promise<void>>;
}

/**
 * The pg-boss adapter over PGlite's one connection. Statements with parameters go through the
 * driver's query; pg-boss's scripts (its schema, its BEGIN … advisory lock … COMMIT blocks) have none
 * and may hold several statements, so they go through the simple protocol.
 */
function pgliteAdapter(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: Row[] }> {
      const rows = values.length > 0 ? await db.query(text, values) : await db.exec(text);
      return { rows };
    },
  };
}

/**
 * The job queue (DESIGN.md §13): pg-boss on the app's own database, in its `pgboss` schema. On
 * PostgreSQL it keeps its own pool; on PGlite it shares the one connection through the adapter.
 * Every definition's queue is created and its worker started; `work: false` starts none (a process
 * that only sends).
 */
export async function startJobQueue(
  db: Db,
  log: Logger,
  definitions: readonly QueuedJob[],
  opts: { work?: boolean; pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const connection: PgBoss.ConstructorOptions =
    db.driver === 'pg' && db.connectionString
      ? { connectionString: db.connectionString, max: 4, application_name: 'vuka-jobs' }
      : { db: pgliteAdapter(db) };
  const boss = new PgBoss({
    ...connection,
    // PGlite has one connection: the monitor's and maintenance's own timers would only queue behind it.
    supervise: db.driver === 'pg',
    // Cron time is kept by a process that runs the jobs: one that only sends (tests) emits none of its own.
    schedule: opts.work !== false,
  });
  boss.on('error', (err: unknown) => log.warn({ err }, 'job queue error'));
  await boss.start();

  const byName = new Map<string, QueuedJob>();
  for (const def of definitions) {
    byName.set(def.name, def);
    await boss.createQueue(def.name, {
      name: def.name,
      retryLimit: def.attempts - 1,
      retryDelay: def.retryDelaySeconds,
      retryBackoff: def.retryDelaySeconds > 0,
      // One queued, one waiting to retry and one running per key at most: a key is one intent.
      policy: 'stately',
    });
  }

  async function runOne(def: QueuedJob, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const meta = { id: job.id, retryCount: job.retryCount };
    try {
      await def.run(job.data, meta);
    } catch (err) {
      if (job.retryCount >= job.retryLimit) {
        log.warn({ err, job: job.id }, `job ${def.name} failed for the last time`);
        await def.gaveUp(job.data, meta, err).catch((e: unknown) => log.warn({ err: e }, `job ${def.name}: recording the failure failed`));
      }
      throw err;
    }
  }

  // This process's worker for each queue: a job sent here wakes it at once instead of waiting for
  // its next poll (a mail is on its way in milliseconds, not up to two seconds later). Jobs sent by
  // other instances, retries and schedules are still found by the poll.
  const workers = new Map<string, string>();
  if (opts.work !== false) {
    for (const def of byName.values()) {
      const workerId = await boss.work<object>(
        def.name,
        { includeMetadata: true, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          for (const job of jobs) await runOne(def, job);
        },
      );
      workers.set(def.name, workerId);
    }
  }

  /** Jobs of `name` waiting to run whose start has come, with what a key's other live jobs are doing. */
  const readyJobs = (name: string) =>
    db.query(
      `SELECT j.id, j.state, j.singleton_key, j.start_after, now() AS now,
              (SELECT json_agg(json_build_object('id', o.id, 'state', o.state)) FROM pgboss.job o
                WHERE o.name = j.name AND o.id <> j.id AND o.state <= 'active' AND coalesce(o.singleton_key, '') = coalesce(j.singleton_key, '')) AS same_key
         FROM pgboss.job j WHERE j.name = $1 AND j.state < 'active' AND j.start_after <= now()`,
      [name],
    );

  return {
    async send(name, data, key) {
      const id = await boss.send(name, data, key ? { singletonKey: key } : {});
      const workerId = workers.get(name);
      if (id && workerId) boss.notifyWorker(workerId);
      return id;
    },
    async schedule(name, cron, data) {
      await boss.schedule(name, cron, data ?? {}, { tz: 'UTC' });
    },
    async drain(name) {
      const def = byName.get(name);
      if (!def) throw new Error(`No job named ${name}`);
      let ran = 0;
      let missed = 0;
      for (;;) {
        const jobs = await boss.fetch<object>(name, { includeMetadata: true, batchSize: 10 });
        if (jobs.length === 0) {
          // pg-boss's fetch answers "none" both when none is ready and when its query failed, and it
          // takes a job only once its start is strictly past (PGlite's clock counts whole
          // milliseconds): ask the table itself before saying the queue is drained.
          const ready = await readyJobs(name);
          if (ready.length === 0) return ran;
          missed += 1;
          if (missed > 20) throw new Error(`Jobs of ${name} are ready but pg-boss will not hand them out: ${JSON.stringify(ready)}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        missed = 0;
        for (const job of jobs) {
          ran += 1;
          try {
            await runOne(def, job);
            await boss.complete(name, job.id);
          } catch (err) {
            await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
          }
        }
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
