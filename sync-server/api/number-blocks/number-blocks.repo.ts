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
  block: { workspaceId: number; deviceId: string; series: string; start: number; end: number; userId: number | null; requestId?: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO number_blocks (workspace_id, device_id, series, start_number, end_number, reserved_by, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [block.workspaceId, block.deviceId, block.series, block.start, block.end, block.userId, block.requestId ?? null],
  );
}

/** The block a device already reserved under this request name, if any. */
export async function findRequestedBlock(
  tx: Queryable,
  key: { workspaceId: number; deviceId: string; requestId: string },
): Promise<{ series: string; start: number; end: number } | undefined> {
  const rows = await tx.query<{ series: string; start_number: string | number; end_number: string | number }>(
    `SELECT series, start_number, end_number FROM number_blocks
     WHERE workspace_id = $1 AND device_id = $2 AND request_id = $3`,
    [key.workspaceId, key.deviceId, key.requestId],
  );
  const row = rows[0];
  return row && { series: row.series, start: Number(row.start_number), end: Number(row.end_number) };
}

/**
 * Takes the series' row lock (creating the row at 1 if the series is new), so that what follows in
 * the transaction runs one reservation at a time per series.
 */
export async function lockSeries(tx: Queryable, workspaceId: number, series: string): Promise<void> {
  await tx.query(
    `INSERT INTO number_series (workspace_id, series, next_number) VALUES ($1, $2, 1)
     ON CONFLICT (workspace_id, series) DO UPDATE SET next_number = number_series.next_number`,
    [workspaceId, series],
  );
}

interface SeriesRow {
  series: string;
  next_number: string | number;
  issued: string | number;
}

interface BlockRow {
  id: number;
  series: string;
  device_id: string;
  start_number: string | number;
  end_number: string | number;
  created_at: Date;
  current: boolean;
}

interface UnusedRow {
  block_id: number;
  start: string | number;
  end: string | number;
}

// The numbers documents on the server carry, per series. Invoice and quote numbers are formatted
// (INV-000012); the digits at the end are the number.
const USED_NUMBERS = `
  SELECT 'receipt'::text AS series, receipt_number AS n FROM pos_orders WHERE workspace_id = $1 AND receipt_number IS NOT NULL
  UNION ALL
  SELECT 'invoice', substring(invoice_number FROM '([0-9]+)$')::bigint FROM invoices WHERE workspace_id = $1 AND invoice_number ~ '[0-9]+$'
  UNION ALL
  SELECT 'quote', substring(quote_number FROM '([0-9]+)$')::bigint FROM quotes WHERE workspace_id = $1 AND quote_number ~ '[0-9]+$'
  UNION ALL
  SELECT 'credit_note', substring(credit_note_number FROM '([0-9]+)$')::bigint FROM invoices WHERE workspace_id = $1 AND credit_note_number ~ '[0-9]+$'`;

/** Each series' next number and how many documents carry one of its numbers. */
export async function seriesTotals(tx: Queryable, workspaceId: number): Promise<SeriesRow[]> {
  return tx.query<SeriesRow>(
    `WITH used AS (${USED_NUMBERS})
     SELECT s.series, s.next_number, (SELECT count(DISTINCT u.n) FROM used u WHERE u.series = s.series) AS issued
     FROM number_series s WHERE s.workspace_id = $1 ORDER BY s.series`,
    [workspaceId],
  );
}

/** Every reserved block, with whether it is its device's newest of the series. */
export async function reservedBlocks(tx: Queryable, workspaceId: number): Promise<BlockRow[]> {
  return tx.query<BlockRow>(
    `SELECT id, series, device_id, start_number, end_number, created_at,
            start_number = max(start_number) OVER (PARTITION BY series, device_id) AS current
     FROM number_blocks WHERE workspace_id = $1 ORDER BY series, start_number`,
    [workspaceId],
  );
}

/** The runs of numbers inside each block that no document on the server carries (gaps and islands). */
export async function unusedRuns(tx: Queryable, workspaceId: number): Promise<UnusedRow[]> {
  return tx.query<UnusedRow>(
    `WITH used AS (${USED_NUMBERS}),
     free AS (
       SELECT b.id AS block_id, g.n
       FROM number_blocks b
       CROSS JOIN LATERAL generate_series(b.start_number, b.end_number) AS g(n)
       WHERE b.workspace_id = $1
         AND NOT EXISTS (SELECT 1 FROM used u WHERE u.series = b.series AND u.n = g.n)
     )
     SELECT block_id, min(n) AS start, max(n) AS "end"
     FROM (SELECT block_id, n, n - row_number() OVER (PARTITION BY block_id ORDER BY n) AS run FROM free) t
     GROUP BY block_id, run ORDER BY block_id, start`,
    [workspaceId],
  );
}

/** Moves a series' next number forward (never back); false when it would go back. */
export async function moveSeriesStart(tx: Queryable, workspaceId: number, series: string, next: number): Promise<boolean> {
  await lockSeries(tx, workspaceId, series);
  const rows = await tx.query<{ id: number }>(
    `UPDATE number_series SET next_number = $3 WHERE workspace_id = $1 AND series = $2 AND next_number <= $3 RETURNING 1 AS id`,
    [workspaceId, series, next],
  );
  return rows.length > 0;
}
