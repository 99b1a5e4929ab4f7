import type { Db } from '../../sync-server/db/db.js';

/** The zone the booking suites' workspaces keep their diary in. */
export const BOOKING_ZONE = 'Africa/Johannesburg';

/** A workspace's time zone (the diary's truth) and currency, as its settings would set them. */
export async function setWorkspaceZone(db: Db, ws: number, zone = BOOKING_ZONE): Promise<void> {
  await db.query(
    `INSERT INTO workspace_settings (workspace_id, id, timezone, currency) VALUES ($1, 1, $2, 'ZAR')
     ON CONFLICT (workspace_id, id) DO UPDATE SET timezone = EXCLUDED.timezone, currency = EXCLUDED.currency`,
    [ws, zone],
  );
}

/** An instant at a wall-clock time in that zone (two hours ahead of UTC, all year). */
export const localTime = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`).toISOString();
