import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appointmentOfToken, bookingToken } from './booking-token.js';

const key = randomBytes(32);
const id = '5c7e9a1b-3d5f-4c7e-a9b1-0d2f4a6c8e0b';

describe('a customer’s booking link', () => {
  it('names the workspace with the id, and only this server’s key makes one', () => {
    const token = bookingToken(key, 4711, id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    expect(appointmentOfToken(key, token)).toEqual({ ws: 4711, id });
    // The same id in another workspace has its own link; one cannot be turned into the other.
    const other = bookingToken(key, 12, id);
    expect(appointmentOfToken(key, other)).toEqual({ ws: 12, id });
    expect(appointmentOfToken(key, token.slice(0, -(4711).toString(36).length) + (12).toString(36))).toBeNull();
    expect(appointmentOfToken(randomBytes(32), token)).toBeNull();
    expect(appointmentOfToken(key, `${token}x`)).toBeNull();
  });

  it('a link mailed before links named their workspace still names its appointment', () => {
    const legacy = id.replace(/-/g, '') + createHmac('sha256', key).update(`booking:${id}`).digest().subarray(0, 16).toString('base64url');
    expect(appointmentOfToken(key, legacy)).toEqual({ ws: null, id });
  });
});
