import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The customer's manage link (cancel within the cut-off): the appointment's id and an HMAC of it
 * under the server's signing key. Nothing is stored, so a link can be written into any later mail,
 * and a guessed or altered link is refused.
 */

const mac = (key: Buffer, id: string) => createHmac('sha256', key).update(`booking:${id}`).digest().subarray(0, 16);

export function bookingToken(key: Buffer, appointmentId: string): string {
  return appointmentId.replace(/-/g, '') + mac(key, appointmentId).toString('base64url');
}

/** The appointment id a token names, or null when it is not one this server signed. */
export function appointmentOfToken(key: Buffer, token: string): string | null {
  const hex = token.slice(0, 32);
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const given = Buffer.from(token.slice(32), 'base64url');
  const expected = mac(key, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
