import { describe, expect, it } from 'vitest';
import { expiryWarningDelay, sessionCheckOutcome } from './session-watch';

describe('session watch (spec §4 Auth state, §9)', () => {
  it('the token expiry warning fires 5 minutes before the token expires', () => {
    expect(expiryWarningDelay(15 * 60_000, 0)).toBe(10 * 60_000);
  });

  it('fires at once when already inside the last 5 minutes', () => {
    expect(expiryWarningDelay(60_000, 0)).toBe(0);
  });

  it('a session that can still be refreshed is kept', () => {
    expect(sessionCheckOutcome({ authenticated: true, refreshable: true })).toBe('keep');
    expect(sessionCheckOutcome({ authenticated: false, refreshable: true })).toBe('keep');
  });

  it('a session that cannot be refreshed clears the user', () => {
    expect(sessionCheckOutcome({ authenticated: true, refreshable: false })).toBe('clear');
    expect(sessionCheckOutcome({ authenticated: false, refreshable: false })).toBe('clear');
    expect(sessionCheckOutcome(null)).toBe('clear');
  });
});
