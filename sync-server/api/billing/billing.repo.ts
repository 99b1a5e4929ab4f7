import type { Queryable } from '../../db/db.js';
import type { CardAuthorization } from '../../payments/gateway.js';
import type { PurchaseItem } from '../../../schema/billing/billing.js';

/**
 * SQL for billing. These are account rows, not workspace data (see 0007_billing.sql): the server
 * reads them as the owner, and every query names the user it is for. Payments, the credit ledger,
 * saved cards and webhook events here; plans and subscriptions in subscriptions.repo.ts, promo codes in
 * promo.repo.ts.
 */
export * from './subscriptions.repo.js';
export * from './promo.repo.js';
type Time = Date | string;

export interface PaymentRow {
  id: number;
  user_id: number;
  reference: string;
  item: PurchaseItem;
  status: 'pending' | 'success' | 'failed';
  subtotal_cents: number;
  discount_cents: number;
  amount_cents: number;
  currency: string;
  promo_code_id: number | null;
  payment_method_id: number | null;
  provider_message: string | null;
  card_label: string | null;
  paid_at: Time | null;
  created_at: Time;
}

const paymentColumns = `id, user_id, reference, item, status, subtotal_cents, discount_cents, amount_cents, currency,
  promo_code_id, payment_method_id, provider_message, card_label, paid_at, created_at`;

export async function insertPayment(
  q: Queryable,
  p: {
    userId: number;
    reference: string;
    item: PurchaseItem;
    subtotal: number;
    discount: number;
    amount: number;
    promoId: number | null;
    methodId: number | null;
    now: Date;
  },
): Promise<PaymentRow> {
  const rows = await q.query<PaymentRow>(
    `INSERT INTO payments (user_id, reference, item, subtotal_cents, discount_cents, amount_cents, promo_code_id, payment_method_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${paymentColumns}`,
    [p.userId, p.reference, p.item, p.subtotal, p.discount, p.amount, p.promoId, p.methodId, p.now],
  );
  return rows[0];
}

/** A renewal the provider charged on its own: recorded once per reference. Null when already known. */
export async function insertSettledRenewal(
  q: Queryable,
  p: {
    userId: number;
    reference: string;
    item: PurchaseItem;
    amount: number;
    currency: string;
    message: string;
    card: string | null;
    paidAt: Date;
  },
): Promise<PaymentRow | undefined> {
  const rows = await q.query<PaymentRow>(
    `INSERT INTO payments (user_id, reference, item, status, subtotal_cents, amount_cents, currency, provider_message, card_label, paid_at, created_at, updated_at)
     VALUES ($1, $2, $3, 'success', $4, $4, $5, $6, $7, $8, $8, $8)
     ON CONFLICT (reference) DO NOTHING RETURNING ${paymentColumns}`,
    [p.userId, p.reference, p.item, p.amount, p.currency, p.message, p.card, p.paidAt],
  );
  return rows[0];
}

export async function paymentByReference(q: Queryable, reference: string, forUpdate = false): Promise<PaymentRow | undefined> {
  const rows = await q.query<PaymentRow>(`SELECT ${paymentColumns} FROM payments WHERE reference = $1${forUpdate ? ' FOR UPDATE' : ''}`, [
    reference,
  ]);
  return rows[0];
}

export async function finishPayment(
  q: Queryable,
  id: number,
  f: { status: 'success' | 'failed'; message: string; paidAt: Date | null; methodId: number | null; card: string | null; now: Date },
): Promise<void> {
  await q.query(
    `UPDATE payments SET status = $2, provider_message = $3, paid_at = $4, payment_method_id = coalesce($5, payment_method_id),
       card_label = coalesce($6, card_label), updated_at = $7
     WHERE id = $1`,
    [id, f.status, f.message, f.paidAt, f.methodId, f.card, f.now],
  );
}

export async function listPayments(q: Queryable, userId: number): Promise<PaymentRow[]> {
  return q.query<PaymentRow>(`SELECT ${paymentColumns} FROM payments WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100`, [
    userId,
  ]);
}

export interface CreditRow {
  id: number;
  amount: number;
  description: string;
  type: 'purchase' | 'plan_refresh' | 'usage' | 'adjustment';
  created_at: Time;
}

