import type { StoredSaleVat } from '../../payments/seller-vat.js';
import type { BookingRef } from './booking-token.js';
import type { Queryable } from '../../db/db.js';
import { type AppointmentRow, appointmentColumns, appointmentFrom } from './appointments.repo.js';
import { type ServiceRow, serviceColumns } from './services.repo.js';

/** What customers see, as owner with the service's workspace named: bookable services and a booking opened by its link. */

export interface PublicServiceRow extends ServiceRow {
  business: string;
  timezone: string | null;
}

const publicFrom = `services s JOIN workspaces w ON w.id = s.workspace_id
  LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1`;

export async function publicServices(
  q: Queryable,
  storefront: string | undefined,
  search: string | undefined,
): Promise<PublicServiceRow[]> {
  return q.query<PublicServiceRow>(
    `SELECT ${serviceColumns}, w.name AS business, ws.timezone FROM ${publicFrom}
      WHERE s.is_public AND s.status = 'active' AND ($1::text IS NULL OR w.slug = $1)
        AND ($2::text IS NULL OR s.title ILIKE '%' || $2 || '%' OR s.category ILIKE '%' || $2 || '%')
        AND EXISTS (SELECT 1 FROM service_staff st JOIN consultants c ON c.workspace_id = st.workspace_id AND c.id = st.consultant_id
                     WHERE st.workspace_id = s.workspace_id AND st.service_id = s.id AND c.active)
      ORDER BY s.featured DESC, s.created_at DESC, s.id LIMIT 200`,
    [storefront ?? null, search ?? null],
  );
}

export async function publicService(q: Queryable, id: string): Promise<PublicServiceRow | undefined> {
  const [row] = await q.query<PublicServiceRow>(
    `SELECT ${serviceColumns}, w.name AS business, ws.timezone FROM ${publicFrom} WHERE s.id = $1 AND s.is_public AND s.status = 'active'`,
    [id],
  );
  return row;
}

export interface TokenAppointment extends AppointmentRow, StoredSaleVat {
  workspace_id: number;
  payment_reference: string | null;
  business: string;
  timezone: string | null;
  availability: unknown;
}

/**
 * The appointment a customer's link names. A link from before links named their workspace finds
 * it by its id alone, and only while that id is one workspace's.
 */
export async function publicAppointment(q: Queryable, ref: BookingRef): Promise<TokenAppointment | undefined> {
  const rows = await q.query<TokenAppointment>(
    `SELECT ${appointmentColumns}, a.workspace_id, a.payment_reference, a.tax_rate_bp, a.tax_cents, a.tax_included, w.name AS business, wset.timezone, s.availability FROM ${appointmentFrom}
       JOIN workspaces w ON w.id = a.workspace_id LEFT JOIN workspace_settings wset ON wset.workspace_id = w.id AND wset.id = 1
      WHERE a.id = $1 AND ($2::int IS NULL OR a.workspace_id = $2) LIMIT 2`,
    [ref.id, ref.ws],
  );
  return rows.length === 1 ? rows[0] : undefined;
}
