import type { Queryable } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import { defineSweep, type JobArea, type JobQueue, type QueuedJob } from './job-queue.js';

/**
 * How long a claimed mail may stay "sending" before its run is taken for dead. A send that is still
 * alive has long since finished or failed by then (the mailer's own timeouts are shorter).
 */
export const STALE_CLAIM_MINUTES = 15;
/** Every five minutes: a mail whose run died waits at most this much beyond the lease. */
const STALE_SWEEP_CRON = '*/5 * * * *';

/**
 * A table used as an e-mail outbox (DESIGN.md §13). A commit records a due mail and NOTIFYs
 * `channel`; the area hands every recorded mail to pg-boss as one keyed job (`enqueue`); the job
 * claims the row before it sends, so no two runs send one mail. A run that dies between its claim
 * and its finish (the process stopped) would leave the row "sending" forever, the mail never sent:
 * a sweep gives such claims back to the queue (`requeueStale`) and wakes the area, so the mail goes
 * out once more rather than never.
 */
export interface Outbox {
  /** The send job's name; the sweep is `<name>-stale`. */
  name: string;
  channel: string;
  /** The send job. */
  job(deps: AppDeps): QueuedJob;
  /** Queues every due mail not yet in the job queue; returns how many it queued. */
  enqueue(deps: AppDeps, queue: JobQueue): Promise<number>;
  /** Puts every mail claimed before `claimedBefore` and not finished back in the queue; returns how many. */
  requeueStale(q: Queryable, claimedBefore: Date): Promise<number>;
  /** What the log says when queueing fails. */
  what: string;
}

export const staleSweepName = (outbox: Pick<Outbox, 'name'>) => `${outbox.name}-stale`;

/** Gives back claims older than the lease, then wakes every listener of the outbox (on any instance). */
export async function sweepStaleClaims(deps: AppDeps, outbox: Pick<Outbox, 'channel' | 'requeueStale'>): Promise<number> {
  const requeued = await outbox.requeueStale(deps.db, new Date(deps.now().getTime() - STALE_CLAIM_MINUTES * 60_000));
  // Woken even with nothing requeued: a wake lost earlier (a refused key, a dropped listener) is retried too.
  await deps.db.query('SELECT pg_notify($1, $2)', [outbox.channel, 'sweep']);
  return requeued;
}

/** Why a send failed, as kept on the outbox row (the error's message, cut to 500 characters). */
export const failureReason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** The outbox's job area: the send job, the stale-claim sweep, and the listener that queues due mail. */
export function outboxArea(outbox: Outbox): JobArea {
  return {
    definitions: (deps) => [
      outbox.job(deps),
      defineSweep(staleSweepName(outbox), async () => {
        await sweepStaleClaims(deps, outbox);
      }),
    ],
    async start(deps, queue) {
      let running = Promise.resolve();
      const wake = () => {
        running = running.then(
          () => outbox.enqueue(deps, queue).then(() => undefined),
          () => undefined,
        );
        running.catch((err: unknown) => deps.log.warn({ err }, `queueing ${outbox.what} failed`));
      };
      const unlisten = await deps.db.listen(outbox.channel, wake);
      await queue.schedule(staleSweepName(outbox), STALE_SWEEP_CRON);
      wake();
      return async () => {
        await unlisten();
        await running.catch(() => undefined);
      };
    },
  };
}
