/**
 * The session recovery toast's state machine (spec §4 "Session recovery toast", §9 constants), kept
 * free of React and the DOM so it can be driven by tests with fake timers.
 */

export const RECOVERY_MAX_ATTEMPTS = 3;
/** Wait before attempt 2 and attempt 3. */
export const RECOVERY_RETRY_DELAYS_MS = [1000, 2000] as const;
export const RECOVERY_PROGRESS_TICK_MS = 200;
export const RECOVERY_PROGRESS_CAP = 90;
export const RECOVERY_SUCCESS_HIDE_MS = 3000;

export type RecoveryPhase = 'idle' | 'recovering' | 'success' | 'failed';

export interface RecoveryState {
  phase: RecoveryPhase;
  /** 0–100; climbs randomly to at most 90 while recovering, 100 on success. */
  progress: number;
  /** Recovery attempts made since the session expired. */
  attempts: number;
}

export const initialRecoveryState: RecoveryState = { phase: 'idle', progress: 0, attempts: 0 };

/** Whether a failed recovery may be retried, or the person has to log in again. */
export function canRetry(state: RecoveryState): boolean {
  return state.phase === 'failed' && state.attempts < RECOVERY_MAX_ATTEMPTS;
}

/** One progress tick: a random step, never past the cap. */
export function nextProgress(progress: number, random: number): number {
  return Math.min(RECOVERY_PROGRESS_CAP, progress + Math.max(1, Math.round(random * 15)));
}

export type RecoveryEventType = 'session_expired' | 'session_restored';

export interface RecoveryDeps {
  refresh(): Promise<boolean>;
  random(): number;
  onChange(state: RecoveryState): void;
  /** Announces the session_recovery browser event. */
  emit(type: RecoveryEventType): void;
}

export interface Recovery {
  readonly state: RecoveryState;
  /** A session_expired event: begins recovery unless one is already showing. */
  start(): void;
  /** 'Try Again' after a failure, while attempts remain. */
  retry(): void;
  dismiss(): void;
}

export function createRecovery(deps: RecoveryDeps): Recovery {
  let state = initialRecoveryState;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Each run gets a token so a dismissed or superseded run cannot write its late result.
  let run = 0;

  const set = (patch: Partial<RecoveryState>) => {
    state = { ...state, ...patch };
    deps.onChange(state);
  };
  const stopTimers = () => {
    if (ticker !== undefined) clearInterval(ticker);
    if (timer !== undefined) clearTimeout(timer);
    ticker = undefined;
    timer = undefined;
  };

  const attempt = () => {
    const mine = ++run;
    const attempts = state.attempts + 1;
    set({ phase: 'recovering', progress: 0, attempts });
    ticker = setInterval(() => set({ progress: nextProgress(state.progress, deps.random()) }), RECOVERY_PROGRESS_TICK_MS);
    const wait = attempts > 1 ? RECOVERY_RETRY_DELAYS_MS[Math.min(attempts - 2, RECOVERY_RETRY_DELAYS_MS.length - 1)] : 0;
    timer = setTimeout(() => {
      timer = undefined;
      deps
        .refresh()
        .catch(() => false)
        .then((ok) => {
          if (mine !== run) return;
          stopTimers();
          if (!ok) {
            set({ phase: 'failed' });
            return;
          }
          set({ phase: 'success', progress: 100 });
          deps.emit('session_restored');
          timer = setTimeout(() => {
            timer = undefined;
            set(initialRecoveryState);
          }, RECOVERY_SUCCESS_HIDE_MS);
        });
    }, wait);
  };

  return {
    get state() {
      return state;
    },
    start() {
      if (state.phase !== 'idle') return;
      deps.emit('session_expired');
      attempt();
    },
    retry() {
      if (!canRetry(state)) return;
      attempt();
    },
    dismiss() {
      run++;
      stopTimers();
      set(initialRecoveryState);
    },
  };
}
