import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/** DESIGN.md §4: argon2id, m=19456 KiB, t=2, p=1. */
const argonOptions = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, argonOptions);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash it still runs one argon2 verification against a dummy,
 * so "no such account" and "wrong password" take the same time.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(stored, password);
  } catch {
    return false;
  }
}

/** An opaque 256-bit token for cookies and links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit code, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes have only a million values, so they are kept as an HMAC under the server key, not a bare hash. */
export function hashCode(key: Buffer, code: string): string {
  return createHmac('sha256', key).update(`code:${code}`).digest('hex');
}

export function codeMatches(key: Buffer, code: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashCode(key, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(sha256(a), 'hex');
  const y = Buffer.from(sha256(b), 'hex');
  return timingSafeEqual(x, y);
}
