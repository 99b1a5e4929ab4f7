import { expect, vi } from 'vitest';
import type { Db } from '../../sync-server/db/db.js';

/**
 * Hands an outbox's due mails to the job queue and runs every job that is ready, as a worker would.
 * The outbox area's own listener may be queueing the same mails at this moment (each one reserved by
 * whichever caller took it first): wait until every due mail has its job before running them.
 */
export async function sendQueuedMails(
  db: Db,
  outbox: { table: string; enqueue(): Promise<unknown>; drain(): Promise<number> },
): Promise<number> {
  await outbox.enqueue();
  await vi.waitFor(async () => {
    const [{ n }] = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${outbox.table} WHERE status = 'queued' AND (job_id IS NULL OR job_id = '')`,
    );
    expect(Number(n)).toBe(0);
  });
  return outbox.drain();
}
