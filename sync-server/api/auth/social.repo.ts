import type { Queryable } from '../../db/db.js';
import type { Provider } from './social-providers.js';
import type { Timestamp } from './users.repo.js';

export async function insertOauthState(
  db: Queryable,
  s: { stateHash: string; provider: Provider; verifier: string; expiresAt: Date },
): Promise<void> {
  await db.query(`INSERT INTO oauth_states (state_hash, provider, code_verifier, expires_at) VALUES ($1, $2, $3, $4::timestamptz)`, [
    s.stateHash,
    s.provider,
    s.verifier,
    s.expiresAt.toISOString(),
  ]);
}

/** Spends a state: it works once, for its provider, before it expires. Returns the PKCE verifier. */
export async function consumeOauthState(db: Queryable, stateHash: string, provider: Provider, now: Date): Promise<string | null> {
  await db.query(`DELETE FROM oauth_states WHERE expires_at <= $1::timestamptz`, [now.toISOString()]);
  const rows = await db.query<{ code_verifier: string }>(
    `DELETE FROM oauth_states WHERE state_hash = $1 AND provider = $2 RETURNING code_verifier`,
    [stateHash, provider],
  );
  return rows[0]?.code_verifier ?? null;
}

export interface PendingRow {
  id_hash: string;
  provider: Provider;
  provider_user_id: string;
  display_name: string | null;
  email: string | null;
  code_hash: string | null;
  code_expires_at: Timestamp | null;
  code_sent_at: Timestamp | null;
}

export async function insertPending(
  db: Queryable,
  p: { idHash: string; provider: Provider; providerUserId: string; name: string | null; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO social_pending (id_hash, provider, provider_user_id, display_name, expires_at)
     VALUES ($1, $2, $3, $4, $5::timestamptz)`,
    [p.idHash, p.provider, p.providerUserId, p.name, p.expiresAt.toISOString()],
  );
}

export async function findPending(db: Queryable, idHash: string, now: Date): Promise<PendingRow | null> {
  const rows = await db.query<PendingRow>(
    `SELECT id_hash, provider, provider_user_id, display_name, email, code_hash, code_expires_at, code_sent_at
     FROM social_pending WHERE id_hash = $1 AND expires_at > $2::timestamptz`,
    [idHash, now.toISOString()],
  );
  return rows[0] ?? null;
}

export async function setPendingCode(
  db: Queryable,
  idHash: string,
  email: string,
  code: { codeHash: string; sentAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `UPDATE social_pending SET email = $2, code_hash = $3, code_sent_at = $4::timestamptz, code_expires_at = $5::timestamptz
     WHERE id_hash = $1`,
    [idHash, email, code.codeHash, code.sentAt.toISOString(), code.expiresAt.toISOString()],
  );
}

export async function deletePending(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.query(`DELETE FROM social_pending WHERE id_hash = $1 OR expires_at <= $2::timestamptz`, [idHash, now.toISOString()]);
}
