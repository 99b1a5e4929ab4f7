import { randomUUID } from 'node:crypto';
import type { Db } from '../../sync-server/db/db.js';
import { takeSeq } from '../../sync-server/sync/sync.repo.js';

/** A sales pipeline with one stage in a workspace, written straight into its tables: what a deal must name. */
export async function seedBoard(db: Db, ws: number): Promise<{ pipeline: string; stage: string }> {
  const pipeline = randomUUID();
  const stage = randomUUID();
  const seq = await takeSeq(db, ws, 2);
  await db.query(
    `INSERT INTO pipelines (workspace_id, id, updated_at, name, position, server_seq) VALUES ($1, $2, now(), 'Probe sales', 0, $3)`,
    [ws, pipeline, seq],
  );
  await db.query(
    `INSERT INTO pipeline_stages (workspace_id, id, updated_at, pipeline_id, name, color, position, probability, server_seq)
     VALUES ($1, $2, now(), $3, 'Probe lead', '#4F46E5', 0, 10, $4)`,
    [ws, stage, pipeline, seq + 1],
  );
  return { pipeline, stage };
}

/** A valid deal's fields in a board (without id, workspace and time). */
export function dealFields(board: { pipeline: string; stage: string }): Record<string, unknown> {
  return {
    pipeline_id: board.pipeline,
    stage_id: board.stage,
    title: 'Probe deal',
    value_cents: 150_000,
    currency: 'ZAR',
    status: 'open',
    probability: 10,
    expected_close_date: '2030-02-01',
    position: 'a0',
  };
}
