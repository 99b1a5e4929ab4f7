import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The customer's manage link (cancel or move within the cut-off): the appointment's id, an HMAC of
 * it under the server's signing key, and its workspace. Nothing is stored, so a link can be written
 * into any later mail, and a guessed or altered link is refused. The workspace is part of it because
 * an appointment's id is its workspace's own (a device makes it, offline): two workspaces may hold
 * the same id. Links mailed before the workspace was part of them (no workspace after the HMAC)
 * still name their appointment by its id alone.
 */

/** Which appointment a link names: its workspace (null in a link from before) and its id. */
export interface BookingRef {
  ws: number | null;
  id: string;
}

const MAC_LENGTH = 22; // 16 bytes, base64url

const mac = (key: Buffer, ref: BookingRef) =>
  createHmac('sha256', key)
    .update(ref.ws === null ? `booking:${ref.id}` : `booking:${ref.ws}:${ref.id}`)
    .digest()
    .subarray(0, 16);

export function bookingToken(key: Buffer, ws: number, appointmentId: string): string {
  return appointmentId.replace(/-/g, '') + mac(key, { ws, id: appointmentId }).toString('base64url') + ws.toString(36);
}

/** The appointment a token names, or null when it is not one this server signed. */
export function appointmentOfToken(key: Buffer, token: string): BookingRef | null {
  const hex = token.slice(0, 32);
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const wsText = token.slice(32 + MAC_LENGTH);
  if (wsText !== '' && !/^[0-9a-z]{1,7}$/.test(wsText)) return null;
  const ref: BookingRef = { ws: wsText === '' ? null : parseInt(wsText, 36), id };
  const given = Buffer.from(token.slice(32, 32 + MAC_LENGTH), 'base64url');
  const expected = mac(key, ref);
  return given.length === expected.length && timingSafeEqual(given, expected) ? ref : null;
}
