import type { Queryable, Row } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import type { JobQueue } from './job-queue.js';

/**
 * The SQL every e-mail outbox table shares (DESIGN.md §13). Such a table has its own key columns and
 * these: `status` (queued, sending, sent, failed), `job_id` (NULL until handed to the job queue; ''
 * while one caller is handing it over), `claimed_at`, `error`, `requested_at` and `sent_at`. The job
 * area runs these unscoped; recording a mail stays with each module, in the caller's transaction.
 */
export interface OutboxTable<K> {
  /** Mails due and not yet handed to the job queue, of every workspace, oldest first. */
  unqueued(q: Queryable, limit: number): Promise<K[]>;
  /**
   * Takes a due mail for queueing: one caller only (two wake-ups at once, or two instances woken by
   * one NOTIFY, would otherwise both hand it over). The empty job id marks it taken until `markEnqueued`
   * records the real one, or `release` gives it back when the queue refused it.
   */
  reserve(q: Queryable, key: K): Promise<boolean>;
  markEnqueued(q: Queryable, key: K, jobId: string): Promise<void>;
  release(q: Queryable, key: K): Promise<void>;
  /**
   * Takes a due mail for sending, and returns its row. Only one run ever gets it: a second job, or a
   * retry of a run that got as far as sending, finds it no longer queued, so nobody is mailed twice.
   */
  claim<R = Row>(q: Queryable, key: K, at: Date): Promise<R | undefined>;
  /**
   * Gives claims older than `claimedBefore` whose run never finished back to the queue, and frees the
   * reservations of queueing runs that stopped before recording their job; returns how many claims.
   */
  requeueStale(q: Queryable, claimedBefore: Date): Promise<number>;
  /** Sent; or back to the queue (the job retries), or failed or refused for good, with the reason (a sent mail stays sent). */
  finish(
    q: Queryable,
    key: K,
    outcome: { status: 'sent'; at: Date } | { status: 'queued' | 'failed' | 'refused'; error: string },
  ): Promise<void>;
}

export function outboxTable<K>(
  table: string,
  key: { columns: readonly string[]; values(key: K): unknown[]; of(row: Row): K },
): OutboxTable<K> {
  const n = key.columns.length;
  const where = key.columns.map((c, i) => `${c} = $${i + 1}`).join(' AND ');
  const columns = key.columns.join(', ');
  return {
    async unqueued(q, limit) {
      const rows = await q.query(
        `SELECT ${columns} FROM ${table} WHERE job_id IS NULL AND status = 'queued' ORDER BY requested_at LIMIT $1`,
        [limit],
      );
      return rows.map(key.of);
    },
    async reserve(q, k) {
      const rows = await q.query(
        `UPDATE ${table} SET job_id = '' WHERE ${where} AND job_id IS NULL AND status = 'queued' RETURNING 1`,
        key.values(k),
      );
      return rows.length > 0;
    },
    async markEnqueued(q, k, jobId) {
      await q.query(`UPDATE ${table} SET job_id = $${n + 1} WHERE ${where} AND job_id = ''`, [...key.values(k), jobId]);
    },
    async release(q, k) {
      await q.query(`UPDATE ${table} SET job_id = NULL WHERE ${where} AND job_id = ''`, key.values(k));
    },
    async claim<R>(q: Queryable, k: K, at: Date) {
      const [row] = await q.query<R>(
        `UPDATE ${table} SET status = 'sending', claimed_at = $${n + 1} WHERE ${where} AND status = 'queued' RETURNING *`,
        [...key.values(k), at],
      );
      return row;
    },
    async requeueStale(q, claimedBefore) {
      await q.query(`UPDATE ${table} SET job_id = NULL WHERE job_id = '' AND status = 'queued' AND requested_at < $1`, [claimedBefore]);
      const rows = await q.query(
        `UPDATE ${table} SET status = 'queued', job_id = NULL, claimed_at = NULL, error = 'Sending was interrupted; sending again'
          WHERE status = 'sending' AND coalesce(claimed_at, requested_at) < $1
         RETURNING 1`,
        [claimedBefore],
      );
      return rows.length;
    },
    async finish(q, k, outcome) {
      if (outcome.status === 'sent') {
        await q.query(`UPDATE ${table} SET status = 'sent', error = NULL, sent_at = $${n + 1} WHERE ${where}`, [
          ...key.values(k),
          outcome.at,
        ]);
        return;
      }
      await q.query(`UPDATE ${table} SET status = $${n + 1}, error = $${n + 2} WHERE ${where} AND status <> 'sent'`, [
        ...key.values(k),
        outcome.status,
        outcome.error,
      ]);
    },
  };
}

/**
 * Hands every due mail of `table` not yet queued to the job queue: one job per mail, keyed by
 * `keyText` (the queue refuses a second job of one key), each reserved first so that two callers
 * never both hand one over. Returns how many it queued.
 */
export async function enqueueDue<K extends object>(
  deps: AppDeps,
  queue: JobQueue,
  table: OutboxTable<K>,
  job: { name: string; keyText(key: K): string },
): Promise<number> {
  let queued = 0;
  for (const key of await table.unqueued(deps.db, 500)) {
    if (!(await table.reserve(deps.db, key))) continue;
    const jobId = await queue.send(job.name, key, job.keyText(key)).catch((err: unknown) => {
      void table.release(deps.db, key);
      throw err;
    });
    if (jobId) {
      await table.markEnqueued(deps.db, key, jobId);
      queued += 1;
    } else await table.release(deps.db, key);
  }
  return queued;
}
