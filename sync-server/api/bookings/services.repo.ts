import type { Queryable } from '../../db/db.js';
import { ruleOverrides, type RuleOverrides, type ServiceDto } from '../../../schema/bookings/bookings.js';

/** The services a workspace offers, and which staff give each. */

export interface ServiceRow {
  workspace_id: number;
  id: string;
  title: string;
  description: string;
  price_cents: string | number;
  currency: string;
  duration_minutes: number;
  category: string;
  featured: boolean;
  is_public: boolean;
  status: 'active' | 'inactive';
  availability: unknown;
  staff_ids: string[] | null;
  deposit_cents: string | number;
}

export const serviceColumns = `s.workspace_id, s.id, s.title, s.description, s.price_cents, s.currency, s.duration_minutes, s.category, s.featured,
  s.is_public, s.status, s.availability, s.deposit_cents,
  ARRAY(SELECT st.consultant_id FROM service_staff st WHERE st.workspace_id = s.workspace_id AND st.service_id = s.id ORDER BY st.consultant_id) AS staff_ids`;

export function serviceDtoOf(r: ServiceRow): ServiceDto {
  const rules = ruleOverrides.safeParse(r.availability ?? {});
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    price_cents: Number(r.price_cents),
    currency: r.currency,
    duration_minutes: r.duration_minutes,
    category: r.category,
    featured: r.featured,
    is_public: r.is_public,
    status: r.status,
    staff_ids: r.staff_ids ?? [],
    availability: rules.success ? rules.data : {},
    deposit_cents: Number(r.deposit_cents),
  };
}

export async function listServices(q: Queryable, ws: number): Promise<ServiceDto[]> {
  const rows = await q.query<ServiceRow>(`SELECT ${serviceColumns} FROM services s WHERE s.workspace_id = $1 ORDER BY s.title, s.id`, [ws]);
  return rows.map(serviceDtoOf);
}

export async function findService(q: Queryable, ws: number, id: string): Promise<ServiceDto | undefined> {
  const [row] = await q.query<ServiceRow>(`SELECT ${serviceColumns} FROM services s WHERE s.workspace_id = $1 AND s.id = $2`, [ws, id]);
  return row ? serviceDtoOf(row) : undefined;
}

export interface ServiceFields {
  title: string;
  description: string;
  price_cents: number;
  duration_minutes: number;
  category: string;
  featured: boolean;
  is_public: boolean;
  status: 'active' | 'inactive';
  availability: RuleOverrides;
  deposit_cents: number;
}

export async function insertService(q: Queryable, ws: number, id: string, f: ServiceFields, currency: string): Promise<void> {
  await q.query(
    `INSERT INTO services (workspace_id, id, title, description, price_cents, currency, duration_minutes, category, featured, is_public, status,
       availability, deposit_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      ws,
      id,
      f.title,
      f.description,
      f.price_cents,
      currency,
      f.duration_minutes,
      f.category,
      f.featured,
      f.is_public,
      f.status,
      JSON.stringify(f.availability),
      f.deposit_cents,
    ],
  );
}

export async function updateService(q: Queryable, ws: number, id: string, f: ServiceFields, now: Date): Promise<void> {
  await q.query(
    `UPDATE services SET title = $3, description = $4, price_cents = $5, duration_minutes = $6, category = $7, featured = $8, is_public = $9,
            status = $10, availability = $11, updated_at = $12, deposit_cents = $13
      WHERE workspace_id = $1 AND id = $2`,
    [
      ws,
      id,
      f.title,
      f.description,
      f.price_cents,
      f.duration_minutes,
      f.category,
      f.featured,
      f.is_public,
      f.status,
      JSON.stringify(f.availability),
      now,
      f.deposit_cents,
    ],
  );
}

export async function setServiceStaff(q: Queryable, ws: number, serviceId: string, staffIds: readonly string[]): Promise<void> {
  await q.query('DELETE FROM service_staff WHERE workspace_id = $1 AND service_id = $2', [ws, serviceId]);
  await q.query(
    'INSERT INTO service_staff (workspace_id, service_id, consultant_id) SELECT $1, $2, unnest($3::uuid[]) ON CONFLICT DO NOTHING',
    [ws, serviceId, [...staffIds]],
  );
}

export async function existingStaff(q: Queryable, ws: number, ids: readonly string[]): Promise<Set<string>> {
  const rows = await q.query<{ id: string }>('SELECT id FROM consultants WHERE workspace_id = $1 AND id = ANY($2::uuid[])', [ws, [...ids]]);
  return new Set(rows.map((r) => r.id));
}
