import type { Queryable } from '../../db/db.js';

/**
 * SQL for promo codes and their uses (0007_billing.sql, 0010_promo_reservations.sql). A use is a
 * `promo_code_usage` row: 'reserved' while its checkout is open (until `hold_expires_at`), 'used'
 * once paid, 'released' when the checkout failed or its hold ran out. `times_used` counts paid uses.
 */
type Time = Date | string;

export interface PromoRow {
  id: number;
  code: string;
  discount_percentage: number | null;
  discount_amount: number | null;
  expires_at: Time | null;
  usage_limit: number | null;
  times_used: number;
  minimum_amount: number;
  is_active: boolean;
}

/** The code, optionally locked: every checkout start of one code then takes its turn. */
export async function promoByCode(q: Queryable, code: string, forUpdate = false): Promise<PromoRow | undefined> {
  const rows = await q.query<PromoRow>(
    `SELECT id, code, discount_percentage, discount_amount, expires_at, usage_limit, times_used, minimum_amount, is_active
       FROM promo_codes WHERE code = upper($1)${forUpdate ? ' FOR UPDATE' : ''}`,
    [code],
  );
  return rows[0];
}

export async function promoById(q: Queryable, id: number, forUpdate = false): Promise<PromoRow | undefined> {
  const rows = await q.query<PromoRow>(
    `SELECT id, code, discount_percentage, discount_amount, expires_at, usage_limit, times_used, minimum_amount, is_active
       FROM promo_codes WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/** This account's use of the code that still counts: paid, or held by a checkout whose hold has not run out. */
export async function accountUse(q: Queryable, promoId: number, userId: number, now: Date): Promise<'used' | 'reserved' | undefined> {
  const rows = await q.query<{ status: 'used' | 'reserved' }>(
    `SELECT status FROM promo_code_usage
      WHERE promo_code_id = $1 AND user_id = $2 AND (status = 'used' OR (status = 'reserved' AND hold_expires_at > $3))`,
    [promoId, userId, now],
  );
  return rows[0]?.status;
}

/** Uses of the code held by open checkouts (paid ones are in `times_used`). */
export async function openHolds(q: Queryable, promoId: number, now: Date): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM promo_code_usage WHERE promo_code_id = $1 AND status = 'reserved' AND hold_expires_at > $2`,
    [promoId, now],
  );
  return rows[0]?.n ?? 0;
}

/** Releases holds whose time ran out: of one code (before its uses are counted) or of every code (the sweeper). */
export async function releaseExpiredHolds(q: Queryable, now: Date, promoId?: number): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `UPDATE promo_code_usage SET status = 'released', released_at = $1
      WHERE status = 'reserved' AND hold_expires_at <= $1 AND ($2::integer IS NULL OR promo_code_id = $2)
      RETURNING id`,
    [now, promoId ?? null],
  );
  return rows.length;
}

/**
 * Holds one use of the code for a payment being started. False when the account already has a use
 * that counts: the partial unique index refuses it even if two starts race past every check.
 */
export async function reservePromo(
  q: Queryable,
  r: { promoId: number; userId: number; paymentId: number; discount: number; now: Date; holdUntil: Date },
): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO promo_code_usage (promo_code_id, user_id, payment_id, discount_cents, used_at, status, hold_expires_at)
     VALUES ($1, $2, $3, $4, $5, 'reserved', $6)
     ON CONFLICT (promo_code_id, user_id) WHERE status <> 'released' DO NOTHING RETURNING id`,
    [r.promoId, r.userId, r.paymentId, r.discount, r.now, r.holdUntil],
  );
  return rows.length > 0;
}

/** A payment's checkout failed or was cancelled: its held use counts no more. */
export async function releasePromoHold(q: Queryable, paymentId: number, now: Date): Promise<void> {
  await q.query(`UPDATE promo_code_usage SET status = 'released', released_at = $2 WHERE payment_id = $1 AND status = 'reserved'`, [
    paymentId,
    now,
  ]);
}

export interface UsageRow {
  id: number;
  status: 'reserved' | 'used' | 'released';
}

export async function usageOfPayment(q: Queryable, paymentId: number): Promise<UsageRow | undefined> {
  const rows = await q.query<UsageRow>('SELECT id, status FROM promo_code_usage WHERE payment_id = $1', [paymentId]);
  return rows[0];
}

/**
 * Records a paid use of the code: the payment's own row (held, or released and taken back) becomes
 * 'used', or a new 'used' row when it has none, and `times_used` goes up once.
 */
export async function markPromoUsed(
  q: Queryable,
  u: { promoId: number; userId: number; paymentId: number; discount: number; now: Date },
): Promise<void> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO promo_code_usage (promo_code_id, user_id, payment_id, discount_cents, used_at, status)
     VALUES ($1, $2, $3, $4, $5, 'used')
     ON CONFLICT (payment_id) DO UPDATE SET status = 'used', used_at = EXCLUDED.used_at, released_at = NULL
       WHERE promo_code_usage.status <> 'used'
     RETURNING id`,
    [u.promoId, u.userId, u.paymentId, u.discount, u.now],
  );
  if (rows.length) await q.query('UPDATE promo_codes SET times_used = times_used + 1 WHERE id = $1', [u.promoId]);
}
