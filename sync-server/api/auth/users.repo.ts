import type { Queryable } from '../../db/db.js';
import type { ProfileUpdate } from '../../../schema/accounts/accounts.js';

export type Timestamp = Date | string;

export interface UserRow {
  id: number;
  email: string;
  password: string | null;
  full_name: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  title: string | null;
  bio: string | null;
  phone: string | null;
  avatar_url: string | null;
  verified: boolean;
  credits: number;
  is_admin: boolean;
  plan: string;
  plan_trial_ends_at: Timestamp | null;
  verification_code_hash: string | null;
  verification_expires_at: Timestamp | null;
  verification_sent_at: Timestamp | null;
  facebook_id: string | null;
  twitter_id: string | null;
  created_at: Timestamp;
}

const columns = `id, email, password, full_name, first_name, last_name, username, title, bio, phone, avatar_url,
  verified, credits, is_admin, plan, plan_trial_ends_at, verification_code_hash, verification_expires_at,
  verification_sent_at, facebook_id, twitter_id, created_at`;

export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE lower(email) = lower($1)`, [email]);
  return rows[0] ?? null;
}

export interface NewUser {
  email: string;
  password: string | null;
  fullName: string;
  verified: boolean;
  plan: 'free' | 'pro';
  trialEndsAt: Date | null;
  consentAt: Date | null;
  facebookId?: string;
  twitterId?: string;
  now: Date;
}

/** Inserts a user; null when the e-mail (case-insensitively) is already taken. */
export async function insertUser(db: Queryable, u: NewUser): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users (email, password, full_name, verified, plan, plan_trial_ends_at, age_confirmed_at,
       terms_accepted_at, facebook_id, twitter_id, created_at, updated_at, trial_used_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz, $7::timestamptz, $8, $9, $10::timestamptz, $10::timestamptz,
       CASE WHEN $6::timestamptz IS NULL THEN NULL ELSE $10::timestamptz END)
     ON CONFLICT DO NOTHING
     RETURNING ${columns}`,
    [
      u.email,
      u.password,
      u.fullName,
      u.verified,
      u.plan,
      u.trialEndsAt?.toISOString() ?? null,
      u.consentAt?.toISOString() ?? null,
      u.facebookId ?? null,
      u.twitterId ?? null,
      u.now.toISOString(),
    ],
  );
  return rows[0] ?? null;
}

export async function setVerificationCode(db: Queryable, userId: number, codeHash: string, sentAt: Date, expiresAt: Date): Promise<void> {
  await db.query(
    `UPDATE users SET verification_code_hash = $2, verification_sent_at = $3::timestamptz,
       verification_expires_at = $4::timestamptz WHERE id = $1`,
    [userId, codeHash, sentAt.toISOString(), expiresAt.toISOString()],
  );
}

export async function markVerified(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE users SET verified = true, verification_code_hash = NULL, verification_expires_at = NULL,
       updated_at = $2::timestamptz WHERE id = $1`,
    [userId, now.toISOString()],
  );
}

/** Whether the account is one of the platform's admins (classifieds reports, the magazine's front, credits). */
export async function isAdmin(q: Queryable, userId: number): Promise<boolean> {
  const rows = await q.query<{ is_admin: boolean }>(`SELECT is_admin FROM users WHERE id = $1`, [userId]);
  return rows[0]?.is_admin === true;
}

/** Makes admins of the verified accounts with these e-mail addresses (lower-cased); returns how many changed. */
export async function grantAdminByEmail(db: Queryable, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await db.query<{ id: number }>(
    `UPDATE users SET is_admin = true WHERE verified AND NOT is_admin AND lower(email) = ANY($1::text[]) RETURNING id`,
    [emails],
  );
  return rows.length;
}

export async function setResetToken(db: Queryable, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.query(`UPDATE users SET reset_token_hash = $2, reset_expires_at = $3::timestamptz WHERE id = $1`, [
    userId,
    tokenHash,
    expiresAt.toISOString(),
  ]);
}

/** Sets the new password and spends the reset token in one statement, so a token works once. */
export async function consumeResetToken(db: Queryable, tokenHash: string, passwordHash: string, now: Date): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `UPDATE users SET password = $2, reset_token_hash = NULL, reset_expires_at = NULL, updated_at = $3::timestamptz
     WHERE reset_token_hash = $1 AND reset_expires_at > $3::timestamptz RETURNING id`,
    [tokenHash, passwordHash, now.toISOString()],
  );
  return rows[0]?.id ?? null;
}

export async function setPassword(db: Queryable, userId: number, passwordHash: string | null, now: Date): Promise<void> {
  await db.query(`UPDATE users SET password = $2, updated_at = $3::timestamptz WHERE id = $1`, [userId, passwordHash, now.toISOString()]);
}

const profileColumns = ['full_name', 'username', 'title', 'bio', 'phone', 'avatar_url'] as const;

export async function updateProfile(db: Queryable, userId: number, patch: ProfileUpdate, now: Date): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [userId];
  for (const column of profileColumns) {
    const value = patch[column];
    if (value === undefined) continue;
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  if (sets.length === 0) return;
  values.push(now.toISOString());
  sets.push(`updated_at = $${values.length}::timestamptz`);
  await db.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $1`, values);
}

export async function deleteUser(db: Queryable, userId: number): Promise<void> {
  await db.query(`DELETE FROM users WHERE id = $1`, [userId]);
}

/** Links a provider id to an account; an unproven e-mail becomes proven by the provider or a code. */
export async function linkSocialId(
  db: Queryable,
  userId: number,
  provider: 'facebook' | 'twitter',
  providerUserId: string,
  dropPassword: boolean,
  now: Date,
): Promise<void> {
  const column = provider === 'facebook' ? 'facebook_id' : 'twitter_id';
  await db.query(
    `UPDATE users SET ${column} = $2, verified = true, verification_code_hash = NULL,
       password = CASE WHEN $3 THEN NULL ELSE password END, updated_at = $4::timestamptz WHERE id = $1`,
    [userId, providerUserId, dropPassword, now.toISOString()],
  );
}

export async function findUserBySocialId(db: Queryable, provider: 'facebook' | 'twitter', providerUserId: string): Promise<UserRow | null> {
  const column = provider === 'facebook' ? 'facebook_id' : 'twitter_id';
  const rows = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE ${column} = $1`, [providerUserId]);
  return rows[0] ?? null;
}