export function listCreditTransactions(q: Queryable, userId: number): Promise<CreditRow[]> {
  return q.query<CreditRow>(
    `SELECT id, amount, description, type, created_at FROM credit_transactions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100`,
    [userId],
  );
}

/** An account's bought credits, its row locked for a change to them; undefined for an unknown address. */
export async function lockCreditsByEmail(
  q: Queryable,
  email: string,
): Promise<{ id: number; email: string; full_name: string; credits: number } | undefined> {
  const rows = await q.query<{ id: number; email: string; full_name: string; credits: number }>(
    'SELECT id, email, full_name, credits FROM users WHERE lower(email) = $1 FOR UPDATE',
    [email],
  );
  return rows[0];
}

/**
 * Adds `amount` credits with its ledger row. A payment's credits are added once: a second call for
 * the same payment finds the ledger row there and changes nothing.
 */
export async function addCredits(
  q: Queryable,
  c: { userId: number; amount: number; description: string; type: CreditRow['type']; paymentId: number | null; now: Date },
): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO credit_transactions (user_id, amount, description, type, payment_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (payment_id) DO NOTHING RETURNING id`,
    [c.userId, c.amount, c.description, c.type, c.paymentId, c.now],
  );
  if (!rows.length) return false;
  await q.query('UPDATE users SET credits = credits + $2 WHERE id = $1', [c.userId, c.amount]);
  return true;
}

export interface MethodRow {
  id: number;
  provider_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  bank: string | null;
  card_type: string | null;
  is_default: boolean;
}

const methodColumns = 'id, provider_id, brand, last4, exp_month, exp_year, bank, card_type, is_default';

export function listMethods(q: Queryable, userId: number): Promise<MethodRow[]> {
  return q.query<MethodRow>(
    `SELECT ${methodColumns} FROM payment_methods WHERE user_id = $1 ORDER BY is_default DESC, created_at DESC, id DESC`,
    [userId],
  );
}

export async function methodOf(q: Queryable, userId: number, id: number): Promise<MethodRow | undefined> {
  const rows = await q.query<MethodRow>(`SELECT ${methodColumns} FROM payment_methods WHERE user_id = $1 AND id = $2`, [userId, id]);
  return rows[0];
}

/** Saves a reusable card (once per card); the account's first card becomes its default. */
export async function saveCard(q: Queryable, userId: number, card: CardAuthorization, now: Date): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO payment_methods (user_id, provider_id, signature, last4, brand, exp_month, exp_year, bank, card_type, is_default, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
             NOT EXISTS (SELECT 1 FROM payment_methods WHERE user_id = $1 AND is_default), $10)
     ON CONFLICT (user_id, signature) DO UPDATE SET provider_id = EXCLUDED.provider_id, exp_month = EXCLUDED.exp_month,
       exp_year = EXCLUDED.exp_year
     RETURNING id`,
    [userId, card.authorizationCode, card.signature, card.last4, card.brand, card.expMonth, card.expYear, card.bank, card.cardType, now],
  );
  return rows[0].id;
}

export async function setDefaultMethod(q: Queryable, userId: number, id: number): Promise<void> {
  await q.query('UPDATE payment_methods SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2', [userId, id]);
  await q.query('UPDATE payment_methods SET is_default = true WHERE user_id = $1 AND id = $2', [userId, id]);
}

/** Removes a card; when it was the default, the newest remaining card takes its place. */
export async function removeMethod(q: Queryable, userId: number, id: number): Promise<void> {
  const gone = await q.query<{ is_default: boolean }>('DELETE FROM payment_methods WHERE user_id = $1 AND id = $2 RETURNING is_default', [
    userId,
    id,
  ]);
  if (gone[0]?.is_default) {
    await q.query(
      `UPDATE payment_methods SET is_default = true WHERE id = (
         SELECT id FROM payment_methods WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1)`,
      [userId],
    );
  }
}

/** Marks a webhook event handled; false when it was handled before. */
export async function firstDelivery(q: Queryable, key: string, event: string, now: Date): Promise<boolean> {
  const rows = await q.query<{ event_key: string }>(
    `INSERT INTO billing_webhook_events (event_key, event, received_at) VALUES ($1, $2, $3)
     ON CONFLICT (event_key) DO NOTHING RETURNING event_key`,
    [key, event, now],
  );
  return rows.length > 0;
}
