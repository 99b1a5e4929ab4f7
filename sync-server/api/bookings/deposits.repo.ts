import type { Queryable } from '../../db/db.js';
import type { AppointmentStatus } from '../../../schema/bookings/bookings.js';

/** A booking's card deposit: found by its payment reference, paid, or given back. */

export interface DepositHold {
  workspace_id: number;
  id: string;
  status: AppointmentStatus;
  payment_status: 'unpaid' | 'paid' | 'refunded';
  deposit_cents: string | number;
  currency: string;
  customer_email: string;
}

/** The workspace of the booking a deposit reference belongs to (read before its diary is locked). */
export async function workspaceOfReference(q: Queryable, reference: string): Promise<number | undefined> {
  const [row] = await q.query<{ workspace_id: number }>('SELECT workspace_id FROM appointments WHERE payment_reference = $1', [reference]);
  return row ? Number(row.workspace_id) : undefined;
}

/** The booking a deposit reference belongs to, locked for settling (call under its diary's lock). */
export async function holdByReference(q: Queryable, reference: string): Promise<DepositHold | undefined> {
  const [row] = await q.query<DepositHold>(
    `SELECT workspace_id, id, status, payment_status, deposit_cents, currency, customer_email
       FROM appointments WHERE payment_reference = $1 FOR UPDATE`,
    [reference],
  );
  return row;
}

/** A deposit paid: the amount is recorded; a hold still waiting is confirmed. */
export async function setDepositPaid(q: Queryable, ws: number, id: string, paidCents: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE appointments SET payment_status = 'paid', paid_cents = $3, updated_at = $4,
            status = CASE WHEN status = 'pending' THEN 'confirmed' ELSE status END
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, paidCents, now],
  );
}

/** The card reference of an appointment's deposit, if it had one. */
export async function paymentReferenceOf(q: Queryable, ws: number, id: string): Promise<string | null> {
  const [row] = await q.query<{ payment_reference: string | null }>(
    'SELECT payment_reference FROM appointments WHERE workspace_id = $1 AND id = $2',
    [ws, id],
  );
  return row?.payment_reference ?? null;
}

/** A paid deposit given back (the booking lapsed before the payment, or was cancelled in time). */
export async function setDepositRefunded(q: Queryable, ws: number, id: string, now: Date): Promise<void> {
  await q.query(`UPDATE appointments SET payment_status = 'refunded', updated_at = $3 WHERE workspace_id = $1 AND id = $2`, [ws, id, now]);
}
