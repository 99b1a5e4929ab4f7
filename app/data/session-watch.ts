import { useEffect } from 'react';
import { authContract } from '../../schema/auth/contract';
import { queryEndpoint, refreshSession, sessionEvents } from './api';
import { useAuthStore } from './auth-store';
import { clearUser } from './session';

/** spec §9: the session is checked every 5 minutes; the expiry warning fires 5 minutes before exp. */
export const SESSION_CHECK_INTERVAL_MS = 5 * 60_000;
export const EXPIRY_WARNING_LEAD_MS = 5 * 60_000;
/** Announced on window when the access token is about to expire; detail `{ expiresAt }`. */
export const TOKEN_EXPIRY_WARNING_EVENT = 'token_expiry_warning';

/** How long from `now` until the expiry warning should fire (0 when already inside the window). */
export function expiryWarningDelay(accessExpiresAt: number, now: number): number {
  return Math.max(0, accessExpiresAt - EXPIRY_WARNING_LEAD_MS - now);
}

/** What a session check means for the signed-in person. */
export function sessionCheckOutcome(check: { authenticated: boolean; refreshable: boolean } | null): 'keep' | 'clear' {
  if (check === null) return 'clear';
  return check.refreshable ? 'keep' : 'clear';
}

/**
 * While authenticated: checks every 5 minutes whether the session can still be refreshed (clearing
 * the user if not), and shortly before the access cookie expires refreshes it silently so work is
 * never interrupted. A refresh answered 401 announces session_expired, which the recovery toast handles.
 */
export function useSessionWatch() {
  const authenticated = useAuthStore((s) => s.status === 'authenticated');

  useEffect(() => {
    if (!authenticated) return;
    let cancelled = false;
    let warning: ReturnType<typeof setTimeout> | undefined;

    const scheduleWarning = (accessExpiresAt: number | null) => {
      if (warning !== undefined) clearTimeout(warning);
      warning = undefined;
      if (accessExpiresAt === null) return;
      warning = setTimeout(
        () => {
          window.dispatchEvent(new CustomEvent(TOKEN_EXPIRY_WARNING_EVENT, { detail: { expiresAt: accessExpiresAt } }));
          // A successful refresh announces token_refresh_success, which re-checks and reschedules.
          void refreshSession();
        },
        expiryWarningDelay(accessExpiresAt, Date.now()),
      );
    };

    const check = async () => {
      let result;
      try {
        result = await queryEndpoint(authContract.checkSession, {}, 'returnNull');
      } catch {
        return; // offline or server trouble: keep the person signed in and try again later
      }
      if (cancelled) return;
      if (sessionCheckOutcome(result) === 'clear') {
        clearUser();
        return;
      }
      scheduleWarning(result?.accessExpiresAt ?? null);
    };

    void check();
    const interval = setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    const onRefreshed = () => void check();
    window.addEventListener(sessionEvents.refreshSuccess, onRefreshed);
    return () => {
      cancelled = true;
      clearInterval(interval);
      if (warning !== undefined) clearTimeout(warning);
      window.removeEventListener(sessionEvents.refreshSuccess, onRefreshed);
    };
  }, [authenticated]);
}
