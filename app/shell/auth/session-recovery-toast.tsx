import { useEffect, useMemo, useState } from 'react';
import { refreshSession, sessionEvents } from '../../data/api';
import { useAuthStore } from '../../data/auth-store';
import { createRecovery, canRetry, initialRecoveryState, RECOVERY_MAX_ATTEMPTS, type RecoveryState } from '../../data/session-recovery';
import { refetchUser } from '../../data/session';
import { Button } from '../../ui/button';
import * as s from '../../ui/toaster.css';

/**
 * The global session recovery toast (spec §4). A session_expired event while someone is signed in
 * starts recovery; an anonymous visitor's failed refresh is not a lost session and shows nothing.
 */
export function SessionRecoveryToast() {
  const [state, setState] = useState<RecoveryState>(initialRecoveryState);
  const recovery = useMemo(
    () =>
      createRecovery({
        refresh: async () => {
          const ok = await refreshSession();
          if (ok) await refetchUser();
          return ok;
        },
        random: Math.random,
        onChange: setState,
        emit: (type) => window.dispatchEvent(new CustomEvent(sessionEvents.recovery, { detail: { type } })),
      }),
    [],
  );

  useEffect(() => {
    const onExpired = () => {
      if (useAuthStore.getState().status === 'authenticated') recovery.start();
    };
    window.addEventListener(sessionEvents.expired, onExpired);
    return () => {
      window.removeEventListener(sessionEvents.expired, onExpired);
      recovery.dismiss();
    };
  }, [recovery]);

  if (state.phase === 'idle') return null;
  const failed = state.phase === 'failed';
  const exhausted = failed && state.attempts >= RECOVERY_MAX_ATTEMPTS;
  return (
    <div
      className={s.recoveryCard}
      role={failed ? 'alert' : 'status'}
      aria-live={failed ? 'assertive' : 'polite'}
      data-testid="session-recovery"
      data-react-aria-top-layer="true"
    >
      <div>
        <p className={s.title}>
          {state.phase === 'recovering'
            ? 'Restoring your session…'
            : state.phase === 'success'
              ? 'Session restored'
              : 'Session recovery failed'}
        </p>
        {failed ? (
          <p className={s.descriptionText}>
            {exhausted ? 'Multiple recovery attempts failed. Please log in again' : 'Unable to restore your session automatically'}
          </p>
        ) : (
          <div
            className={s.progressTrack}
            role="progressbar"
            aria-label="Session recovery progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.progress}
          >
            <div className={s.progressFill} style={{ width: `${state.progress}%` }} />
          </div>
        )}
        {failed ? (
          <div className={s.actions}>
            {canRetry(state) ? (
              <Button variant="primary" onPress={() => recovery.retry()}>
                Try Again
              </Button>
            ) : (
              <Button variant="primary" onPress={() => window.location.reload()}>
                Log In Again
              </Button>
            )}
          </div>
        ) : null}
      </div>
      <button type="button" className={s.close} aria-label="Dismiss" onClick={() => recovery.dismiss()}>
        ×
      </button>
    </div>
  );
}
