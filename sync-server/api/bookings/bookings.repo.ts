import type { Queryable } from '../../db/db.js';
import type { AvailabilityRules } from '../../../schema/bookings/booking-slots.js';
import { availabilityRules, defaultRules, ruleOverrides } from '../../../schema/bookings/bookings.js';
import { noCountryDefaults } from '../../../schema/kit/countries.js';

/**
 * The bookings' SQL. The owner's functions run inside the workspace's scope (row-level security);
 * the public ones run as owner with the service's workspace named in every statement, because a
 * customer is not a member of the workspace. Here: the diary's zone and availability rules; staff,
 * services, appointments, deposits and the public reads each have their own repository.
 */

export const iso = (v: Date | string) => new Date(v).toISOString();

export async function workspaceZone(q: Queryable, ws: number): Promise<string> {
  const [row] = await q.query<{ timezone: string | null }>(
    'SELECT s.timezone FROM workspaces w LEFT JOIN workspace_settings s ON s.workspace_id = w.id AND s.id = 1 WHERE w.id = $1',
    [ws],
  );
  return row?.timezone ?? noCountryDefaults.timezone;
}

export async function workspaceRules(q: Queryable, ws: number): Promise<AvailabilityRules> {
  const [row] = await q.query<{ rules: unknown }>('SELECT rules FROM booking_settings WHERE workspace_id = $1', [ws]);
  const stored = ruleOverrides.safeParse(row?.rules ?? {});
  return availabilityRules.parse({ ...defaultRules, ...(stored.success ? stored.data : {}) });
}

export async function putRules(q: Queryable, ws: number, rules: AvailabilityRules, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO booking_settings (workspace_id, rules, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_id) DO UPDATE SET rules = EXCLUDED.rules, updated_at = EXCLUDED.updated_at`,
    [ws, JSON.stringify(rules), now],
  );
}
