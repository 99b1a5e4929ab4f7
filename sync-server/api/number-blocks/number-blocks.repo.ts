import type { Queryable } from '../../db/db.js';

/** Moves the series' next free number on by `size`; returns the first number of the range taken. */
export async function takeRange(tx: Queryable, workspaceId: number, series: string, size: number): Promise<number> {
  const rows = await tx.query<{ next_number: number }>(
    `INSERT INTO number_series (workspace_id, series, next_number) VALUES ($1, $2, 1 + $3::bigint)
     ON CONFLICT (workspace_id, series) DO UPDATE SET next_number = number_series.next_number + $3::bigint
     RETURNING next_number`,
    [workspaceId, series, size],
  );
  return Number(rows[0].next_number) - size;
}

export async function recordBlock(
  tx: Queryable,
  block: { workspaceId: number; deviceId: string; series: string; start: number; end: number; userId: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO number_blocks (workspace_id, device_id, series, start_number, end_number, reserved_by)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [block.workspaceId, block.deviceId, block.series, block.start, block.end, block.userId],
  );
}
