import type { Queryable } from '../../db/db.js';
import type { Timestamp } from './users.repo.js';

export interface RefreshRow {
  id: number;
  family_id: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export async function insertRefreshToken(
  db: Queryable,
  t: { tokenHash: string; familyId: string; userId: number; parentId: number | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO refresh_tokens (token_hash, family_id, user_id, parent_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)`,
    [t.tokenHash, t.familyId, t.userId, t.parentId, t.now.toISOString(), t.expiresAt.toISOString()],
  );
}

export async function findRefreshToken(db: Queryable, tokenHash: string): Promise<RefreshRow | null> {
  const rows = await db.query<RefreshRow>(
    `SELECT id, family_id, user_id, expires_at, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/**
 * The token with this hash, locked until the transaction ends: two refreshes presenting the same
 * token take turns, so the second sees what the first did to it.
 */
export async function lockRefreshToken(tx: Queryable, tokenHash: string): Promise<RefreshRow | null> {
  const rows = await tx.query<RefreshRow>(
    `SELECT id, family_id, user_id, expires_at, used_at, revoked_at FROM refresh_tokens
     WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function markRefreshUsed(tx: Queryable, id: number, now: Date): Promise<void> {
  await tx.query(`UPDATE refresh_tokens SET used_at = $2::timestamptz WHERE id = $1`, [id, now.toISOString()]);
}

/** Whether a token issued in exchange for this one has itself been exchanged already. */
export async function successorUsed(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM refresh_tokens WHERE parent_id = $1 AND used_at IS NOT NULL LIMIT 1`, [id]);
  return rows.length > 0;
}

export async function revokeFamily(db: Queryable, familyId: string, now: Date): Promise<void> {
  await db.query(`UPDATE refresh_tokens SET revoked_at = $2::timestamptz WHERE family_id = $1 AND revoked_at IS NULL`, [
    familyId,
    now.toISOString(),
  ]);
}

/** Ends every sign-in of a user, optionally keeping one (the session that asked). */
export async function revokeUserFamilies(db: Queryable, userId: number, now: Date, keepFamily?: string): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = $2::timestamptz
     WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR family_id <> $3::uuid)`,
    [userId, now.toISOString(), keepFamily ?? null],
  );
}

/** A family is live while it has a token that was never revoked. */
/** Family ids are uuids; anything else can't name a session (and must not reach a uuid cast). */
export function isFamilyId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export async function familyIsLive(db: Queryable, familyId: string): Promise<boolean> {
  if (!isFamilyId(familyId)) return false;
  const rows = await db.query(`SELECT 1 FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NULL LIMIT 1`, [familyId]);
  return rows.length > 0;
}

/** Expired tokens can neither refresh nor be replayed usefully; drop a user's on each new sign-in. */
export async function pruneExpired(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.query(`DELETE FROM refresh_tokens WHERE user_id = $1 AND expires_at <= $2::timestamptz`, [userId, now.toISOString()]);
}
